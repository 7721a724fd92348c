/** Pure order rules: the status table, the order number, the money on an order. No database. */
import { ORDER_STATUSES, type OrderStatus } from "../../db/schema/orders.ts";
import { taxCents } from "../shared/money.ts";

export { ORDER_STATUSES, type OrderStatus };

/**
 * The only status changes there are: pending -> processing -> shipped -> delivered, and pending or
 * processing -> cancelled (before shipment). Everything else is refused.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Statuses whose orders have been paid for and not refunded. */
export const PAID_STATUSES: readonly OrderStatus[] = ["processing", "shipped", "delivered"];

/** "EH-100001": the number a shopper reads and quotes. */
export function orderNumberLabel(number: number): string {
  return `EH-${number}`;
}

/** Shipping is free (SPEC section 9). */
export const SHIPPING_CENTS = 0;

export interface OrderAmounts {
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

/** Subtotal, 8% tax rounded half up once per order, free shipping, total: all in cents. */
export function orderAmounts(lines: readonly { unitPriceCents: number; quantity: number }[]): OrderAmounts {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const tax = taxCents(subtotalCents);
  return { subtotalCents, taxCents: tax, shippingCents: SHIPPING_CENTS, totalCents: subtotalCents + tax + SHIPPING_CENTS };
}
