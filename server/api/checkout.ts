import { createHash } from "node:crypto";
import { z } from "zod";
import { billingSchema, type FieldProblems, type SubmitOutcome } from "../../core/checkout/index.ts";
import { orderAmounts, orderNumberLabel } from "../../core/orders/index.ts";
import { track, visitOf } from "./analytics.ts";
import { cartOut, cartSchema } from "./cart.ts";
import { storeWords, type FieldError } from "./field-errors.ts";
import { operation, type ApiContext } from "./operation.ts";
import type { TextRef } from "../../core/shared/text.ts";
import { ApiProblem } from "./problem.ts";
import { recordedText, wordsIn } from "../../texts/index.ts";

/*
 * Checkout over the API: the web's checkout (app/routes/checkout.tsx) for an app. The order summary is the
 * account's cart priced from the catalogue with core's amounts (orderAmounts: 8% tax, free shipping); placing
 * the order is core's placeOrder, the web's command: it reserves the stock, takes the payment and writes the
 * order, the confirmation mail and the purchase event (source mobile) in one go. With the test provider the
 * card travels in the body, as the web's test form sends it; with Stripe the answer carries the PaymentIntent's
 * client secret for the mobile SDK to confirm, and the order is written by the same webhook as the web's.
 */

const amountsSchema = {
  subtotalCents: z.number().int(),
  taxCents: z.number().int().meta({ description: "8% of the subtotal, rounded half up once per order." }),
  shippingCents: z.number().int().meta({ description: "Shipping is free." }),
  totalCents: z.number().int().meta({ description: "What is charged, in US dollars." }),
};

const paymentSchema = z
  .object({
    provider: z.enum(["test", "stripe"]).meta({ description: "`test`: send a test card in `card`; `stripe`: confirm the answer's client secret with Stripe's mobile SDK." }),
    stripePublishableKey: z.string().nullable().meta({ description: "For Stripe's mobile SDK; null with the test provider." }),
  })
  .meta({ id: "PaymentSetup" });

const orderRefSchema = z
  .object({
    id: z.string().meta({ description: "The order's id (GET /orders/{id})." }),
    number: z.string().meta({ example: "EH-100001" }),
    ...amountsSchema,
  })
  .meta({ id: "OrderRef" });

const attemptSchema = z
  .object({
    attemptId: z.string().meta({ description: "The checkout's id: GET /checkout/attempts/{id} says where it stands." }),
    status: z.enum(["completed", "requires_confirmation", "in_progress", "failed"]).meta({
      description:
        "`completed`: paid, the order is written. `requires_confirmation` (Stripe): confirm `clientSecret` with the mobile SDK, then follow the attempt until the webhook completes it. `in_progress`: the payment is still being processed; ask the attempt again. `failed`: not paid (`message` says why).",
    }),
    order: orderRefSchema.nullable(),
    clientSecret: z.string().nullable().meta({ description: "Stripe's PaymentIntent client secret, for the mobile SDK (requires_confirmation only)." }),
    stripePublishableKey: z.string().nullable(),
    message: z.string().nullable().meta({ description: "Why it failed, or that it is still being processed, as the web says it." }),
  })
  .meta({ id: "CheckoutAttempt" });

const summarySchema = z
  .object({
    lines: cartSchema.shape.lines,
    itemCount: z.number().int(),
    ...amountsSchema,
    currency: z.literal("USD"),
    payment: paymentSchema,
    shippingRequired: z.boolean().meta({ description: "The cart holds something that ships (anything but event tickets): placing the order needs the address it ships to." }),
    attempt: attemptSchema
      .nullable()
      .meta({
        description:
          "The account's checkout still under way (`in_progress`: the provider is still processing its payment; no new one starts for the cart meanwhile, and placing the order again answers it), or the order it just became (`completed`: asked at the provider when the summary was read, after the app lost the answer of its checkout). Null when nothing is under way.",
      }),
  })
  .meta({ id: "CheckoutSummary", description: "The order as it would be placed now, priced on the server: the web's checkout summary." });

/** Each refused field, as the API names it: the address is the body's own, the card's fields are under `card`, a billing address's under `billingAddress`. */
function errorsOf(problems: Partial<FieldProblems>): FieldError[] {
  const named = (fields: Record<string, TextRef> | undefined, under: (field: string) => string) => Object.entries(fields ?? {}).map(([field, message]) => ({ field: under(field), message }));
  const billingField = (field: string) => (field === "fullName" || field === "email" ? field : `billingAddress.${field}`);
  // In the form's order: the buyer, the address, then the card.
  return [...named(problems.billing, billingField), ...named(problems.shipping, (field) => field), ...named(problems.card, (field) => `card.${field}`)];
}

