/** Pure order rules: the status table, the order number, the money on an order. No database. */
import type { OrderStatus } from "../../db/schema/orders.ts";
import { taxCents } from "../shared/money.ts";
import { textsOf, type TextRef } from "../shared/text.ts";

export type { OrderStatus };

/** The statuses, in the order of the filter tabs (kept here too so the browser bundle needs no schema). */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const satisfies readonly OrderStatus[];

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

/** The history note of an order delivered without shipping: every line was a ticket, sent by email. */
export const TICKETS_SENT_NOTE = "Tickets sent by email";

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

/** The word a shopper reads for each status (the filter tabs, the badge). */
export const ORDER_STATUS_LABEL: Readonly<Record<OrderStatus, string>> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** Orders whose payment an administrator may give back in part or in full: after shipment (before it, cancel). */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ["shipped", "delivered"];

/** Orders on one page of the order history. */
export const ORDERS_PAGE_SIZE = 20;

/**
 * The provider's idempotency key for an order's refund: one per order, so a retried cancellation (or
 * two at once) gives the money back once.
 */
export function refundKey(orderId: string): string {
  return `refund:order:${orderId}`;
}

/** "Harlem Classic Tee (S / Black)" */
export function describeItem(line: { name: string; size: string | null; color: string | null }): string {
  const options = [line.size, line.color].filter(Boolean).join(" / ");
  return options ? `${line.name} (${options})` : line.name;
}

// ---------------------------------------------------------------------------------------------------
// Reorder: what goes back into the cart, decided from the order's lines and the catalogue as it is now.

export interface ReorderLine {
  /** Null once the variant was deleted from the catalogue. */
  variantId: number | null;
  name: string;
  size: string | null;
  color: string | null;
  quantity: number;
}

/** A variant as it stands now: sellable (it and its product active), available stock, units already in the cart. */
export interface VariantNow {
  sellable: boolean;
  available: number;
  inCart: number;
}

export type ReorderReason = "unavailable" | "out_of_stock" | "limited_stock" | "cart_limit";

export interface ReorderOutcome {
  variantId: number | null;
  item: string;
  requested: number;
  added: number;
  /** Null when every unit asked for was added. */
  reason: ReorderReason | null;
  /** What the shopper reads about a line that was not fully added (a text of the catalogue); null when it was. */
  message: TextRef | null;
}

/** What a reorder says of a line not fully added: texts of the catalogue (texts/messages), with the values each takes. */
export const reorderText = textsOf({
  "orders.domain.noLongerAvailable": ["item"],
  "orders.domain.atCartLimit": ["item", "held"],
  "orders.domain.partlyCartLimit": ["item", "added", "requested", "max"],
  "orders.domain.noStockInCart": ["item", "available", "held"],
  "cart.domain.outOfStock": ["item"],
  "orders.domain.partlyStockInCart": ["item", "added", "requested", "available", "held"],
  "orders.domain.partlyStock": ["item", "added", "requested", "available"],
});

/**
 * Decides, line by line, how many units go back into the cart: never more than is available beyond what
 * the cart already holds, never past the cart's limit per line; a withdrawn or deleted item is skipped.
 * Each skipped or shortened line says why.
 */
export function planReorder(
  lines: readonly ReorderLine[],
  now: ReadonlyMap<number, VariantNow>,
  maxPerLine: number,
): { add: { variantId: number; quantity: number }[]; outcomes: ReorderOutcome[] } {
  const inCart = new Map<number, number>();
  const add: { variantId: number; quantity: number }[] = [];
  const outcomes: ReorderOutcome[] = [];
  for (const line of lines) {
    const item = describeItem(line);
    const named = { name: line.name, size: line.size, color: line.color, separator: " / " } as const;
    const state = line.variantId === null ? undefined : now.get(line.variantId);
    if (line.variantId === null || !state || !state.sellable) {
      outcomes.push({ variantId: line.variantId, item, requested: line.quantity, added: 0, reason: "unavailable", message: reorderText("orders.domain.noLongerAvailable", { item: named }) });
      continue;
    }
    const held = inCart.get(line.variantId) ?? state.inCart;
    const byStock = Math.max(0, state.available - held);
    const byLimit = Math.max(0, maxPerLine - held);
    const added = Math.min(line.quantity, byStock, byLimit);
    const requested = line.quantity;
    const available = state.available;
    let reason: ReorderReason | null = null;
    let message: TextRef | null = null;
    if (added < line.quantity) {
      if (byLimit < line.quantity && byLimit <= byStock) {
        reason = "cart_limit";
        message =
          added === 0
            ? reorderText("orders.domain.atCartLimit", { item: named, held })
            : reorderText("orders.domain.partlyCartLimit", { item: named, added, requested, max: maxPerLine });
      } else if (added === 0) {
        reason = "out_of_stock";
        message = held > 0 ? reorderText("orders.domain.noStockInCart", { item: named, available, held }) : reorderText("cart.domain.outOfStock", { item: named });
      } else {
        reason = "limited_stock";
        message =
          held > 0
            ? reorderText("orders.domain.partlyStockInCart", { item: named, added, requested, available, held })
            : reorderText("orders.domain.partlyStock", { item: named, added, requested, available });
      }
    }
    if (added > 0) {
      add.push({ variantId: line.variantId, quantity: added });
      inCart.set(line.variantId, held + added);
    }
    outcomes.push({ variantId: line.variantId, item, requested: line.quantity, added, reason, message });
  }
  return { add, outcomes };
}

