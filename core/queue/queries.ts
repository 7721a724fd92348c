import { and, eq, isNotNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productQueues, products } from "../../db/schema/index.ts";
import { productReleaseAt } from "../catalog/index.ts";
import { DEFAULT_QUEUE_SETTINGS, type QueueSettings } from "./rules.ts";

/** A product's waiting-room settings (capacity null: none), as the back office shows them. */
export async function queueSettingsOf(db: Db, productId: number): Promise<QueueSettings> {
  const [row] = await db
    .select({ capacity: productQueues.capacity, ratePerMinute: productQueues.ratePerMinute, checkoutMinutes: productQueues.checkoutMinutes })
    .from(productQueues)
    .where(eq(productQueues.productId, productId));
  return row ?? DEFAULT_QUEUE_SETTINGS;
}

/**
 * A product's line applies: its waiting room is switched on and it is not being sold by raffle (a raffle
 * decides who buys, ADR 0035; its winners never queue for what they won).
 */
export const waitingRoomApplies = (productId: number) =>
  and(eq(productQueues.productId, productId), isNotNull(productQueues.capacity), sql`not exists (select 1 from raffles r where r.product_id = ${productId} and r.finished_at is null)`);

/**
 * When the pass a cart holds for a product runs out (its earliest unused one bound to that cart), while the
 * product's line applies; null otherwise. A column expression for a select that has the cart's id and the
 * product's id in scope (the cart's lines).
 */
export const cartPassExpiresAt = (cartId: AnyColumn, productId: AnyColumn): SQL<Date | null> =>
  sql`(select min(qt.expires_at) from queue_tickets qt join product_queues pq on pq.product_id = qt.product_id and pq.capacity is not null
    where qt.cart_id = ${cartId} and qt.product_id = ${productId} and qt.used_at is null and qt.expires_at is not null
    and not exists (select 1 from raffles r where r.product_id = ${productId} and r.finished_at is null))`;

/** True when the product has a waiting room switched on (and no raffle running). */
export async function hasWaitingRoom(db: Db, productId: number): Promise<boolean> {
  const rows = await db.select({ productId: productQueues.productId }).from(productQueues).where(waitingRoomApplies(productId)).limit(1);
  return rows.length > 0;
}

/**
 * A drop whose line runs now, as an app process pictures it between two reads (ADR 0040): on sale, its waiting room on, no raffle running; sold out or not; the places still waiting,
 * in order; the next number a place would get.
 */
export interface RunningLine {
  productId: number;
  slug: string;
  name: string;
  /** Only account holders may join (sign-in required, or a limit per customer). */
  accountOnly: boolean;
  /** No active variant has a unit available: the line holds nobody. */
  soldOut: boolean;
  ratePerMinute: number;
  /** Places numbered from here on joined after this read. */
  nextSeq: number;
  /** The numbers of the places still waiting, lowest first. */
  waiting: number[];
  /** The product's variants, active or not. */
  variantIds: number[];
}

/** Every line running now, with its waiting places: one statement, whatever the number of drops. */
export async function runningLines(db: Db): Promise<RunningLine[]> {
  const rows = await db
    .select({
      productId: productQueues.productId,
      slug: products.slug,
      name: products.name,
      accountOnly: sql<boolean>`(${products.signInRequired} or ${products.limitPerCustomer} is not null)`,
      soldOut: sql<boolean>`not exists (select 1 from variants v where v.product_id = ${productQueues.productId} and v.active and v.available > 0)`,
      ratePerMinute: productQueues.ratePerMinute,
      nextSeq: productQueues.nextSeq,
      waiting: sql<number[] | string | null>`(select json_agg(w.seq order by w.seq) from queue_tickets w where w.product_id = ${productQueues.productId} and w.admitted_at is null)`,
      variantIds: sql<number[] | string | null>`(select json_agg(v.id) from variants v where v.product_id = ${productQueues.productId})`,
    })
    .from(productQueues)
    .innerJoin(products, eq(products.id, productQueues.productId))
    .where(
      and(
        isNotNull(productQueues.capacity),
        eq(products.active, true),
        sql`(${productReleaseAt} is null or ${productReleaseAt} <= now())`,
        sql`(${products.saleEndsAt} is null or ${products.saleEndsAt} > now())`,
        sql`not exists (select 1 from raffles r where r.product_id = ${productQueues.productId} and r.finished_at is null)`,
      ),
    );
  return rows.map((r) => {
    const list = (value: number[] | string | null) => (typeof value === "string" ? (JSON.parse(value) as number[]) : (value ?? [])).map(Number);
    return { ...r, nextSeq: Number(r.nextSeq), waiting: list(r.waiting), variantIds: list(r.variantIds) };
  });
}