const billingAddressSchema = billingSchema
  .pick({ street: true, city: true, state: true, zipCode: true, country: true })
  .meta({
    id: "BillingAddress",
    description: "A billing address of its own, each field optional (country two letters, US when absent); without it, the address the order ships to is billed.",
    example: { street: "1 East 116th St", city: "New York", state: "NY", zipCode: "10029", country: "US" },
  });

const placeBodySchema = billingSchema
  .extend({
    street: billingSchema.shape.street.meta({ description: "Where the order ships: line 1.", example: "2150 Third Ave" }),
    city: billingSchema.shape.city.meta({ example: "New York" }),
    state: billingSchema.shape.state.meta({ description: "A state or province where the country's addresses carry one (US, CA, MX, AU: its code or name; a US state, DC, territory or military post).", example: "NY" }),
    zipCode: billingSchema.shape.zipCode.meta({ description: "Of the country's form (US: 5 digits, or ZIP+4).", example: "10035" }),
    country: billingSchema.shape.country.meta({ description: "A country the store ships to, two letters; US when absent.", example: "US" }),
    billingAddress: billingAddressSchema.optional(),
    card: z
      .unknown()
      .optional()
      .meta({
        description: "With the test provider only: `{ cardNumber, cardExpiry (MM/YY), cardCvc }`, the web's test card fields (4242 4242 4242 4242 is paid; 4000 0000 0000 0002 is declined).",
        example: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/34", cardCvc: "123" },
      }),
  })
  .meta({
    id: "PlaceOrder",
    description:
      "The fields of the web's checkout form: the buyer (full name and email required), the address the order ships to (`street`, `city`, `state`, `zipCode`, `country`: required, and checked per country, when the cart holds anything that ships, which is everything but event tickets) and, optionally, `billingAddress`. Without one, the shipping address is billed; for an order of tickets only, which ships nothing, the address given is the billing address.",
  });

type AttemptOut = z.input<typeof attemptSchema>;
type Outcome = Exclude<SubmitOutcome, { kind: "invalid" }>;

function attemptOut(ctx: ApiContext, outcome: Exclude<Outcome, { kind: "insufficient_stock" }>): AttemptOut {
  const base = { attemptId: outcome.attemptId, order: null, clientSecret: null, stripePublishableKey: null, message: null };
  switch (outcome.kind) {
    case "completed": {
      const r = outcome.receipt;
      return { ...base, status: "completed", order: { id: r.orderId, number: orderNumberLabel(r.orderNumber), subtotalCents: r.subtotalCents, taxCents: r.taxCents, shippingCents: r.shippingCents, totalCents: r.totalCents } };
    }
    case "requires_confirmation":
      return { ...base, status: "requires_confirmation", clientSecret: outcome.clientSecret, stripePublishableKey: ctx.deps.checkout.stripePublishableKey };
    case "in_progress":
      return { ...base, status: "in_progress", message: wordsIn(ctx.locale, "checkout.domain.inProgress") };
    case "failed":
      return { ...base, status: "failed", message: recordedText(ctx.locale, outcome.message) };
  }
}

/**
 * The checkout's own key, from the account, the app's Idempotency-Key and when it was first claimed: the same
 * request sent again after its first one was lost resumes the same attempt and is never charged twice; two
 * accounts' keys never meet, and a key used again after its 24 hours starts a new checkout.
 */
function checkoutKey(requestKey: string): string {
  return createHash("sha256").update(`api-checkout:${requestKey}`).digest("base64url");
}

export const getCheckoutOp = operation({
  operationId: "getCheckout",
  method: "get",
  path: "/checkout",
  tag: "Checkout",
  summary: "The order summary",
  description: "The account's cart as the order it would be: lines, subtotal, tax, shipping and total, computed on the server as the web's checkout does, and how to pay.",
  access: "signed-in",
  success: { status: 200, description: "The summary (no lines when the cart is empty).", schema: summarySchema },
  async handle({ ctx }) {
    // A payment of the account's still in flight is asked about at the provider first (ADR 0038).
    const standing = await ctx.deps.useCases.checkout.resumeCheckout(ctx.viewer.id);
    const cartId = await ctx.deps.useCases.cart.findCartOfUser(ctx.viewer.id);
    const cart = await cartOut(ctx, cartId);
    if (cart.lines.length > 0) track(ctx, { type: "checkout_started", quantity: cart.itemCount, valueCents: cart.subtotalCents });
    const provider: "test" | "stripe" = ctx.deps.useCases.checkout.paymentProvider() === "stripe" ? "stripe" : "test";
    const attempt =
      standing.kind === "completed"
        ? attemptOut(ctx, { kind: "completed", attemptId: standing.attemptId, receipt: standing.receipt, fresh: false })
        : standing.kind === "in_progress"
          ? attemptOut(ctx, { kind: "in_progress", attemptId: standing.attemptId })
          : null;
    return {
      lines: cart.lines,
      itemCount: cart.itemCount,
      ...orderAmounts(cart.lines),
      currency: "USD" as const,
      payment: { provider, stripePublishableKey: ctx.deps.checkout.stripePublishableKey },
      shippingRequired: await ctx.deps.useCases.checkout.needsShippingAddress(cartId),
      attempt,
    };
  },
});

