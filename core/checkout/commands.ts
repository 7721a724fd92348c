/** Placing an order: claim the attempt and reserve its stock, take the payment, then settle (settle.ts). */
import { createHash } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, HOLDING_STATUSES, type CheckoutLine, type PostalAddress } from "../../db/schema/index.ts";
import { addressKeyOf, customerHoldings, customerLimitReached, getCart, limitBreachOf, limitsOfVariants, linesShip, lockCart, notOnSaleYet, queueExpired, queueInUse, queueRequired, raffleOnly, type CartLine, type CustomerKeys, type LimitedLine } from "../cart/index.ts";
import { checkPass } from "../queue/index.ts";
import { InsufficientStockError, reserveStock } from "../inventory/index.ts";
import { orderAmounts } from "../orders/index.ts";
import { takeRaffleClaims } from "../raffles/index.ts";
import type { CardInput } from "../payments/index.ts";
import { CURRENCY } from "../shared/money.ts";
import { newToken } from "../shared/ids.ts";
import { addressTyped, missingShippingFields, type ShippingAddressInput } from "./address.ts";
import { CheckoutError, emptyCart, shippingRequired, checkoutText } from "./errors.ts";
import type { BillingInput } from "./inputs.ts";
import { attemptById, attemptOutcome, isHolding, type Attempt, type PlaceOrderResult, type ShortLine } from "./queries.ts";
import { chargeAttempt, chargeLooksAbandoned } from "./charge.ts";
import { takeOver } from "./resume.ts";
import { DUPLICATE_WAIT_MS, MAX_TAKEOVERS } from "./rules.ts";
import type { CheckoutDeps } from "./deps.ts";

export type { CheckoutDeps };

export interface PlaceOrderInput {
  userId: string;
  cartId: string | null;
  idempotencyKey: string;
  billing: BillingInput;
  /**
   * Where the order ships: required when the cart holds anything that ships (everything but event tickets),
   * null or ignored otherwise. The billing address defaults to it when none was given.
   */
  shipping: ShippingAddressInput | null;
  /** The test provider's card; Stripe's is confirmed in the browser. */
  card?: CardInput | undefined;
  /** The visit paying, for the purchase event: its anonymous session id (null when not tracked) and source. */
  visit?: { sessionId: string | null; source: "web" | "mobile" } | undefined;
}

/**
 * The order's addresses: where it ships (none when nothing in it ships), and where it is billed: the billing
 * address given, or the shipping address when the billing fields were left empty (the country alone is not
 * an address).
 */
function addressesOf(input: PlaceOrderInput, ships: boolean): { shipping: PostalAddress | null; billing: PostalAddress } {
  const { billing } = input;
  const name = billing.fullName;
  const shipping = ships && input.shipping ? { name, ...input.shipping } : null;
  const billed = addressTyped(billing) || !shipping ? { name, street: billing.street, city: billing.city, state: billing.state, zipCode: billing.zipCode, country: billing.country } : shipping;
  return { shipping, billing: billed };
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
    limited.push({ variantId: l.variantId, productId: l.productId, name: limit.name, options: limit.options, size: limit.size, color: limit.color, quantity: l.quantity, productLimit: limit.productLimit, variantLimit: limit.variantLimit });
  }
  if (limited.length === 0) return;
  await lockCustomer(tx, who);
  const held = await customerHoldings(tx, who, limited.map((l) => l.productId), cartId);
  const breach = limitBreachOf(limited, held);
  if (breach) throw customerLimitReached(breach.what, breach.limit, breach.held);
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

type Claim =
  | { kind: "claimed"; attempt: Attempt }
  /** An attempt exists under this key already: the same submission sent again, or another under a form key already used. */
  | { kind: "taken"; attempt: Attempt }
  /** The cart has a payment in flight under another key: it is asked about before anything new starts (ADR 0038). */
  | { kind: "busy"; attempt: Attempt }
  | { kind: "empty" }
  | { kind: "short"; lines: ShortLine[] };

/**
 * What identifies one submission of the checkout (not its key): the billing and shipping fields as parsed,
 * and the card by the provider's fingerprint and its expiry (never the number; Stripe's card is not seen).
 */
function submissionDigestOf(deps: CheckoutDeps, input: PlaceOrderInput): string {
  const sorted = (fields: object | null) => (fields ? Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)) : null);
  const card = input.card ? [deps.payments.cardFingerprint?.(input.card) ?? null, input.card.expMonth, input.card.expYear] : null;
  return createHash("sha256").update(JSON.stringify({ billing: sorted(input.billing), shipping: sorted(input.shipping), card })).digest("base64url");
}

/** The key of a new submission sent under a form key whose attempt failed: the same content finds it again. */
function resubmissionKey(key: string, digest: string): string {
  return createHash("sha256").update(`resubmission:${key}:${digest}`).digest("base64url");
}

/**
 * Step 1: in one transaction, price the cart from the database, record the attempt under its
 * idempotency key and reserve every line (all or nothing). Checkouts of one cart take the cart's row lock
 * first, so whether an attempt exists under the key, or the shopper has a payment in flight, is decided for
 * every process at once: a cart has at most one payment in flight. A shortfall rolls the attempt back with
 * the stock.
 */
