import { data } from "react-router";
import { useIntl } from "react-intl";
import { Link, metaIntl, useT } from "../i18n/index.ts";
import { z } from "zod";
import { SOLD_OUT_REFUNDED } from "../../core/checkout/index.ts";
import { orderNumberLabel } from "../../core/orders/rules.ts";
import { MemberErrorBoundary } from "../components/account/auth-guard.tsx";
import { primaryButton, secondaryButton, Section } from "../components/account/page-shell.tsx";
import { OrderSummary, PaymentErrorBanner } from "../components/checkout/order-summary.tsx";
import { recordedText } from "../../texts/index.ts";
import { requestLocale } from "../lib/i18n.server.ts";
import { requireViewer } from "../lib/session.server.ts";
import type { Route } from "./+types/checkout-complete";
import { noStore } from "../lib/private-page.ts";

const attemptParam = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/);

/** Where a checkout ended: the success page, the payment error, or "confirming" while the provider settles. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const param = attemptParam.safeParse(new URL(request.url).searchParams.get("attempt"));
  const attempt = param.success ? await context.useCases.checkout.attemptById(param.data) : undefined;
  // Someone else's checkout is answered exactly like one that does not exist.
  if (!attempt || attempt.userId !== viewer.id) throw data(null, { status: 404, headers: noStore });
  // A charge whose request stopped answering is asked about at the provider now (ADR 0038).
  const outcome = await context.useCases.checkout.currentOutcome(attempt);
  switch (outcome.kind) {
    case "completed":
      return data({ state: "completed" as const, receipt: outcome.receipt }, { headers: noStore });
    case "failed":
      // A payment that came after its hold ended and found the stock gone was charged and refunded.
      return data(
        { state: "failed" as const, message: recordedText(requestLocale(request), outcome.message), refunded: outcome.message === SOLD_OUT_REFUNDED },
        { headers: noStore },
      );
    default:
      return data({ state: "pending" as const }, { headers: noStore });
  }
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const intl = metaIntl(matches);
  const id = d?.state === "completed" ? "checkout.complete.confirmedTitle" : d?.state === "failed" ? "checkout.paymentError" : "checkout.complete.pendingTitle";
  const title = intl.formatMessage({ id });
  const tags: Route.MetaDescriptors = [{ title: `${title} | East Harlem` }, { name: "robots", content: "noindex" }];
  // Without JavaScript too, the page looks again until the provider has settled the payment.
  if (d?.state === "pending") tags.push({ httpEquiv: "refresh", content: "3" });
  return tags;
};

export default function CheckoutComplete({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const intl = useIntl();
  if (loaderData.state === "failed") {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="font-display text-h1">{t("checkout.heading")}</h1>
        <div className="mt-8">
          <PaymentErrorBanner message={loaderData.message} />
        </div>
        <p className="mt-4 text-muted">
          {loaderData.refunded ? t("checkout.complete.refunded") : t("checkout.complete.notCharged")}
        </p>
        <p className="mt-8 flex flex-wrap gap-3">
          <Link to="/checkout" className={primaryButton}>
            {t("checkout.complete.backToCheckout")}
          </Link>
          <Link to="/cart" className={secondaryButton}>
            {t("checkout.complete.viewCart")}
          </Link>
        </p>
      </div>
    );
  }
  if (loaderData.state === "pending") {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-display text-h1">{t("checkout.complete.pendingHeading")}</h1>
        <p role="status" className="mt-4 text-muted">
          {t("checkout.complete.pendingDetail")}
        </p>
      </div>
    );
  }
  const { receipt } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="text-center">
        <h1 className="font-display text-h1">{t("checkout.complete.thanks")}</h1>
        <p className="mt-3 text-lg">
          {intl.formatMessage(
            { id: "checkout.complete.confirmed" },
            { number: orderNumberLabel(receipt.orderNumber), strong: (chunks) => <strong data-testid="order-number">{chunks}</strong> },
          )}
        </p>
        <p className="mt-1 text-muted">{t("checkout.complete.sentTo", { email: receipt.customerEmail })}</p>
      </div>
      <Section title={t("checkout.section.summary")} id="summary-heading" className="mt-8">
        <OrderSummary lines={receipt.lines} amounts={receipt} />
      </Section>
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={`/orders/${receipt.orderId}`} className={secondaryButton}>
          {t("checkout.complete.viewOrder")}
        </Link>
        <Link to="/shop" className={primaryButton}>
          {t("checkout.continueShopping")}
        </Link>
        <Link to="/" className={secondaryButton}>
          {t("checkout.complete.home")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
