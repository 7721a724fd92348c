import { data, useNavigation } from "react-router";
import { Form, Link, metaIntl, useT } from "../i18n/index.ts";
import { ALERT_MESSAGES, findStopTarget, stopAlerts, stopTokenSchema } from "../../core/alerts/index.ts";
import { primaryButton } from "../components/account/page-shell.tsx";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { readForm } from "../lib/form.server.ts";
import { localizeText } from "../lib/i18n.server.ts";
import type { Route } from "./+types/alerts-stop";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "shop.alertsStop.pageTitle" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The "Notify me" mail's stop link (ADR 0032). GET shows a button and changes nothing (link scanners open
 * links); POST stops every alert the address is waiting for: the button's, and a mail provider's RFC 8058
 * one-click post, which server/alerts.ts answers before the same-origin guard. No session is needed: the
 * random token names the sign-up.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = stopTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? "");
  const target = token.success ? await findStopTarget(context.db, token.data) : null;
  return data({ token: target && token.success ? token.data : null, productName: target?.productName ?? null }, { status: target ? 200 : 400, headers: noStore });
}

type StopResult = { ok: true } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  const token = stopTokenSchema.safeParse(new URL(request.url).searchParams.get("token") ?? fields.token ?? "");
  if (!token.success) return data<StopResult>({ ok: false, error: localizeText(request, ALERT_MESSAGES.badStopLink) }, { status: 400, headers: noStore });
  try {
    await stopAlerts(context, token.data);
    context.log.info({ oneClick: fields["List-Unsubscribe"] === "One-Click" }, "restock alerts stopped");
    return data<StopResult>({ ok: true }, { headers: noStore });
  } catch (error) {
    const refused = expectDomainError(error);
    return data<StopResult>({ ok: false, error: localizeText(request, refused) }, { status: refused.status, headers: noStore });
  }
}

export default function AlertsStop({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as StopResult | undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-display text-h1">{result?.ok ? t("shop.alertsStop.done") : t("shop.alertsStop.heading")}</h1>
      <div aria-live="polite">
        {result?.ok ? (
          <p role="status" className="mt-4">
            {t("shop.alertsStop.doneText")}
          </p>
        ) : result && !result.ok ? (
          <p role="alert" className="mt-4">
            {result.error}
          </p>
        ) : loaderData.token ? (
          <Form method="post" className="mt-6 space-y-4">
            <p>{t("shop.alertsStop.question", { name: loaderData.productName ?? "" })}</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? t("shop.alertsStop.busy") : t("shop.alertsStop.button")}
            </button>
          </Form>
        ) : (
          <p role="alert" className="mt-4">
            {t("shop.domain.notify.badStopLink")}
          </p>
        )}
      </div>
      <p className="mt-8">
        <Link to="/shop" className="underline">
          {t("shop.alertsStop.backToShop")}
        </Link>
      </p>
    </div>
  );
}
