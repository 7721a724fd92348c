import { data, useNavigation } from "react-router";
import { FormattedMessage } from "react-intl";
import { Form, Link, metaIntl, useT, type MessageId } from "../i18n/index.ts";
import { localizeText } from "../lib/i18n.server.ts";
import { findUnsubscribeTarget, unsubscribeTokenSchema, unsubscribeWithToken } from "../../core/newsletter/index.ts";
import { primaryButton } from "../components/account/page-shell.tsx";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { NEWSLETTER_MESSAGES } from "../../core/newsletter/rules.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "newsletter.unsubscribe.pageTitle" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

const noStore = { "Cache-Control": "private, no-store" };

/**
 * Every newsletter's List-Unsubscribe address and body link. GET shows a button and changes nothing (link
 * scanners open links); POST unsubscribes: the mail provider's one-click post (RFC 8058, body
 * "List-Unsubscribe=One-Click", from its own servers: server/request-guard.ts lets this one address take
 * cross-site posts) and the button's. No session is needed: the signed token names the subscriber.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = unsubscribeTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? "");
  const target = token.success ? await findUnsubscribeTarget(context.db, context.signingSecret, token.data) : null;
  return data(
    { token: target && token.success ? token.data : null, email: target?.email ?? null, unsubscribed: target?.status === "unsubscribed" },
    { status: target ? 200 : 400, headers: noStore },
  );
}

type UnsubscribeResult = { ok: true; email: string } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  // The one-click post carries the token in the address only; the page's button also sends it as a field.
  const token = unsubscribeTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? fields.token ?? "");
  if (!token.success) {
    return data<UnsubscribeResult>({ ok: false, error: localizeText(request, NEWSLETTER_MESSAGES.badUnsubscribeLink) }, { status: 400, headers: noStore });
  }
  try {
    const { email } = await unsubscribeWithToken({ db: context.db, secret: context.signingSecret }, token.data);
    context.log.info({ oneClick: fields["List-Unsubscribe"] === "One-Click" }, "newsletter unsubscribe");
    return data<UnsubscribeResult>({ ok: true, email }, { headers: noStore });
  } catch (error) {
    const refused = expectDomainError(error);
    return data<UnsubscribeResult>({ ok: false, error: localizeText(request, refused) }, { status: refused.status, headers: noStore });
  }
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as UnsubscribeResult | undefined;
  const done = result?.ok || (!result && loaderData.unsubscribed);
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-h1">{done ? t("newsletter.unsubscribe.done") : t("newsletter.unsubscribe.heading")}</h1>
      {done ? (
        <p role="status" className="mt-4">
          {t("newsletter.message.unsubscribed")}
        </p>
      ) : result && !result.ok ? (
        <p role="alert" className="mt-4">
          {result.error}
        </p>
      ) : loaderData.token ? (
        <Form method="post" className="mt-6 space-y-4">
          <p>
            <FormattedMessage
              id={"newsletter.unsubscribe.question" satisfies MessageId}
              values={{ email: <strong className="break-all">{loaderData.email}</strong> }}
            />
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" disabled={busy} className={primaryButton}>
            {busy ? t("newsletter.unsubscribe.busy") : t("newsletter.unsubscribe.button")}
          </button>
        </Form>
      ) : (
        <p role="alert" className="mt-4">
          {t("newsletter.message.badUnsubscribeLink")}
        </p>
      )}
      <p className="mt-8 flex flex-wrap justify-center gap-4">
        {done ? (
          <Link to="/newsletter" className="underline">
            {t("newsletter.unsubscribe.again")}
          </Link>
        ) : null}
        <Link to="/shop" className="underline">
          {t("newsletter.backToShop")}
        </Link>
      </p>
    </div>
  );
}
