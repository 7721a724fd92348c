import { and, eq, inArray, or, sql } from "drizzle-orm";
import { adjustStock } from "../../core/inventory/index.ts";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, HOLDING_STATUSES, orderItems, orders, products, stockMovements, variants } from "../../db/schema/index.ts";

// bench-checkout.ts's stock raced for: the variants given little stock before the run, and what was sold of them
// after it, against the stock there ever was.

/** The reason the bench's restocks are recorded with (told apart from the stock take in the ledger). */
export const RESTOCK_REASON = "Bench restock";

/** The stock mix: scarce variants are raced for, common ones sell out during the run, deep ones never do. */
export const MIX = [
  { tier: "scarce", count: 4, stock: 3, weight: 0.4 },
  { tier: "common", count: 8, stock: 25, weight: 0.4 },
  { tier: "deep", count: 4, stock: 5000, weight: 0.2 },
] as const;

export interface Picked {
  id: number;
  label: string;
  tier: (typeof MIX)[number]["tier"];
  weight: number;
}

/** The variants raced for (many products' variants), each given its starting stock by a stock take (an inventory command). */
export async function pickRacedVariants(db: Db): Promise<{ picked: Picked[]; initial: Map<number, number> }> {
  const rows = await db
    .select({ id: variants.id, name: products.name, size: variants.size, color: variants.color })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.active, true), eq(products.active, true)))
    .orderBy(variants.id);
  const needed = MIX.reduce((n, m) => n + m.count, 0);
  if (rows.length < needed) throw new Error(`the catalogue has ${rows.length} variants; the bench needs ${needed}`);
  const picked: Picked[] = [];
  const initial = new Map<number, number>();
  // Every other variant, so the raced ones come from many products.
  const pool = rows.filter((_, i) => i % 2 === 0).concat(rows.filter((_, i) => i % 2 === 1));
  for (const m of MIX) {
    for (let i = 0; i < m.count; i++) {
      const v = pool[picked.length]!;
      await adjustStock(db, v.id, m.stock, { actor: "bench", reason: "Bench starting stock" });
      initial.set(v.id, m.stock);
      const options = [v.size, v.color].filter(Boolean).join(", ");
      picked.push({ id: v.id, label: `${v.name}${options ? ` (${options})` : ""}`, tier: m.tier, weight: m.weight / m.count });
    }
  }
  return { picked, initial };
}

export interface StockCheck {
  oversold: number;
  ledgerProblems: string[];
  /** One row per variant: tier, variant, initial, restocked, sold, on hand. */
  stockRows: string[][];
  /** Variants with negative or over-reserved stock. */
  negative: number;
  /** Checkouts still holding stock. */
  held: number;
}

/** What was sold, from the paid orders, against the stock there ever was; `paid`: the checkouts answered paid. */
export async function checkStock(db: Db, picked: Picked[], initial: Map<number, number>, paid: number): Promise<StockCheck> {
  const ids = picked.map((p) => p.id);
  const soldRows = await db
    .select({ variantId: orderItems.variantId, units: sql<number>`sum(${orderItems.quantity})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(inArray(orderItems.variantId, ids))
    .groupBy(orderItems.variantId);
  const movementRows = await db
    .select({ variantId: stockMovements.variantId, type: stockMovements.type, reason: stockMovements.reason, units: sql<number>`sum(${stockMovements.quantity})::int` })
    .from(stockMovements)
    .where(and(inArray(stockMovements.variantId, ids), inArray(stockMovements.type, ["sale", "restock"])))
    .groupBy(stockMovements.variantId, stockMovements.type, stockMovements.reason);
  const counters = await db.select({ id: variants.id, onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(inArray(variants.id, ids));
  const [negative] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(variants)
    .where(or(sql`${variants.onHand} < 0`, sql`${variants.reserved} < 0`, sql`${variants.reserved} > ${variants.onHand}`));
  const [held] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkoutAttempts)
    .where(inArray(checkoutAttempts.status, [...HOLDING_STATUSES]));
  const [orderCount] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);

  let oversold = 0;
  const ledgerProblems: string[] = [];
  const stockRows: string[][] = [];
  for (const p of picked) {
    const sold = soldRows.find((r) => r.variantId === p.id)?.units ?? 0;
    const restocked = movementRows.find((r) => r.variantId === p.id && r.type === "restock" && r.reason === RESTOCK_REASON)?.units ?? 0;
    const saleMovements = movementRows.filter((r) => r.variantId === p.id && r.type === "sale").reduce((n, r) => n + r.units, 0);
    const supply = initial.get(p.id)! + restocked;
    const counter = counters.find((c) => c.id === p.id)!;
    oversold += Math.max(0, sold - supply);
    if (saleMovements !== sold) ledgerProblems.push(`${p.label}: ${sold} units in orders but ${saleMovements} in sale movements`);
    if (counter.onHand !== supply - sold) ledgerProblems.push(`${p.label}: on hand ${counter.onHand}, expected ${supply - sold}`);
    if (counter.reserved !== 0) ledgerProblems.push(`${p.label}: ${counter.reserved} still reserved`);
    stockRows.push([p.tier, p.label, String(initial.get(p.id)), String(restocked), String(sold), String(counter.onHand)]);
  }
  if (orderCount!.n !== paid) ledgerProblems.push(`${paid} checkouts answered paid but ${orderCount!.n} orders exist`);

  return { oversold, ledgerProblems, stockRows, negative: negative!.n, held: held!.n };
}
