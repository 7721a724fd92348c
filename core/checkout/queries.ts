/** Reads of checkout attempts: where an attempt stands, and its receipt once the order exists. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, HOLDING_STATUSES, orders, type CheckoutLine } from "../../db/schema/index.ts";
import { getCart, linesShip } from "../cart/index.ts";
import { CHECKOUT_MESSAGES } from "./rules.ts";

export type Attempt = typeof checkoutAttempts.$inferSelect;

export interface ShortLine {
  variantId: number;
  name: string;
  size: string | null;
  color: string | null;
  requested: number;
  available: number;
}

/** What the shopper sees after an order was paid for: also what the confirmation mail says. */
export interface Receipt {
  orderId: string;
  orderNumber: number;
  customerEmail: string;
  customerName: string;
  lines: CheckoutLine[];
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

export type PlaceOrderResult =
  /** `fresh` is true for the request that created the order (it sends the confirmation mail). */
  | { kind: "completed"; attemptId: string; receipt: Receipt; fresh: boolean }
  | { kind: "failed"; attemptId: string; message: string }
  | { kind: "insufficient_stock"; lines: ShortLine[] }
  | { kind: "requires_confirmation"; attemptId: string; clientSecret: string; totalCents: number }
  | { kind: "in_progress"; attemptId: string };

/** Whether the cart holds anything that ships, so that checkout needs a shipping address (event tickets do not ship). */
export async function needsShippingAddress(db: Db, cartId: string | null): Promise<boolean> {
  if (!cartId) return false;
  return linesShip((await getCart(db, cartId, undefined, { photos: false })).lines);
}

/** Whether an attempt still holds its stock: its payment is in flight (charging) or was never asked for. */
export function isHolding(attempt: Pick<Attempt, "status">): boolean {
  return (HOLDING_STATUSES as readonly string[]).includes(attempt.status);
}

/** The shopper's attempts still holding stock, newest first (one at most since ADR 0038, but older rows may be two). */
export async function openAttemptsOf(db: Db, userId: string): Promise<Attempt[]> {
  return db
    .select()
    .from(checkoutAttempts)
    .where(and(eq(checkoutAttempts.userId, userId), inArray(checkoutAttempts.status, [...HOLDING_STATUSES])))
    .orderBy(desc(checkoutAttempts.createdAt));
}

export async function attemptById(db: Db, attemptId: string): Promise<Attempt | undefined> {
  const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId));
  return row;
}

/** The attempt behind a provider's payment id (the webhook's way in). */
export async function attemptByPaymentId(db: Db, paymentId: string): Promise<Attempt | undefined> {
  const [row] = await db.select().from(checkoutAttempts).where(eq(checkoutAttempts.paymentId, paymentId));
  return row;
}

/** Where an attempt stands, as the shopper should hear it. */
export async function attemptOutcome(db: Db, attempt: Attempt): Promise<PlaceOrderResult> {
  switch (attempt.status) {
    case "completed": {
      const receipt = await receiptFor(db, attempt);
      if (!receipt) return { kind: "in_progress", attemptId: attempt.id };
      return { kind: "completed", attemptId: attempt.id, receipt, fresh: false };
    }
    case "failed":
      return { kind: "failed", attemptId: attempt.id, message: attempt.failureMessage ?? CHECKOUT_MESSAGES.paymentFailed };
    case "expired":
      return { kind: "failed", attemptId: attempt.id, message: attempt.failureMessage ?? CHECKOUT_MESSAGES.reservationExpired };
    case "refunding":
    case "refunded":
      return { kind: "failed", attemptId: attempt.id, message: attempt.failureMessage ?? CHECKOUT_MESSAGES.paymentFailed };
    default:
      if (attempt.clientSecret) {
        return { kind: "requires_confirmation", attemptId: attempt.id, clientSecret: attempt.clientSecret, totalCents: attempt.totalCents };
      }
      return { kind: "in_progress", attemptId: attempt.id };
  }
}

export async function receiptFor(db: Db, attempt: Attempt): Promise<Receipt | null> {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, customerName: orders.customerName })
    .from(orders)
    .where(eq(orders.checkoutAttemptId, attempt.id));
  if (!order) return null;
  return toReceipt(attempt, order);
}

export function toReceipt(attempt: Attempt, order: { id: string; number: number; customerName: string }): Receipt {
  return {
    orderId: order.id,
    orderNumber: order.number,
    customerEmail: attempt.customerEmail,
    customerName: order.customerName,
    lines: attempt.lines,
    subtotalCents: attempt.subtotalCents,
    taxCents: attempt.taxCents,
    shippingCents: attempt.shippingCents,
    totalCents: attempt.totalCents,
  };
}

/** Stock still held by unfinished checkouts (for tests and the admin). */
export async function heldAttemptCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkoutAttempts)
    .where(inArray(checkoutAttempts.status, [...HOLDING_STATUSES]));
  return row?.n ?? 0;
}
