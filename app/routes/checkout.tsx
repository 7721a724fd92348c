import { data, useNavigation } from "react-router";
import { useIntl } from "react-intl";
import { Form, Link, metaIntl, useLocalePath, useT } from "../i18n/index.ts";
import { linesShip } from "../../core/cart/rules.ts";
import { loadCart } from "../lib/cart.server.ts";
import { idempotencyKeySchema } from "../../core/checkout/index.ts";
import { orderAmounts } from "../../core/orders/rules.ts";
import { newToken } from "../../core/shared/ids.ts";
import { MemberErrorBoundary, guardedMeta } from "../components/account/auth-guard.tsx";
import { primaryButton, Section } from "../components/account/page-shell.tsx";
import { useCart } from "../components/cart/cart-context.tsx";
import { ADDRESS_FIELDS, BillingFields, billingFieldErrors, billingFieldName, ShippingFields, TestCardFields } from "../components/checkout/billing-fields.tsx";
import { EmptyCheckout } from "../components/checkout/empty-checkout.tsx";
import { OrderSummary, PaymentErrorBanner } from "../components/checkout/order-summary.tsx";
import { StripeCardField } from "../components/checkout/stripe-card.tsx";
import type { CheckoutActionData } from "../components/checkout/types.ts";
import { useStripeConfirmation } from "../components/checkout/use-stripe-confirmation.ts";
import { useCurrency } from "../components/product/display-currency.tsx";
import { readForm } from "../lib/form.server.ts";
import { formatCents } from "../lib/format.ts";
import { domainErrorReply } from "../lib/domain-errors.server.ts";
import { requireViewer } from "../lib/session.server.ts";
import { track, visitOf } from "../lib/analytics.server.ts";
import type { Route } from "./+types/checkout";
import { recordedText } from "../../texts/index.ts";
import { firstWords, localizedRedirect, localizeErrors, localizeText, requestLocale } from "../lib/i18n.server.ts";
import { noStore } from "../lib/private-page.ts";

export const meta: Route.MetaFunction = (args) => guardedMeta(metaIntl(args.matches).formatMessage({ id: "checkout.meta.title" }))(args);

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  // A payment of this shopper's still in flight is asked about first (ADR 0038): the order it became is
  // shown, or the page says it is under way; the cart never gets a second payment meanwhile.
  const standing = await context.useCases.checkout.resumeCheckout(viewer.id);
  if (standing.kind === "completed") {
    throw localizedRedirect(request, `/checkout/complete?attempt=${encodeURIComponent(standing.attemptId)}`, { status: 303, headers: noStore });
  }
  // The same read as the root loader's (the header's cart), shared.
  const cart = await loadCart(request, context);
  if (cart.lines.length > 0) track(request, context, { type: "checkout_started", quantity: cart.itemCount, valueCents: cart.subtotalCents });
  return data(
    {
      // One key per rendering of the form: every submission of this form is the same attempt.
      idempotencyKey: newToken(),
      mode: context.payments.name,
      stripePublishableKey: context.checkout.stripePublishableKey,
      defaults: { fullName: viewer.name, email: viewer.email },
      /** A payment of this shopper's the provider is still processing. */
      underWay: standing.kind === "in_progress" ? standing.attemptId : null,
    },
    { headers: noStore },
  );
}

export type { CheckoutActionData } from "../components/checkout/types.ts";

/**
 * The form's fields: the buyer, the address the order ships to (the address fields' own names, as the form had
 * them when one address served both) and a billing address of its own (`billing...`, optional).
 */
const FORM_FIELDS = ["fullName", "email", ...ADDRESS_FIELDS, ...ADDRESS_FIELDS.map(billingFieldName)] as const;

