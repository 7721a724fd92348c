/** Placing an order: claim the attempt and reserve its stock, take the payment, then settle (settle.ts). */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, type CheckoutLine, type PostalAddress } from "../../db/schema/index.ts";
import { addressKeyOf, customerHoldings, customerLimitReached, findLimitBreach, getCart, limitsOfVariants, notOnSaleYet, queueExpired, queueInUse, queueRequired, raffleOnly, type CartLine, type CustomerKeys, type LimitedLine } from "../cart/index.ts";
import { checkPass } from "../queue/index.ts";
import { InsufficientStockError, reserveStock } from "../inventory/index.ts";
import { orderAmounts } from "../orders/index.ts";
import { takeRaffleClaims } from "../raffles/index.ts";
import type { CardInput, PaymentLookup, PaymentProvider } from "../payments/index.ts";
import { crashPoint } from "../shared/failpoints.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { CURRENCY } from "../shared/money.ts";
import { newToken } from "../shared/ids.ts";
import { CheckoutError, emptyCart } from "./errors.ts";
import type { BillingInput } from "./inputs.ts";
import { attemptByKey, attemptOutcome, type Attempt, type PlaceOrderResult, type ShortLine } from "./queries.ts";
import { CHARGE_RESUME_AFTER_MS, CHECKOUT_MESSAGES, DUPLICATE_WAIT_MS } from "./rules.ts";
import { failAttempt, settleAttempt } from "./settle.ts";

export interface CheckoutDeps {
  db: Db;
  payments: PaymentProvider;
  /** Where mail (the confirmation, a refund notice) is queued, in the transaction that causes it. */
  jobs: JobQueue;
  /** Public base URL, for links in mail. */
  baseUrl: string;
  /** How long an unpaid checkout holds its stock. */
  holdTtlMs: number;
  /** The sweeper asks the provider about a charge left unfinished this long (its process likely died). */
  reconcileAfterMs?: number;
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
  /** The visit paying, for the purchase event: its anonymous session id (null when not tracked) and source. */
  visit?: { sessionId: string | null; source: "web" | "mobile" } | undefined;
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

/**
 * Serialises the checkouts of one customer (ADR 0033): a transaction-scoped advisory lock per key (the
 * account, the folded address, the card), taken in one order so two checkouts never wait on each other in a
 * circle. Held until the attempt's commit, so a second checkout counts the first one's held units.
 */
async function lockCustomer(tx: Db, who: CustomerKeys): Promise<void> {
  const keys = [`customer:${who.userId}`, who.addressKey ? `address:${who.addressKey}` : null, who.cardFingerprint ? `card:${who.cardFingerprint}` : null]
    .filter((k): k is string => k !== null)
    .sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer-limit:${key}`}, 0))`);
}

/** Refuses the whole checkout when a line would take the customer past a limit per customer (nothing held yet). */
async function checkCustomerLimits(tx: Db, who: CustomerKeys, cartId: string | null, cartLines: readonly CartLine[]): Promise<void> {
  const limits = await limitsOfVariants(tx, cartLines.map((l) => l.variantId));
  const limited: LimitedLine[] = [];
  for (const l of cartLines) {
    const limit = limits.get(l.variantId);
    if (!limit || (limit.productLimit === null && limit.variantLimit === null)) continue;
    limited.push({ variantId: l.variantId, productId: l.productId, name: limit.name, options: limit.options, quantity: l.quantity, productLimit: limit.productLimit, variantLimit: limit.variantLimit });
  }
  if (limited.length === 0) return;
  await lockCustomer(tx, who);
  const held = await customerHoldings(tx, who, limited.map((l) => l.productId), cartId);
  const breach = findLimitBreach(limited, held);
  if (breach) throw customerLimitReached(breach.item, breach.limit, breach.held);
}

/**
 * A line of a drop with a waiting room needs the shopper's pass to be still running when checkout starts
 * (ADR 0034). An attempt started in time is honoured to its end: its units are held and its payment settles
 * even if the pass runs out meanwhile.
 */
