import { Link, metaIntl, useT } from "../i18n/index.ts";
import { alertsField, stopTokenSchema } from "../../core/alerts/index.ts";
import { TokenActionPage } from "../components/layout/token-action-page.tsx";
import { tokenPageAction, tokenPageLoader, type TokenResult } from "../lib/token-page.server.ts";
import type { Route } from "./+types/alerts-stop";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "shop.alertsStop.pageTitle" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

/**
 * The "Notify me" mail's stop link (ADR 0032). GET shows a button and changes nothing (link scanners open
 * links); POST stops every alert the address is waiting for: the button's, and a mail provider's RFC 8058
 * one-click post, which server/alerts.ts answers before the same-origin guard. No session is needed: the
 * random token names the sign-up.
 */
export const loader = tokenPageLoader({
  token: stopTokenSchema,
  find: (context, token) => context.useCases.alerts.findStopTarget(token),
  shown: (target) => ({ productName: target?.productName ?? null }),
  refusedStatus: 400,
});

export const action = tokenPageAction({
  token: stopTokenSchema,
  tokenInAddress: true,
  badLink: { status: 400, message: alertsField("shop.domain.notify.badStopLink") },
  act: async (context, token) => {
    await context.useCases.alerts.stopAlerts(token);
    return {};
  },
  logged: "restock alerts stopped",
});

export default function AlertsStop({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <TokenActionPage
      token={loaderData.token}
      result={actionData as TokenResult | undefined}
      live
      texts={{
        heading: t("shop.alertsStop.heading"),
        doneHeading: t("shop.alertsStop.done"),
        doneText: t("shop.alertsStop.doneText"),
        button: t("shop.alertsStop.button"),
        busy: t("shop.alertsStop.busy"),
        badLink: t("shop.domain.notify.badStopLink"),
      }}
      question={t("shop.alertsStop.question", { name: loaderData.productName ?? "" })}
      footer={() => (
        <p className="mt-8">
          <Link to="/shop" className="underline">
            {t("shop.alertsStop.backToShop")}
          </Link>
        </p>
      )}
    />
  );
}
