import type { Db } from "../../db/client.ts";
import { orderItems, orders, orderStatusHistory, type CheckoutLine, type PaymentProviderName, type PostalAddress } from "../../db/schema/index.ts";
import { newToken } from "../shared/ids.ts";
import type { OrderAmounts } from "./rules.ts";

export interface NewPaidOrder extends OrderAmounts {
  checkoutAttemptId: string;
  userId: string;
  customerEmail: string;
  currency: string;
  billingAddress: PostalAddress;
  /** Null when nothing in the order ships (event tickets only). */
  shippingAddress: PostalAddress | null;
  lines: readonly CheckoutLine[];
  paymentProvider: PaymentProviderName;
  paymentId: string;
  cardBrand: string | null;
  cardLast4: string | null;
  /** Kept for per-customer limits (ADR 0033): the folded shipping address and the card's fingerprint, where known. */
  addressKey?: string | null;
  cardFingerprint?: string | null;
}

/**
 * Writes a paid order inside the caller's transaction: created pending (placed by the shopper), then
 * processing (payment received), each step in the status history. The lines are snapshots.
 * Unique checkout_attempt_id makes a second order for one attempt impossible.
 */
export async function insertPaidOrder(tx: Db, order: NewPaidOrder): Promise<{ id: string; number: number }> {
  const id = newToken(12);
  const [row] = await tx
    .insert(orders)
    .values({
      id,
      checkoutAttemptId: order.checkoutAttemptId,
      userId: order.userId,
      status: "processing",
      customerEmail: order.customerEmail,
      customerName: order.billingAddress.name,
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
      currency: order.currency,
      billingAddress: order.billingAddress,
      shippingAddress: order.shippingAddress,
      paymentProvider: order.paymentProvider,
      paymentId: order.paymentId,
      cardBrand: order.cardBrand,
      cardLast4: order.cardLast4,
      addressKey: order.addressKey ?? null,
      cardFingerprint: order.cardFingerprint ?? null,
    })
    .returning({ id: orders.id, number: orders.number });
  await tx.insert(orderItems).values(
    order.lines.map((l) => ({
      orderId: id,
      productId: l.productId,
      variantId: l.variantId,
      productSlug: l.slug,
      name: l.name,
      sku: l.sku,
      size: l.size,
      color: l.color,
      image: l.image,
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      lineTotalCents: l.unitPriceCents * l.quantity,
    })),
  );
  await tx.insert(orderStatusHistory).values([
    { orderId: id, fromStatus: null, toStatus: "pending", actor: order.userId, note: "Order placed" },
    { orderId: id, fromStatus: "pending", toStatus: "processing", actor: "system", note: "Payment received" },
  ]);
  return row!;
}