// ---------------------------------------------------------------------------------------------------
// The shipment timeline (Track Package), read from the status history.

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  /** When the order reached this step; null for steps still to come. */
  at: Date | null;
  /** The note written with the change (a carrier, a reason), if any. */
  note: string | null;
  state: "done" | "current" | "upcoming";
}

const TIMELINE_LABEL: Readonly<Record<OrderStatus, string>> = {
  pending: "Order placed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/**
 * Order placed -> Processing -> Shipped -> Delivered, each with the time it was reached; the step the
 * order is at now is "current". A cancelled order ends at Cancelled, with no steps to come.
 */
export function shipmentTimeline(
  status: OrderStatus,
  history: readonly { toStatus: OrderStatus; createdAt: Date | string; note?: string | null }[],
): TimelineStep[] {
  const reached = new Map<OrderStatus, { at: Date; note: string | null }>();
  for (const entry of history) if (!reached.has(entry.toStatus)) reached.set(entry.toStatus, { at: new Date(entry.createdAt), note: entry.note ?? null });
  // An order with nothing to ship (tickets, sent by email) goes from processing straight to delivered.
  const nothingShipped = status === "delivered" && !reached.has("shipped");
  const path: OrderStatus[] = ["pending", "processing", ...(nothingShipped ? [] : (["shipped"] as const)), "delivered"];
  const steps = status === "cancelled" ? [...path.filter((s) => reached.has(s)), "cancelled" as const] : path;
  const currentIndex = steps.indexOf(status);
  return steps.map((s, i) => ({
    status: s,
    label: TIMELINE_LABEL[s],
    at: i <= currentIndex ? (reached.get(s)?.at ?? null) : null,
    note: i <= currentIndex ? (reached.get(s)?.note ?? null) : null,
    state: i < currentIndex ? "done" : i === currentIndex ? "current" : "upcoming",
  }));
}

// ---------------------------------------------------------------------------------------------------
// What an order offers (Track Package, Reorder, its shipping line), from what it holds and its status:
// the one rule the order pages, the order mails and the API follow.

/** goods: something that ships; ticket: an event's seat, sent by email (nothing to ship). */
export type OrderLineKind = "goods" | "ticket";

/** What the rule needs to know of each line: its kind, and whether it can no longer be bought (a ticket once its event is over). */
export interface OrderLineFacts {
  kind: OrderLineKind;
  saleEnded: boolean;
}

/**
 * not_shipped: goods still to ship; shipped: they left (shipped or delivered); nothing_to_ship: event tickets
 * only, sent by email; cancelled: cancelled before anything shipped.
 */
export type ShippingState = "not_shipped" | "shipped" | "nothing_to_ship" | "cancelled";

export interface OrderActions {
  /** Track Package: there is a package (goods) and the order was not cancelled. */
  track: boolean;
  /** Reorder: delivered, with something in it still on sale (not only tickets of a past event). */
  reorder: boolean;
  shipping: ShippingState;
}

export function orderActions(order: { status: OrderStatus; lines: readonly OrderLineFacts[] }): OrderActions {
  const ships = order.lines.some((l) => l.kind === "goods");
  const shipping: ShippingState =
    order.status === "cancelled" ? "cancelled" : !ships ? "nothing_to_ship" : order.status === "shipped" || order.status === "delivered" ? "shipped" : "not_shipped";
  return {
    track: ships && order.status !== "cancelled",
    reorder: order.status === "delivered" && order.lines.some((l) => !l.saleEnded),
    shipping,
  };
}
