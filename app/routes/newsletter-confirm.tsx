import { data, useNavigation } from "react-router";
import { FormattedMessage } from "react-intl";
import { Form, Link, metaIntl, useT, type MessageId } from "../i18n/index.ts";
import { localizeText } from "../lib/i18n.server.ts";
import { confirmSubscription, confirmTokenSchema, findConfirmation } from "../../core/newsletter/index.ts";
import { primaryButton } from "../components/account/page-shell.tsx";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { NEWSLETTER_MESSAGES } from "../../core/newsletter/rules.ts";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "newsletter.confirm.pageTitle" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The confirmation mail's link lands here. Opening it only shows the button: mail scanners open links
 * too, and only a person pressing Confirm may subscribe an address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = confirmTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? "");
  const found = token.success ? await findConfirmation(context.db, token.data) : null;
  return data({ token: found && token.success ? token.data : null, email: found?.email ?? null }, { status: found ? 200 : 410, headers: noStore });
}

type ConfirmResult = { ok: true; email: string } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const token = confirmTokenSchema.safeParse(fields.token ?? "");
  if (!token.success) return data<ConfirmResult>({ ok: false, error: localizeText(request, NEWSLETTER_MESSAGES.badConfirmLink) }, { status: 410, headers: noStore });
  try {
    const { email } = await confirmSubscription({ db: context.db }, token.data);
    return data<ConfirmResult>({ ok: true, email }, { headers: noStore });
  } catch (error) {
    const refused = expectDomainError(error);
    return data<ConfirmResult>({ ok: false, error: localizeText(request, refused) }, { status: refused.status, headers: noStore });
  }
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as ConfirmResult | undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-h1">{result?.ok ? t("newsletter.confirm.done") : t("newsletter.confirm.heading")}</h1>
      {result?.ok ? (
        <p role="status" className="mt-4">
          {t("newsletter.message.confirmed")}
        </p>
      ) : result && !result.ok ? (
        <p role="alert" className="mt-4">
          {result.error}
        </p>
      ) : loaderData.token ? (
        <Form method="post" className="mt-6 space-y-4">
          <p>
            <FormattedMessage
              id={"newsletter.confirm.question" satisfies MessageId}
              values={{ email: <strong className="break-all">{loaderData.email}</strong> }}
            />
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? t("newsletter.confirm.busy") : t("newsletter.confirm.button")}
          </button>
        </Form>
      ) : (
        <p role="alert" className="mt-4">
          {t("newsletter.message.badConfirmLink")}
        </p>
      )}
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        {result?.ok ? null : (
          <Link to="/newsletter" className="underline">
            {t("newsletter.confirm.again")}
          </Link>
        )}
        <Link to="/shop" className="underline">
          {t("newsletter.backToShop")}
        </Link>
      </p>
    </div>
  );
}