async function checkQueuePasses(tx: Db, userId: string, cartId: string | null, cartLines: readonly CartLine[]): Promise<void> {
  const seen = new Set<number>();
  for (const line of cartLines) {
    if (seen.has(line.productId)) continue;
    seen.add(line.productId);
    const verdict = await checkPass(tx, line.productId, { cartId, accountId: userId, ticketIds: [] });
    if (verdict === "no_queue" || verdict === "ok") continue;
    if (verdict === "expired") throw queueExpired(line.name, line.slug);
    if (verdict === "in_use") throw queueInUse(line.name, line.slug);
    throw queueRequired(line.name, line.slug, line.productId);
  }
}

type Claim = { kind: "claimed"; attempt: Attempt } | { kind: "taken" } | { kind: "empty" } | { kind: "short"; lines: ShortLine[] };

/**
 * Step 1: in one transaction, price the cart from the database, record the attempt under its
 * idempotency key and reserve every line (all or nothing). A concurrent attempt with the same key waits
 * on the unique index and then finds it taken; a shortfall rolls the attempt back with the stock.
 */
async function claimAttempt(deps: CheckoutDeps, input: PlaceOrderInput, now: Date): Promise<Claim> {
  // No look-up of the key first: the insert below finds it taken (after the first attempt's commit), and a
  // finished attempt has emptied the cart ("empty", then placeOrder finds the key).
  let cartLines: Awaited<ReturnType<typeof getCart>>["lines"] = [];
  try {
    return await deps.db.transaction(async (tx): Promise<Claim> => {
      const cart = await getCart(tx, input.cartId, undefined, { photos: false });
      cartLines = cart.lines;
      if (cart.lines.length === 0) return { kind: "empty" };
      // A line put in the cart before its product was scheduled for a later release is refused until then.
      const early = cart.lines.find((l) => l.notOnSaleUntil);
      if (early) throw notOnSaleYet(early.name, early.notOnSaleUntil!);
      const who: CustomerKeys = {
        userId: input.userId,
        addressKey: addressKeyOf(input.billing),
        cardFingerprint: input.card ? (deps.payments.cardFingerprint?.(input.card) ?? null) : null,
      };
      await checkCustomerLimits(tx, who, input.cartId, cart.lines);
      await checkQueuePasses(tx, input.userId, input.cartId, cart.lines);
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
          // Recorded before the provider is asked for money: after a crash at any later point the sweeper
          // finds it "charging" and asks the provider what became of it.
          status: "charging",
          chargeStartedAt: now,
          provider: deps.payments.name,
          lines,
          ...orderAmounts(lines),
          currency: CURRENCY,
          customerEmail: input.billing.email,
          billingAddress: address,
          shippingAddress: address,
          addressKey: who.addressKey ?? null,
          cardFingerprint: who.cardFingerprint ?? null,
          reservedUntil: new Date(now.getTime() + deps.holdTtlMs),
          visitSessionId: input.visit?.sessionId ?? null,
          visitSource: input.visit?.source ?? "web",
        })
        .onConflictDoNothing({ target: checkoutAttempts.idempotencyKey })
        .returning();
      if (!attempt) return { kind: "taken" };
      // A product sold by raffle: only the buyer's own win, whose held unit moves to this attempt's reservation below.
      const refused = await takeRaffleClaims(tx, input.userId, lines, id);
      if (refused) throw raffleOnly(refused.name);
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

  return chargeAttempt(deps, claim.attempt, input.card);
}

/**
 * Step 2: asks the provider for the money under the attempt's idempotency key, then acts on the answer.
 * Also how a retry finishes an attempt whose request died: the key makes the provider answer with the
 * first charge instead of taking a second one.
 */
async function chargeAttempt(deps: CheckoutDeps, attempt: Attempt, card: CardInput | undefined): Promise<PlaceOrderResult> {
  let outcome: PaymentLookup | null;
  try {
    outcome = await deps.payments.startPayment({
      amountCents: attempt.totalCents,
      currency: attempt.currency,
      idempotencyKey: attempt.idempotencyKey,
      description: `East Harlem checkout ${attempt.id}`,
      customerEmail: attempt.customerEmail,
      attemptId: attempt.id,
      card,
    });
  } catch (error) {
    deps.onError?.(error, "payment provider call failed");
    // A failed call does not say whether money moved: ask the provider under the same key. If it cannot
    // answer either, the attempt stays "charging" and the sweeper asks again later.
    outcome = await deps.payments.lookup({ idempotencyKey: attempt.idempotencyKey, attemptId: attempt.id, paymentId: attempt.paymentId }).catch((lookupError: unknown) => {
      deps.onError?.(lookupError, "payment lookup failed");
      return null;
    });
    if (!outcome) return { kind: "in_progress", attemptId: attempt.id };
    if (outcome.status === "none") {
      await failAttempt(deps.db, attempt.id, CHECKOUT_MESSAGES.paymentFailed, null, deps.jobs);
      return { kind: "failed", attemptId: attempt.id, message: CHECKOUT_MESSAGES.paymentFailed };
    }
  }
  crashPoint("checkout.after_charge");
  return applyPaymentOutcome(deps, attempt, outcome);
}

/** Acts on what the provider says of an attempt's payment: settle it, end it, or hand the browser its part. */
export async function applyPaymentOutcome(deps: CheckoutDeps, attempt: Attempt, outcome: PaymentLookup): Promise<PlaceOrderResult> {
  switch (outcome.status) {
    case "failed": {
      const message = outcome.message || CHECKOUT_MESSAGES.paymentFailed;
      await failAttempt(deps.db, attempt.id, message, outcome.paymentId, deps.jobs);
      return { kind: "failed", attemptId: attempt.id, message };
    }
    case "requires_confirmation":
      await recordPayment(deps.db, attempt.id, outcome.paymentId, outcome.clientSecret);
      return { kind: "requires_confirmation", attemptId: attempt.id, clientSecret: outcome.clientSecret, totalCents: attempt.totalCents };
    case "processing":
      await recordPayment(deps.db, attempt.id, outcome.paymentId, null);
      return { kind: "in_progress", attemptId: attempt.id };
    case "none":
      return { kind: "in_progress", attemptId: attempt.id };
    case "succeeded": {
      const settled = await settleAttempt(deps, attempt.id, { paymentId: outcome.paymentId, brand: outcome.brand, last4: outcome.last4 });
      if (settled.kind === "refunded") return { kind: "failed", attemptId: attempt.id, message: settled.message };
      return { kind: "completed", attemptId: attempt.id, receipt: settled.receipt, fresh: settled.fresh };
    }
  }
}

/** Ties the provider's payment to an attempt still charging (Stripe: the PaymentIntent and its client secret). */
async function recordPayment(db: Db, attemptId: string, paymentId: string, clientSecret: string | null): Promise<void> {
  await db
    .update(checkoutAttempts)
    .set({ paymentId, ...(clientSecret ? { clientSecret } : {}), updatedAt: new Date() })
    .where(and(eq(checkoutAttempts.id, attemptId), eq(checkoutAttempts.status, "charging")));
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
    if (attempt.status === "charging" && !attempt.clientSecret && chargeLooksAbandoned(attempt, deps.now?.() ?? new Date())) {
      // The request that started this charge is gone (its process stopped, or it was cut off): finish the
      // checkout here, under the same key, instead of refusing it.
      return chargeAttempt(deps, attempt, input.card);
    }
    const outcome = await attemptOutcome(deps.db, attempt);
    if (outcome.kind !== "in_progress" || Date.now() > deadline) return outcome;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A charge started longer ago than any live request takes to finish one. */
function chargeLooksAbandoned(attempt: Attempt, now: Date): boolean {
  const started = attempt.chargeStartedAt ?? attempt.createdAt;
  return now.getTime() - started.getTime() > CHARGE_RESUME_AFTER_MS;
}
