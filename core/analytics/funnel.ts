/** The analytics page's funnel: sessions that reached each step from a visit to a purchase, read from the daily rollups. */
import { between, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { analyticsDaily } from "../../db/schema/index.ts";
import { percent, type DayRange } from "./rules.ts";

export interface FunnelStep {
  step: "sessions" | "product_views" | "add_to_cart" | "checkout_started" | "purchased";
  label: string;
  sessions: number;
  /** Share of the step before that reached this one, in per cent (100 for the first). */
  fromPrevious: number;
  previousPeriod: number;
}

/** Sessions that reached each step, and the drop between steps. */
export async function getFunnel(db: Db, range: DayRange, previous: DayRange): Promise<FunnelStep[]> {
  const read = async (r: DayRange) => {
    const [row] = await db
      .select({
        sessions: sql<number>`coalesce(sum(${analyticsDaily.sessions}), 0)`.mapWith(Number),
        viewing: sql<number>`coalesce(sum(${analyticsDaily.viewingSessions}), 0)`.mapWith(Number),
        cart: sql<number>`coalesce(sum(${analyticsDaily.cartSessions}), 0)`.mapWith(Number),
        checkout: sql<number>`coalesce(sum(${analyticsDaily.checkoutSessions}), 0)`.mapWith(Number),
        buying: sql<number>`coalesce(sum(${analyticsDaily.buyingSessions}), 0)`.mapWith(Number),
      })
      .from(analyticsDaily)
      .where(between(analyticsDaily.day, r.from, r.to));
    return row!;
  };
  const [now, before] = await Promise.all([read(range), read(previous)]);
  const steps = [
    ["sessions", "Sessions", now.sessions, before.sessions],
    ["product_views", "Viewed a product", now.viewing, before.viewing],
    ["add_to_cart", "Added to cart", now.cart, before.cart],
    ["checkout_started", "Started checkout", now.checkout, before.checkout],
    ["purchased", "Purchased", now.buying, before.buying],
  ] as const;
  return steps.map(([step, label, sessions, previousPeriod], i) => ({
    step,
    label,
    sessions,
    previousPeriod,
    fromPrevious: i === 0 ? 100 : percent(sessions, steps[i - 1]![2]),
  }));
}