export const placeOrderOp = operation({
  operationId: "placeOrder",
  method: "post",
  path: "/checkout",
  tag: "Checkout",
  summary: "Place the order",
  description:
    "Places the order for the account's cart, priced on the server (nothing the app sends sets a price). Requires an Idempotency-Key: sent again, the same checkout is answered and never charged twice. The cart has at most one payment in flight: while a payment of the account's is still charging (its answer was lost), the provider is asked about it first and its outcome is the answer (`completed` with its order, or `in_progress`), under whatever key; no second payment starts. The test provider pays with `card` and answers `completed`; with Stripe the answer is `requires_confirmation` with the client secret for the mobile SDK, and the order is written when Stripe's webhook says it is paid. Refused: an empty cart (400), a cart that ships without its address, or with a field that does not fit the country (400 `validation`, `errors` naming each field; nothing held or charged), a declined card (402, a new attempt needs a new key), too little stock (409 `checkout.insufficient_stock` with `lines`), a line past a limited drop's limit per customer, counted with the customer's open checkouts and orders by account, shipping address and card (409 `cart.customer_limit`; nothing held or charged).",
  access: "signed-in",
  idempotency: "required",
  body: placeBodySchema,
  success: { status: 201, description: "The checkout attempt: completed, waiting for the mobile SDK's confirmation, or in progress.", schema: attemptSchema },
  problems: [402, 404, 409],
  // A body that does not validate is answered with every field's message at once, as the web's form is:
  // the card's and the shipping address's too.
  async moreFieldErrors({ body, deps, viewer }) {
    const text = (name: string) => (typeof body[name] === "string" ? body[name] : undefined);
    const shipTo = { street: text("street"), city: text("city"), state: text("state"), zipCode: text("zipCode"), country: text("country") };
    return errorsOf((await deps.useCases.checkout.checkOrderFields({ userId: viewer.id, shipTo, card: body.card }, { error: storeWords })).problems);
  },
  async handle({ body, ctx }) {
    const { card, billingAddress, fullName, email, ...shipTo } = body;
    const result = await ctx.deps.useCases.checkout.submitCheckout(
      {
        userId: ctx.viewer.id,
        // The router holds the required key before the handler runs.
        idempotencyKey: checkoutKey(ctx.requestKey!),
        buyer: { fullName, email },
        shipTo,
        billTo: billingAddress ?? null,
        card,
        visit: visitOf(ctx),
      },
      { error: storeWords },
    );
    if (result.kind === "invalid") {
      throw new ApiProblem(400, "validation", result.shippingRefused ? "checkout.domain.shippingRequired" : "checkout.domain.checkFields", { errors: errorsOf(result.problems) });
    }
    if (result.kind === "insufficient_stock") throw new ApiProblem(409, "checkout.insufficient_stock", "checkout.domain.insufficientStock", { lines: result.lines });
    if (result.kind === "failed") throw new ApiProblem(402, "checkout.payment_failed", recordedText(ctx.locale, result.message));
    return attemptOut(ctx, result);
  },
});

export const getCheckoutAttemptOp = operation({
  operationId: "getCheckoutAttempt",
  method: "get",
  path: "/checkout/attempts/{id}",
  tag: "Checkout",
  summary: "Where a checkout stands",
  description: "After Stripe's confirmation in the app, ask until it is `completed` (the webhook wrote the order) or `failed`. Another account's checkout is not found.",
  access: "signed-in",
  params: z.object({ id: z.string().max(64).meta({ description: "The attemptId the checkout answered." }) }),
  success: { status: 200, description: "The attempt.", schema: attemptSchema },
  problems: [404],
  async handle({ params, ctx }) {
    const attempt = /^[A-Za-z0-9_-]{1,64}$/.test(params.id) ? await ctx.deps.useCases.checkout.attemptById(params.id) : undefined;
    if (!attempt || attempt.userId !== ctx.viewer.id) throw new ApiProblem(404, "checkout.attempt_not_found", "checkout.domain.notFound");
    // A charge whose request stopped answering is asked about at the provider now (ADR 0038).
    const outcome = await ctx.deps.useCases.checkout.currentOutcome(attempt);
    if (outcome.kind === "insufficient_stock") throw new ApiProblem(404, "checkout.attempt_not_found", "checkout.domain.notFound");
    return attemptOut(ctx, outcome);
  },
});
