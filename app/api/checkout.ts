import { createHash } from "node:crypto";
import { z } from "zod";
import { findCartOfUser } from "../../core/cart/index.ts";
import { attemptById, billingSchema, CHECKOUT_MESSAGES, currentOutcome, placeOrder, resumeCheckout } from "../../core/checkout/index.ts";
import { orderAmounts, orderNumberLabel } from "../../core/orders/index.ts";
import { cardSchema } from "../../core/payments/inputs.ts";
import { track, visitOf } from "./analytics.ts";
import { cartOut, cartSchema } from "./cart.ts";
import { operation, type ApiContext } from "./operation.ts";
import { ApiProblem } from "./problem.ts";

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
    attempt: attemptSchema
      .nullable()
      .meta({
        description:
          "The account's checkout still under way (`in_progress`: the provider is still processing its payment; no new one starts for the cart meanwhile, and placing the order again answers it), or the order it just became (`completed`: asked at the provider when the summary was read, after the app lost the answer of its checkout). Null when nothing is under way.",
      }),
  })
  .meta({ id: "CheckoutSummary", description: "The order as it would be placed now, priced on the server: the web's checkout summary." });

const placeBodySchema = billingSchema
  .extend({
    card: z
      .unknown()
      .optional()
      .meta({
        description: "With the test provider only: `{ cardNumber, cardExpiry (MM/YY), cardCvc }`, the web's test card fields (4242 4242 4242 4242 is paid; 4000 0000 0000 0002 is declined).",
        example: { cardNumber: "4242 4242 4242 4242", cardExpiry: "12/34", cardCvc: "123" },
      }),
  })
  .meta({ id: "PlaceOrder", description: "The billing fields of the web's checkout form (full name and email required; country two letters, US when absent)." });

type AttemptOut = z.input<typeof attemptSchema>;
type Outcome = Awaited<ReturnType<typeof placeOrder>>;

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
      return { ...base, status: "in_progress", message: CHECKOUT_MESSAGES.inProgress };
    case "failed":
      return { ...base, status: "failed", message: outcome.message };
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
    // A payment of the account's still in flight is asked about at the provider first (ADR 0037).
    const standing = await resumeCheckout(ctx.deps.checkout.deps, ctx.viewer.id);
    const cart = await cartOut(ctx, await findCartOfUser(ctx.deps.db, ctx.viewer.id));
    if (cart.lines.length > 0) track(ctx, { type: "checkout_started", quantity: cart.itemCount, valueCents: cart.subtotalCents });
    const provider: "test" | "stripe" = ctx.deps.checkout.deps.payments.name === "stripe" ? "stripe" : "test";
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
    "Places the order for the account's cart, priced on the server (nothing the app sends sets a price). Requires an Idempotency-Key: sent again, the same checkout is answered and never charged twice. The cart has at most one payment in flight: while a payment of the account's is still charging (its answer was lost), the provider is asked about it first and its outcome is the answer (`completed` with its order, or `in_progress`), under whatever key; no second payment starts. The test provider pays with `card` and answers `completed`; with Stripe the answer is `requires_confirmation` with the client secret for the mobile SDK, and the order is written when Stripe's webhook says it is paid. Refused: an empty cart (400), a declined card (402, a new attempt needs a new key), too little stock (409 `checkout.insufficient_stock` with `lines`), a line past a limited drop's limit per customer, counted with the customer's open checkouts and orders by account, shipping address and card (409 `cart.customer_limit`; nothing held or charged).",
  access: "signed-in",
  idempotency: "required",
  body: placeBodySchema,
  success: { status: 201, description: "The checkout attempt: completed, waiting for the mobile SDK's confirmation, or in progress.", schema: attemptSchema },
  problems: [402, 404, 409],
  async handle({ body, ctx }) {
    const { card: cardFields, ...billing } = body;
    let card: z.output<ReturnType<typeof cardSchema>> | undefined;
    if (ctx.deps.checkout.deps.payments.name === "test") {
      // An absent field is an empty one, as the web's form reads it (and gets the form's message).
      const given = typeof cardFields === "object" && cardFields !== null && !Array.isArray(cardFields) ? cardFields : {};
      const parsed = cardSchema().safeParse({ cardNumber: "", cardExpiry: "", cardCvc: "", ...given });
      if (!parsed.success) {
        const errors = parsed.error.issues.map((issue) => ({ field: ["card", ...issue.path.map(String)].join("."), message: issue.message }));
        throw new ApiProblem(400, "validation", CHECKOUT_MESSAGES.checkFields, { errors });
      }
      card = parsed.data;
    }
    const result = await placeOrder(ctx.deps.checkout.deps, {
      userId: ctx.viewer.id,
      cartId: await findCartOfUser(ctx.deps.db, ctx.viewer.id),
      // The router holds the required key before the handler runs.
      idempotencyKey: checkoutKey(ctx.requestKey!),
      billing,
      card,
      visit: visitOf(ctx),
    });
    if (result.kind === "insufficient_stock") throw new ApiProblem(409, "checkout.insufficient_stock", CHECKOUT_MESSAGES.insufficientStock, { lines: result.lines });
    if (result.kind === "failed") throw new ApiProblem(402, "checkout.payment_failed", result.message);
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
    const attempt = /^[A-Za-z0-9_-]{1,64}$/.test(params.id) ? await attemptById(ctx.deps.db, params.id) : undefined;
    if (!attempt || attempt.userId !== ctx.viewer.id) throw new ApiProblem(404, "checkout.attempt_not_found", "That checkout was not found.");
    // A charge whose request stopped answering is asked about at the provider now (ADR 0037).
    const outcome = await currentOutcome(ctx.deps.checkout.deps, attempt);
    if (outcome.kind === "insufficient_stock") throw new ApiProblem(404, "checkout.attempt_not_found", "That checkout was not found.");
    return attemptOut(ctx, outcome);
  },
});