async function claimAttempt(deps: CheckoutDeps, input: PlaceOrderInput, key: string, digest: string, now: Date): Promise<Claim> {
  let cartLines: Awaited<ReturnType<typeof getCart>>["lines"] = [];
  try {
    return await deps.db.transaction(async (tx): Promise<Claim> => {
      if (input.cartId) await lockCart(tx, input.cartId);
      const known = await tx
        .select()
        .from(checkoutAttempts)
        .where(or(eq(checkoutAttempts.idempotencyKey, key), and(eq(checkoutAttempts.userId, input.userId), inArray(checkoutAttempts.status, [...HOLDING_STATUSES]))));
      const same = known.find((a) => a.idempotencyKey === key);
      if (same) return { kind: "taken", attempt: same };
      if (known[0]) return { kind: "busy", attempt: known[0] };
      const cart = await getCart(tx, input.cartId, undefined, { photos: false });
      cartLines = cart.lines;
      if (cart.lines.length === 0) return { kind: "empty" };
      // A line put in the cart before its product was scheduled for a later release is refused until then.
      const early = cart.lines.find((l) => l.notOnSaleUntil);
      if (early) throw notOnSaleYet(early.name, early.notOnSaleUntil!);
      // What ships needs an address to ship to; an order of tickets only needs none (ADR 0018).
      const ships = linesShip(cart.lines);
      if (ships && !input.shipping) throw shippingRequired(missingShippingFields());
      const addresses = addressesOf(input, ships);
      const who: CustomerKeys = {
        userId: input.userId,
        addressKey: addressKeyOf(addresses.shipping ?? addresses.billing),
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
      const id = newToken(16);
      const [attempt] = await tx
        .insert(checkoutAttempts)
        .values({
          id,
          idempotencyKey: key,
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
          billingAddress: addresses.billing,
          shippingAddress: addresses.shipping,
          addressKey: who.addressKey ?? null,
          cardFingerprint: who.cardFingerprint ?? null,
          submissionDigest: digest,
          reservedUntil: new Date(now.getTime() + deps.holdTtlMs),
          visitSessionId: input.visit?.sessionId ?? null,
          visitSource: input.visit?.source ?? "web",
        })
        .onConflictDoNothing({ target: checkoutAttempts.idempotencyKey })
        .returning();
      if (!attempt) {
        // Another cart's checkout took this key a moment ago (a copied form): the key's attempt answers.
        const [other] = await tx.select().from(checkoutAttempts).where(eq(checkoutAttempts.idempotencyKey, key));
        if (!other) throw new Error(`checkout key ${key} was taken and is gone`);
        return { kind: "taken", attempt: other };
      }
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
 * Idempotent on input.idempotencyKey and what was submitted: the same submission sent again gets the first
 * one's outcome and never a second charge; other content under a key whose attempt failed (a corrected card,
 * changed details) is a new attempt. A cart has at most one payment in flight: while an earlier attempt of
 * the shopper is charging, the provider is asked about it first, and its order, or its payment still being
 * processed, is the answer; only an attempt that ended with nothing paid makes way for a new one (ADR 0038).
 */
export async function placeOrder(deps: CheckoutDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const digest = submissionDigestOf(deps, input);
  let key = input.idempotencyKey;
  let inFlight: Attempt | null = null;
  for (let round = 0; round < MAX_TAKEOVERS; round++) {
    const now = deps.now?.() ?? new Date();
    const claim = await claimAttempt(deps, input, key, digest, now);
    switch (claim.kind) {
      case "claimed":
        return chargeAttempt(deps, claim.attempt, input.card);
      case "short":
        return { kind: "insufficient_stock", lines: claim.lines };
      case "empty":
        throw emptyCart();
      case "busy": {
        inFlight = claim.attempt;
        const standing = await takeOver(deps, claim.attempt);
        if (standing.kind === "answer") return standing.result;
        continue;
      }
      case "taken": {
        const attempt = claim.attempt;
        if (attempt.userId !== input.userId) {
          throw new CheckoutError("checkout.key_conflict", checkoutText("checkout.domain.formExpired"));
        }
        if (attempt.submissionDigest === null || attempt.submissionDigest === digest) return awaitExisting(deps, attempt, input.card);
        // The same form sent with other content: once its attempt is over with nothing kept, this is a new one.
        if (isHolding(attempt)) {
          inFlight = attempt;
          const standing = await takeOver(deps, attempt);
          if (standing.kind === "answer") return standing.result;
        } else if (attempt.status === "completed" || attempt.status === "refunding") {
          return attemptOutcome(deps.db, attempt);
        }
        key = resubmissionKey(input.idempotencyKey, digest);
        continue;
      }
    }
  }
  // Attempts kept ending under this one's feet: say it is under way rather than start yet another.
  if (!inFlight) throw new Error("checkout found its key's attempt over again and again");
  return { kind: "in_progress", attemptId: inFlight.id };
}

/**
 * The outcome of an attempt placed before under this key with the same content, waiting a moment while it
 * runs. A charge whose request is gone (its process stopped, or it was cut off) is finished here, under the
 * same key, instead of refused: the provider answers with the first charge if there was one.
 */
async function awaitExisting(deps: CheckoutDeps, first: Attempt, card: CardInput | undefined): Promise<PlaceOrderResult> {
  const deadline = Date.now() + DUPLICATE_WAIT_MS;
  let attempt = first;
  for (;;) {
    if (attempt.status === "charging" && !attempt.clientSecret && chargeLooksAbandoned(attempt, deps.now?.() ?? new Date())) {
      return chargeAttempt(deps, attempt, card);
    }
    const outcome = await attemptOutcome(deps.db, attempt);
    if (outcome.kind !== "in_progress" || Date.now() > deadline) return outcome;
    await new Promise((r) => setTimeout(r, 100));
    const again = await attemptById(deps.db, attempt.id);
    if (!again) throw new CheckoutError("checkout.attempt_not_found", checkoutText("checkout.domain.paymentFailed"));
    attempt = again;
  }
}
