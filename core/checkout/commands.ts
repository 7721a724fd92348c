/** Placing an order: claim the attempt and reserve its stock, take the payment, then settle (settle.ts). */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, type CheckoutLine, type PostalAddress } from "../../db/schema/index.ts";
import { getCart } from "../cart/queries.ts";
import { InsufficientStockError, reserveStock } from "../inventory/index.ts";
import { orderAmounts } from "../orders/rules.ts";
import type { CardInput, PaymentProvider } from "../payments/provider.ts";
import { CURRENCY } from "../shared/money.ts";
import { newToken } from "../shared/ids.ts";
import { CheckoutError, emptyCart } from "./errors.ts";
import type { BillingInput } from "./inputs.ts";
import { attemptByKey, attemptOutcome, type Attempt, type PlaceOrderResult, type ShortLine } from "./queries.ts";
import { CHECKOUT_MESSAGES, DUPLICATE_WAIT_MS } from "./rules.ts";
import { failAttempt, settleAttempt } from "./settle.ts";

export interface CheckoutDeps {
  db: Db;
  payments: PaymentProvider;
  /** How long an unpaid checkout holds its stock. */
  holdTtlMs: number;
  now?: () => Date;
  /** Called for what went wrong outside the shopper's control (a provider outage, a failed cancel). */
  onError?: (error: unknown, what: string) => void;
}

export interface PlaceOrderInput {
  userId: string;
  cartId: string | null;
  idempotencyKey: string;
  billing: BillingInput;
  /** The test provider's card; Stripe's is confirmed in the browser. */
  card?: CardInput | undefined;
}

function addressOf(billing: BillingInput): PostalAddress {
  return {
    name: billing.fullName,
    street: billing.street,
    city: billing.city,
    state: billing.state,
    zipCode: billing.zipCode,
    country: billing.country,
  };
}

type Claim = { kind: "claimed"; attempt: Attempt } | { kind: "taken" } | { kind: "empty" } | { kind: "short"; lines: ShortLine[] };

/**
 * Step 1: in one transaction, price the cart from the database, record the attempt under its
 * idempotency key and reserve every line (all or nothing). A concurrent attempt with the same key waits
 * on the unique index and then finds it taken; a shortfall rolls the attempt back with the stock.
 */
async function claimAttempt(deps: CheckoutDeps, input: PlaceOrderInput, now: Date): Promise<Claim> {
  if (await attemptByKey(deps.db, input.idempotencyKey)) return { kind: "taken" };
  let cartLines: Awaited<ReturnType<typeof getCart>>["lines"] = [];
  try {
    return await deps.db.transaction(async (tx): Promise<Claim> => {
      const cart = await getCart(tx, input.cartId);
      cartLines = cart.lines;
      if (cart.lines.length === 0) return { kind: "empty" };
      const lines: CheckoutLine[] = cart.lines.map((l) => ({
        variantId: l.variantId,
        productId: l.productId,
        slug: l.slug,
        name: l.name,
        sku: l.sku,
        size: l.size,
        color: l.color,
        image: l.image,
        unitPriceCents: l.unitPriceCents,
        quantity: l.quantity,
      }));
      const address = addressOf(input.billing);
      const id = newToken(16);
      const [attempt] = await tx
        .insert(checkoutAttempts)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          userId: input.userId,
          cartId: input.cartId,
          status: "reserved",
          provider: deps.payments.name,
          lines,
          ...orderAmounts(lines),
          currency: CURRENCY,
          customerEmail: input.billing.email,
          billingAddress: address,
          shippingAddress: address,
          reservedUntil: new Date(now.getTime() + deps.holdTtlMs),
        })
        .onConflictDoNothing({ target: checkoutAttempts.idempotencyKey })
        .returning();
      if (!attempt) return { kind: "taken" };
      await reserveStock(tx, lines, { actor: input.userId, reason: `Reserved for checkout ${id}` });
      return { kind: "claimed", attempt };
    });
  } catch (error) {
    if (!(error instanceof InsufficientStockError)) throw error;
    return {
      kind: "short",
      lines: error.lines.map((s) => {
        const line = cartLines.find((l) => l.variantId === s.variantId);
        return { ...s, name: line?.name ?? "", size: line?.size ?? null, color: line?.color ?? null };
      }),
    };
  }
}

