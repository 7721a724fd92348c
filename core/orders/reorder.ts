import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartItems, carts, orderItems, orders, products, variants } from "../../db/schema/index.ts";
import { addToCart, CartError, cartText, MAX_LINE_QUANTITY } from "../cart/index.ts";
import { notReorderable, orderNotFound } from "./errors.ts";
import { actionsOfOrder } from "./queries.ts";
import { planReorder, type ReorderOutcome, type VariantNow } from "./rules.ts";

export interface ReorderResult {
  /** Units put into the cart. */
  addedUnits: number;
  /** Every line of the order: how many went back in, and why not all when not. */
  outcomes: ReorderOutcome[];
}

/**
 * Puts a delivered order's items back into the customer's cart, at today's prices (the cart always
 * reads them from the catalogue). Under the cart's lock, each line is planned against the catalogue as
 * it is now (still sold? how many available beyond what the cart holds? the 99 limit) and added with the
 * cart's own command, which checks stock again; a line that lost its stock in between is reported, not
 * fatal. The order must be the customer's own: anyone else's is "not found".
 */
export async function reorder(db: Db, input: { userId: string; orderId: string; cartId: string }): Promise<ReorderResult> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)));
    if (!order) throw orderNotFound(input.orderId);
    // The order's one rule (orderActions): delivered, with something in it still on sale.
    if (!(await actionsOfOrder(tx, order.id))?.reorder) throw notReorderable(order.status);

    // The cart must be this customer's: never fill someone else's.
    const [cart] = await tx.select({ id: carts.id }).from(carts).where(and(eq(carts.id, input.cartId), eq(carts.userId, input.userId))).for("update");
    if (!cart) throw new CartError("cart.line_not_found", cartText("cart.domain.expiredTryAgain"));

    const lines = await tx
      .select({ variantId: orderItems.variantId, name: orderItems.name, size: orderItems.size, color: orderItems.color, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id);
    const ids = lines.flatMap((l) => (l.variantId === null ? [] : [l.variantId]));
    const now = new Map<number, VariantNow>();
    if (ids.length > 0) {
      const rows = await tx
        .select({
          id: variants.id,
          // A ticket of an event that is over (a sale that ended) is no longer available.
          sellable: sql<boolean>`${variants.active} and ${products.active} and (${products.saleEndsAt} is null or ${products.saleEndsAt} > now())`,
          available: variants.available,
          inCart: sql<number>`coalesce(${cartItems.quantity}, 0)`.mapWith(Number),
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .leftJoin(cartItems, and(eq(cartItems.variantId, variants.id), eq(cartItems.cartId, cart.id)))
        .where(inArray(variants.id, ids));
      for (const r of rows) now.set(r.id, { sellable: Boolean(r.sellable), available: r.available, inCart: r.inCart });
    }

    const plan = planReorder(lines, now, MAX_LINE_QUANTITY);
    let addedUnits = 0;
    for (const add of plan.add) {
      try {
        await addToCart(tx, cart.id, add);
        addedUnits += add.quantity;
      } catch (error) {
        if (!(error instanceof CartError)) throw error;
        // Stock moved between the plan and the add (another shopper's checkout): say so for this line.
        const outcome = plan.outcomes.find((o) => o.variantId === add.variantId);
        if (outcome) Object.assign(outcome, { added: 0, reason: "out_of_stock", message: error.text });
      }
    }
    return { addedUnits, outcomes: plan.outcomes };
  });
}
