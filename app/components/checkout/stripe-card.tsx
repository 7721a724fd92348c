import { useEffect, useRef, useState, type RefObject } from "react";
import { useLocale, useT } from "../../i18n/index.ts";
import { useNonce } from "../../lib/nonce.ts";
import { labelClass } from "../account/page-shell.tsx";

// The few parts of Stripe.js (https://js.stripe.com/v3) the checkout uses. Stripe.js is loaded from
// Stripe itself, as its terms require; the card is typed into Stripe's iframe and never reaches this server.
interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}
interface StripeJs {
  elements(): { create(type: "card", options?: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details: BillingDetails } },
  ): Promise<{ error?: { message?: string }; paymentIntent?: { status: string } }>;
}
declare global {
  interface Window {
    Stripe?: (publishableKey: string, options?: { locale?: string }) => StripeJs;
  }
}

export const STRIPE_JS_URL = "https://js.stripe.com/v3";

export interface BillingDetails {
  name: string;
  email: string;
  address?: { line1?: string; city?: string; state?: string; postal_code?: string; country?: string };
}

/**
 * The billing form's values as Stripe wants them; empty address parts are left out. With no billing address
 * typed, the shipping address is the billing address (as the server records it).
 */
export function billingDetailsOf(fields: Record<string, string | undefined>): BillingDetails {
  const billed = [fields.billingStreet, fields.billingCity, fields.billingState, fields.billingZipCode].some(Boolean);
  const from = billed
    ? { line1: fields.billingStreet, city: fields.billingCity, state: fields.billingState, postal_code: fields.billingZipCode, country: fields.billingCountry || "US" }
    : { line1: fields.street, city: fields.city, state: fields.state, postal_code: fields.zipCode, country: fields.country || "US" };
  const address = Object.fromEntries(Object.entries(from).filter(([, v]) => v));
  return { name: fields.fullName ?? "", email: fields.email ?? "", address };
}

export interface StripeCard {
  stripe: StripeJs;
  element: StripeCardElement;
}

/** Stripe.js, once its script has run; rejected when it fails to load or has not arrived in time. */
function whenStripeLoaded(timeoutMs = 10_000): Promise<NonNullable<Window["Stripe"]>> {
  return new Promise((resolve, reject) => {
    // Polled as well as listened for: the script may have loaded, or failed, before this page hydrated.
    const started = Date.now();
    const timer = setInterval(() => {
      if (window.Stripe) {
        clearInterval(timer);
        resolve(window.Stripe);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error("Stripe.js did not load"));
      }
    }, 100);
    document.querySelector(`script[src="${STRIPE_JS_URL}"]`)?.addEventListener("error", () => {
      clearInterval(timer);
      reject(new Error("Stripe.js could not be loaded"));
    });
  });
}

/**
 * Stripe's card field, mounted into the page once Stripe.js has loaded. `cardRef` holds the mounted
 * element (null until then, or when Stripe.js could not load: the checkout then says "Card element not found").
 */
export function StripeCardField({ publishableKey, cardRef }: { publishableKey: string; cardRef: RefObject<StripeCard | null> }) {
  const nonce = useNonce();
  const t = useT();
  // Stripe's own words (a declined card, a wrong number) come in the page's language.
  const locale = useLocale();
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "unavailable">("loading");

  useEffect(() => {
    let element: StripeCardElement | null = null;
    let cancelled = false;
    whenStripeLoaded()
      .then((Stripe) => {
        if (cancelled || !target.current) return;
        const stripe = Stripe(publishableKey, { locale });
        element = stripe.elements().create("card", { hidePostalCode: true, style: { base: { fontSize: "16px" } } });
        element.mount(target.current);
        cardRef.current = { stripe, element };
        setState("ready");
      })
      .catch(() => !cancelled && setState("unavailable"));
    return () => {
      cancelled = true;
      cardRef.current = null;
      element?.destroy();
    };
  }, [publishableKey, cardRef, locale]);

  return (
    <div>
      {/* React places this in the document head, once; only the checkout in Stripe mode renders it. */}
      <script src={STRIPE_JS_URL} async nonce={nonce} />
      <p id="card-label" className={labelClass}>
        {t("checkout.card")}
      </p>
      <div ref={target} id="card-element" role="group" aria-labelledby="card-label" className="min-h-11 rounded border border-line bg-card px-3 py-3" />
      <p className="mt-2 text-sm text-muted" aria-live="polite">
        {state === "loading" ? t("checkout.card.loading") : state === "unavailable" ? t("checkout.card.unavailable") : t("checkout.stripeConfirms")}
      </p>
      <noscript>
        <p className="mt-2 text-sm text-danger">{t("checkout.card.noscript")}</p>
      </noscript>
    </div>
  );
}
