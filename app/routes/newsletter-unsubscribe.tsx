import { FormattedMessage } from "react-intl";
import { Link, metaIntl, useT, type MessageId } from "../i18n/index.ts";
import { unsubscribeTokenSchema } from "../../core/newsletter/index.ts";
import { TokenActionPage } from "../components/layout/token-action-page.tsx";
import { tokenPageAction, tokenPageLoader, type TokenResult } from "../lib/token-page.server.ts";
import { newsletterField } from "../../core/newsletter/rules.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "newsletter.unsubscribe.pageTitle" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

/**
 * Every newsletter's List-Unsubscribe address and body link. GET shows a button and changes nothing (link
 * scanners open links); POST unsubscribes: the mail provider's one-click post (RFC 8058, body
 * "List-Unsubscribe=One-Click", from its own servers: server/request-guard.ts lets this one address take
 * cross-site posts) and the button's. No session is needed: the signed token names the subscriber.
 */
export const loader = tokenPageLoader({
  token: unsubscribeTokenSchema,
  find: (context, token) => context.useCases.newsletter.findUnsubscribeTarget(context.signingSecret, token),
  shown: (target) => ({ email: target?.email ?? null, unsubscribed: target?.status === "unsubscribed" }),
  refusedStatus: 400,
});

export const action = tokenPageAction({
  token: unsubscribeTokenSchema,
  tokenInAddress: true,
  badLink: { status: 400, message: newsletterField("newsletter.message.badUnsubscribeLink") },
  act: async (context, token) => ({ email: (await context.useCases.newsletter.unsubscribeWithToken(token)).email }),
  logged: "newsletter unsubscribe",
});

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <TokenActionPage
      token={loaderData.token}
      result={actionData as TokenResult | undefined}
      alreadyDone={loaderData.unsubscribed}
      texts={{
        heading: t("newsletter.unsubscribe.heading"),
        doneHeading: t("newsletter.unsubscribe.done"),
        doneText: t("newsletter.message.unsubscribed"),
        button: t("newsletter.unsubscribe.button"),
        busy: t("newsletter.unsubscribe.busy"),
        badLink: t("newsletter.message.badUnsubscribeLink"),
      }}
      question={
        <FormattedMessage id={"newsletter.unsubscribe.question" satisfies MessageId} values={{ email: <strong className="break-all">{loaderData.email}</strong> }} />
      }
      footer={(done) => (
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
      )}
    />
  );
}