/**
 * Places the order for the shopper's cart: validate against the database, reserve stock (with an
 * expiry), take payment, then create the order and commit the stock. A failure undoes the earlier steps.
 * Idempotent on input.idempotencyKey: a repeat gets the first attempt's outcome and never a second charge.
 */
export async function placeOrder(deps: CheckoutDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const now = deps.now?.() ?? new Date();
  const claim = await claimAttempt(deps, input, now);
  if (claim.kind === "short") return { kind: "insufficient_stock", lines: claim.lines };
  if (claim.kind === "empty") {
    // The cart may have just been emptied by this very attempt, finished in another request.
    if (await attemptByKey(deps.db, input.idempotencyKey)) return awaitExisting(deps, input);
    throw emptyCart();
  }
  if (claim.kind === "taken") return awaitExisting(deps, input);

  const attempt = claim.attempt;
  if (deps.payments.name === "test") {
    await deps.db.update(checkoutAttempts).set({ status: "paying", updatedAt: new Date() }).where(and(eq(checkoutAttempts.id, attempt.id), eq(checkoutAttempts.status, "reserved")));
  }
  let outcome;
  try {
    outcome = await deps.payments.startPayment({
      amountCents: attempt.totalCents,
      currency: attempt.currency,
      idempotencyKey: attempt.idempotencyKey,
      description: `East Harlem checkout ${attempt.id}`,
      customerEmail: attempt.customerEmail,
      attemptId: attempt.id,
      card: input.card,
    });
  } catch (error) {
    deps.onError?.(error, "payment provider call failed");
    await failAttempt(deps.db, attempt.id, CHECKOUT_MESSAGES.paymentFailed);
    return { kind: "failed", attemptId: attempt.id, message: CHECKOUT_MESSAGES.paymentFailed };
  }
  if (outcome.status === "failed") {
    await failAttempt(deps.db, attempt.id, outcome.message || CHECKOUT_MESSAGES.paymentFailed, outcome.paymentId);
    return { kind: "failed", attemptId: attempt.id, message: outcome.message || CHECKOUT_MESSAGES.paymentFailed };
  }
  if (outcome.status === "requires_confirmation") {
    await deps.db
      .update(checkoutAttempts)
      .set({ paymentId: outcome.paymentId, clientSecret: outcome.clientSecret, updatedAt: new Date() })
      .where(eq(checkoutAttempts.id, attempt.id));
    return { kind: "requires_confirmation", attemptId: attempt.id, clientSecret: outcome.clientSecret, totalCents: attempt.totalCents };
  }
  const settled = await settleAttempt(deps, attempt.id, { paymentId: outcome.paymentId, brand: outcome.brand, last4: outcome.last4 });
  if (settled.kind === "refunded") return { kind: "failed", attemptId: attempt.id, message: settled.message };
  return { kind: "completed", attemptId: attempt.id, receipt: settled.receipt, fresh: settled.fresh };
}

/** The outcome of an attempt placed before under this key, waiting a moment if it is still running. */
async function awaitExisting(deps: CheckoutDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const deadline = Date.now() + DUPLICATE_WAIT_MS;
  for (;;) {
    const attempt = await attemptByKey(deps.db, input.idempotencyKey);
    if (!attempt) throw new CheckoutError("checkout.attempt_not_found", CHECKOUT_MESSAGES.paymentFailed);
    if (attempt.userId !== input.userId) {
      throw new CheckoutError("checkout.key_conflict", "This checkout form has expired. Please try again.");
    }
    const outcome = await attemptOutcome(deps.db, attempt);
    if (outcome.kind !== "in_progress" || Date.now() > deadline) return outcome;
    await new Promise((r) => setTimeout(r, 100));
  }
}
