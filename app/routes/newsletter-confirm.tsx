import { FormattedMessage } from "react-intl";
import { Link, metaIntl, useT, type MessageId } from "../i18n/index.ts";
import { confirmTokenSchema } from "../../core/newsletter/index.ts";
import { TokenActionPage } from "../components/layout/token-action-page.tsx";
import { tokenPageAction, tokenPageLoader, type TokenResult } from "../lib/token-page.server.ts";
import { newsletterField } from "../../core/newsletter/rules.ts";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaIntl(matches).formatMessage({ id: "newsletter.confirm.pageTitle" })} | East Harlem` },
  { name: "robots", content: "noindex" },
];

/**
 * The confirmation mail's link lands here. Opening it only shows the button: mail scanners open links
 * too, and only a person pressing Confirm may subscribe an address.
 */
export const loader = tokenPageLoader({
  token: confirmTokenSchema,
  find: (context, token) => context.useCases.newsletter.findConfirmation(token),
  shown: (found) => ({ email: found?.email ?? null }),
  refusedStatus: 410,
});

export const action = tokenPageAction({
  token: confirmTokenSchema,
  tokenInAddress: false,
  badLink: { status: 410, message: newsletterField("newsletter.message.badConfirmLink") },
  act: async (context, token) => ({ email: (await context.useCases.newsletter.confirmSubscription(token)).email }),
});

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <TokenActionPage
      token={loaderData.token}
      result={actionData as TokenResult | undefined}
      texts={{
        heading: t("newsletter.confirm.heading"),
        doneHeading: t("newsletter.confirm.done"),
        doneText: t("newsletter.message.confirmed"),
        button: t("newsletter.confirm.button"),
        busy: t("newsletter.confirm.busy"),
        badLink: t("newsletter.message.badConfirmLink"),
      }}
      question={
        <FormattedMessage id={"newsletter.confirm.question" satisfies MessageId} values={{ email: <strong className="break-all">{loaderData.email}</strong> }} />
      }
      footer={(done) => (
        <p className="mt-8 flex flex-wrap justify-center gap-4">
          {done ? null : (
            <Link to="/newsletter" className="underline">
              {t("newsletter.confirm.again")}
            </Link>
          )}
          <Link to="/shop" className="underline">
            {t("newsletter.backToShop")}
          </Link>
        </p>
      )}
    />
  );
}
