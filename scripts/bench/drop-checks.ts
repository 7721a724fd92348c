import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders, queueTickets, stockMovements, variants } from "../../db/schema/index.ts";
import type { Shopper } from "./drop-shared.ts";

// bench-drop.ts's checks, after the run: orders against the stock and the ledger, the limit per account, that every
// buyer was let in before buying, and the order of admissions against the order of places.

export interface DropCheckInput {
  db: Db;
  product: { id: number };
  productVariants: { id: number }[];
  shoppers: Shopper[];
  units: number;
  stockOf: Map<number, number>;
}

/** What the database says after the drop. */
export async function checkDrop({ db, product, productVariants, shoppers, units, stockOf }: DropCheckInput) {
  const ids = productVariants.map((v) => v.id);
  const standingOrder = sql`${orders.status} <> 'cancelled'`;
  const [sold] = await db
    .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`, orders: sql<number>`count(distinct ${orders.id})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.variantId, ids), standingOrder));
  const [ledger] = await db
    .select({ units: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
    .from(stockMovements)
    .where(and(inArray(stockMovements.variantId, ids), eq(stockMovements.type, "sale")));
  const counters = await db.select({ id: variants.id, onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(inArray(variants.id, ids));
  const overLimit = await db
    .select({ userId: orders.userId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(inArray(orderItems.variantId, ids), standingOrder))
    .groupBy(orders.userId)
    .having(sql`sum(${orderItems.quantity}) > 1`);
  const [unadmitted] = await db
    .select({ n: sql<number>`count(distinct ${orders.id})::int` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        inArray(orderItems.variantId, ids),
        sql`not exists (select 1 from ${queueTickets} t where t.product_id = ${product.id} and t.account_id = ${orders.userId}
          and t.admitted_at is not null and t.admitted_at <= ${orders.createdAt})`,
      ),
    );
  const buyers = new Set((await db.selectDistinct({ userId: orders.userId }).from(orders)).map((r) => r.userId));
  const botIds = new Set(shoppers.filter((s) => s.bot).map((s) => s.userId));
  const botBuyers = [...buyers].filter((id) => id !== null && botIds.has(id)).length;

  const tickets = await db
    .select({
      seq: queueTickets.seq,
      accountId: queueTickets.accountId,
      admittedMs: sql<number | null>`(extract(epoch from ${queueTickets.admittedAt}) * 1000)::float8`,
      waitMs: sql<number | null>`(extract(epoch from ${queueTickets.admittedAt} - ${queueTickets.createdAt}) * 1000)::float8`,
    })
    .from(queueTickets)
    .where(eq(queueTickets.productId, product.id))
    .orderBy(queueTickets.seq);
  // Out of order: a ticket let in while a lower place was still waiting (let in later, or not at all).
  let outOfOrder = 0;
  let largestDisplacement = 0;
  for (let i = 0; i < tickets.length; i++) {
    const t = tickets[i]!;
    if (t.admittedMs === null) continue;
    let displaced = 0;
    for (let j = 0; j < i; j++) {
      const u = tickets[j]!;
      if (u.admittedMs === null || u.admittedMs > t.admittedMs) displaced += 1;
    }
    if (displaced > 0) outOfOrder += 1;
    largestDisplacement = Math.max(largestDisplacement, displaced);
  }
  const ticketsPerAccount = new Map<string, number>();
  for (const t of tickets) if (t.accountId) ticketsPerAccount.set(t.accountId, (ticketsPerAccount.get(t.accountId) ?? 0) + 1);
  const admittedTickets = tickets.filter((t) => t.admittedMs !== null);
  const dbWaits = admittedTickets.map((t) => Number(t.waitMs)).sort((a, b) => a - b);
  const peopleWaits = shoppers.filter((s) => !s.bot && s.waitedMs !== null).map((s) => s.waitedMs!).sort((a, b) => a - b);

  const oversold = Math.max(0, sold!.units - units);
  const ledgerProblems: string[] = [];
  if (ledger!.units !== sold!.units) ledgerProblems.push(`${sold!.units} units in orders but ${ledger!.units} in sale movements`);
  for (const c of counters) {
    if (c.onHand < 0 || c.reserved !== 0) ledgerProblems.push(`variant ${c.id}: on hand ${c.onHand} (of ${stockOf.get(c.id)}), reserved ${c.reserved}`);
  }
  const onHandLeft = counters.reduce((n, c) => n + c.onHand, 0);
  if (onHandLeft !== units - sold!.units) ledgerProblems.push(`on hand ${onHandLeft}, expected ${units - sold!.units}`);
  return { sold: sold!, ledger: ledger!, overLimit, unadmitted: unadmitted!, botBuyers, tickets, outOfOrder, largestDisplacement, ticketsPerAccount, admittedTickets, dbWaits, peopleWaits, oversold, ledgerProblems };
}
