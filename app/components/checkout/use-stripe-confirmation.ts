import { useEffect, useRef, useState } from "react";
import { useLocaleNavigate, useT } from "../../i18n/index.ts";
import { billingDetailsOf, type StripeCard } from "./stripe-card.tsx";
import type { CheckoutActionData } from "./types.ts";

/**
 * Stripe mode: once the server has reserved the stock and created the PaymentIntent (the action answers
 * requires_confirmation), the browser confirms it with the card typed into Stripe's field. Stripe's
 * refusal is shown in the banner; otherwise the shopper waits on the completion page for the webhook.
 */
export function useStripeConfirmation(actionData: CheckoutActionData | undefined) {
  const cardRef = useRef<StripeCard | null>(null);
  const confirmed = useRef<string | null>(null);
  const navigate = useLocaleNavigate();
  const t = useT();
  // The spec's message when the card field is not on the page (Stripe.js did not load).
  const cardElementMissing = t("checkout.cardMissing");
  const paymentFailed = t("checkout.domain.paymentFailed");
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (actionData?.kind !== "requires_confirmation" || confirmed.current === actionData.attemptId) return;
    const { attemptId, clientSecret, fields } = actionData;
    confirmed.current = attemptId;
    const card = cardRef.current;
    if (!card) {
      setError(cardElementMissing);
      return;
    }
    setConfirming(true);
    card.stripe
      .confirmCardPayment(clientSecret, { payment_method: { card: card.element, billing_details: billingDetailsOf(fields) } })
      .then(
        (result) => {
          if (result.error) {
            setError(result.error.message || paymentFailed);
            setConfirming(false);
          } else {
            navigate(`/checkout/complete?attempt=${encodeURIComponent(attemptId)}`);
          }
        },
        () => {
          setError(paymentFailed);
          setConfirming(false);
        },
      );
  }, [actionData, navigate, cardElementMissing, paymentFailed]);

  /** Before the form goes to the server: without the card field there is nothing to pay with. */
  const beforeSubmit = (event: React.FormEvent) => {
    if (cardRef.current) return setError(null);
    event.preventDefault();
    setError(cardElementMissing);
  };
  return { cardRef, confirming, error, beforeSubmit };
}