/** The answer's messages (the catalogue's ids, the provider's English) in the page's language. */
function localized(request: Request, body: CheckoutActionData): CheckoutActionData {
  switch (body.kind) {
    case "invalid":
      return { ...body, error: localizeText(request, body.error) };
    case "payment_error":
      // What the checkout recorded: the store's words or the card provider's.
      return { ...body, message: recordedText(requestLocale(request), body.message) };
    case "in_progress":
      return { ...body, message: localizeText(request, body.message) };
    default:
      return body;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  // The buyer is the session's user; every amount comes from the database, never from the form.
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const text = (name: string) => form[name] ?? "";
  const fields = Object.fromEntries(FORM_FIELDS.map((k) => [k, text(k)]));
  const reply = (body: CheckoutActionData, status: number) => data(localized(request, body), { status, headers: noStore });

  const key = idempotencyKeySchema.safeParse(text("idempotencyKey"));
  if (!key.success) return reply({ kind: "invalid", error: firstWords(request, key.error, ""), fieldErrors: {}, fields }, 400);
  const address = (name: (field: string) => string) => Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(name(field))]));
  try {
    const result = await context.useCases.checkout.submitCheckout({
      userId: viewer.id,
      idempotencyKey: key.data,
      buyer: { fullName: text("fullName"), email: text("email") },
      shipTo: address((field) => field),
      billTo: address(billingFieldName),
      card: { cardNumber: text("cardNumber"), cardExpiry: text("cardExpiry"), cardCvc: text("cardCvc") },
      visit: visitOf(context),
    });
    switch (result.kind) {
      case "invalid": {
        const { billing, shipping, card } = result.problems;
        const error = result.cameToShip ? "checkout.domain.shippingRequired" : "checkout.domain.checkFields";
        return reply({ kind: "invalid", error, fieldErrors: localizeErrors(request, { ...billingFieldErrors(billing), ...shipping, ...card }) as Record<string, string>, fields }, 400);
      }
      case "completed":
        // The confirmation mail was queued in the transaction that wrote the order.
        return localizedRedirect(request, `/checkout/complete?attempt=${encodeURIComponent(result.attemptId)}`, { status: 303, headers: noStore });
      case "failed":
        // That attempt is over: the next press of Pay (another card, a changed cart) is a new one. The
        // loader is not rerun after a 4xx answer, so the new key travels with the answer.
        return reply({ kind: "payment_error", message: result.message, fields, nextKey: newToken() }, 402);
      case "insufficient_stock":
        return reply({ kind: "insufficient_stock", lines: result.lines, fields, nextKey: newToken() }, 409);
      case "requires_confirmation":
        return reply({ kind: "requires_confirmation", attemptId: result.attemptId, clientSecret: result.clientSecret, fields }, 200);
      case "in_progress":
        return reply({ kind: "in_progress", attemptId: result.attemptId, message: "checkout.domain.inProgress", fields }, 202);
    }
  } catch (error) {
    // An empty cart, a form another shopper's checkout already used: core's refusal, in the page's language.
    return domainErrorReply(error, (e): CheckoutActionData => ({ kind: "invalid", error: localizeText(request, e), fieldErrors: {}, fields }), { headers: noStore });
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = useCart();
  const navigation = useNavigation();
  const stripe = useStripeConfirmation(actionData);
  // Prices may read in the shopper's currency; the charge is always the US dollar total, and the page says so.
  const { shown } = useCurrency();
  const t = useT();
  const intl = useIntl();
  const localePath = useLocalePath();
  const submitting = (navigation.state !== "idle" && navigation.formAction === localePath("/checkout")) || stripe.confirming;
  if (cart.lines.length === 0) return <EmptyCheckout />;

  const amounts = orderAmounts(cart.lines);
  // Event tickets travel by mail; anything else in the cart ships, and needs the address (checked again on the server).
  const ships = linesShip(cart.lines);
  const values = { ...loaderData.defaults, ...(actionData?.fields ?? {}) };
  const errors = actionData?.kind === "invalid" ? actionData.fieldErrors : {};
  const testMode = loaderData.mode === "test";
  const stripeKey = loaderData.mode === "stripe" ? loaderData.stripePublishableKey : null;
  const paymentError = stripe.error ?? (actionData?.kind === "payment_error" ? actionData.message : null);
  const underWay =
    actionData?.kind === "in_progress"
      ? { attemptId: actionData.attemptId, message: actionData.message }
      : !actionData && loaderData.underWay
        ? { attemptId: loaderData.underWay, message: t("checkout.domain.inProgress") }
        : null;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-h1">{t("checkout.heading")}</h1>
      <div className="mt-8 space-y-6">
        {paymentError ? <PaymentErrorBanner message={paymentError} /> : null}
        {actionData?.kind === "invalid" ? (
          <p role="alert" className="rounded border border-danger px-3 py-2 text-danger">
            {actionData.error}
          </p>
        ) : null}
        {actionData?.kind === "insufficient_stock" ? (
          <p role="alert" className="rounded border border-danger px-3 py-2 text-danger">
            {intl.formatMessage(
              { id: "checkout.stockNotice" },
              {
                link: (chunks) => (
                  <Link to="/cart" className="underline">
                    {chunks}
                  </Link>
                ),
              },
            )}
          </p>
        ) : null}
        {underWay ? (
          <p role="status" className="rounded border border-line px-3 py-2" data-testid="payment-under-way">
            {underWay.message}{" "}
            <Link to={`/checkout/complete?attempt=${encodeURIComponent(underWay.attemptId)}`} className="underline">
              {t("checkout.seeStatus")}
            </Link>
          </p>
        ) : null}

        <Section title={t("checkout.section.summary")} id="summary-heading">
          <OrderSummary lines={cart.lines} amounts={amounts} short={actionData?.kind === "insufficient_stock" ? actionData.lines : []} approximate />
          {shown ? (
            <p className="mt-4 rounded border border-line px-3 py-2 text-sm" data-testid="charge-note">
              {intl.formatMessage(
                { id: "checkout.chargeNote" },
                { code: shown.code, amount: formatCents(amounts.totalCents), strong: (chunks) => <strong>{chunks}</strong> },
              )}
            </p>
          ) : null}
        </Section>

        <Form method="post" action="/checkout" className="space-y-6" noValidate onSubmit={stripeKey ? stripe.beforeSubmit : undefined}>
          <input type="hidden" name="idempotencyKey" value={actionData && "nextKey" in actionData ? actionData.nextKey : loaderData.idempotencyKey} />
          {ships ? (
            <Section title={t("checkout.section.shipping")} id="shipping-heading">
              <ShippingFields values={values} errors={errors} />
            </Section>
          ) : null}
          <Section title={t("checkout.section.billing")} id="billing-heading">
            <BillingFields values={values} errors={errors} ships={ships} />
          </Section>
          <Section title={t("checkout.section.payment")} id="payment-heading">
            {testMode ? (
              <>
                <p className="mb-4 rounded border border-gold bg-paper px-3 py-2 text-sm" data-testid="test-mode-note">
                  {intl.formatMessage({ id: "checkout.testMode" }, { strong: (chunks) => <strong>{chunks}</strong> })}
                </p>
                <TestCardFields errors={errors} />
              </>
            ) : stripeKey ? (
              <StripeCardField publishableKey={stripeKey} cardRef={stripe.cardRef} />
            ) : (
              <p className="text-muted">{t("checkout.stripeConfirms")}</p>
            )}
          </Section>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <Link to="/cart" className="underline">
              {t("checkout.backToCart")}
            </Link>
            <button type="submit" className={primaryButton} disabled={submitting} data-testid="pay-button">
              {submitting ? t("checkout.processing") : t("checkout.pay", { amount: formatCents(amounts.totalCents) })}
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <MemberErrorBoundary />;
}
