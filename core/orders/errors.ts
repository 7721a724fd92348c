import { errorsOf } from "../shared/errors.ts";
import { textsOf, type TextRef } from "../shared/text.ts";
import { canTransition, type OrderStatus } from "./rules.ts";

export type OrderErrorCode = "orders.not_found" | "orders.invalid_transition" | "orders.not_reorderable" | "orders.refund_exceeds" | "orders.refund_invalid";

export class OrderError extends errorsOf<OrderErrorCode>({
  "orders.not_found": 404,
  "orders.invalid_transition": 409,
  "orders.not_reorderable": 409,
  "orders.refund_exceeds": 409,
  "orders.refund_invalid": 400,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const ordersText = textsOf({
  "orders.domain.notFound": [],
  "orders.domain.notReorderable": [],
  "orders.domain.nothingOnSale": [],
  "orders.domain.alreadyInStatus": ["status"],
  "orders.domain.noLongerCancellable": ["status"],
  "orders.domain.cannotBeMarked": ["from", "to"],
});

/** Why a status change is refused; null when the table allows it. */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): TextRef | null {
  if (canTransition(from, to)) return null;
  if (from === to) return ordersText("orders.domain.alreadyInStatus", { status: from });
  if (to === "cancelled") return ordersText("orders.domain.noLongerCancellable", { status: from });
  return ordersText("orders.domain.cannotBeMarked", { from, to });
}

/** Also what another customer's order gives: exactly as if it did not exist. */
export const orderNotFound = (orderId: string) => new OrderError("orders.not_found", ordersText("orders.domain.notFound"), { orderId });

export const invalidTransition = (from: OrderStatus, to: OrderStatus) =>
  new OrderError("orders.invalid_transition", transitionRefusal(from, to) ?? ordersText("orders.domain.cannotBeMarked", { from, to }), { from, to });

/** Reorder refused by the order's rule (orderActions): not delivered, or nothing in it on sale any more (tickets of a past event). */
export const notReorderable = (status: OrderStatus) =>
  new OrderError("orders.not_reorderable", ordersText(status === "delivered" ? "orders.domain.nothingOnSale" : "orders.domain.notReorderable"), { status });
