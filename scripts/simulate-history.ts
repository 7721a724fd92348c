// The simulated store's history, without a database: which days are busy, who shops, what they look at,
// search for, put in the cart, abandon and buy. scripts/analytics-simulate.ts turns it into rows.
// Everything here is a pure function of the seed (no Math.random, no clock but the `now` passed in). Its randomness
// and its calendar are in scripts/simulate/.
import { taxCents } from "../core/shared/money.ts";
import type { CheckoutLine } from "../db/schema/orders.ts";
import { Weighted, zipf } from "./simulate/randomness.ts";
import { HOURS } from "./simulate/calendar.ts";

export { apportion, makeRng, Weighted, zipf } from "./simulate/randomness.ts";
export { dayStartMs, dayWeight, simulatedDays } from "./simulate/calendar.ts";

// ---------------------------------------------------------------------------------------------
// The catalogue as the simulation sees it

/** A variant as an order line copies it (CheckoutLine without the quantity), under its own id. */
export interface SimVariant extends Omit<CheckoutLine, "variantId" | "quantity"> {
  id: number;
}
export interface SimProduct {
  id: number;
  slug: string;
  variants: SimVariant[];
}
export interface SimSearch {
  query: string;
  resultCount: number;
}

// ---------------------------------------------------------------------------------------------
// One day's shoppers

export type SimEvent = {
  type: "page_view" | "product_view" | "add_to_cart" | "search" | "checkout_started" | "purchase" | "refund";
  at: number;
  userId: string | null;
  sessionId: string | null;
  source: "web" | "mobile";
  path: string | null;
  productId: number | null;
  variantId: number | null;
  quantity: number | null;
  valueCents: number | null;
  query: string | null;
  resultCount: number | null;
  orderId: string | null;
};

export interface SimOrderLine {
  variant: SimVariant;
  quantity: number;
}
export interface SimOrder {
  n: number;
  at: number;
  customer: number;
  /** True when this order made the customer (their first). */
  newCustomer: boolean;
  sessionId: string;
  source: "web" | "mobile";
  lines: SimOrderLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
export const sessionIdOf = (rng: () => number) => Array.from({ length: 22 }, () => ID_CHARS[Math.floor(rng() * 64)]).join("");

export class Shoppers {
  private readonly products: SimProduct[];
  private readonly bestSellers: Weighted;
  private readonly browsed: Weighted;
  private readonly searches: Weighted;
  private readonly sessionKinds = new Weighted([35, 30, 15, 12, 8]);
  customers = 0;
  orders = 0;

  constructor(
    private readonly rng: () => number,
    /** Prefix of the ids of simulated users and orders ("sim-7-"): user ids are prefix + "u" + n, orders prefix + "o" + n. */
    private readonly prefix: string,
    products: readonly SimProduct[],
    private readonly searchTerms: readonly SimSearch[],
  ) {
    // A seeded shuffle decides which products are the best sellers.
    const shuffled = [...products];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    this.products = shuffled;
    this.bestSellers = new Weighted(zipf(shuffled.length, 1.15));
    this.browsed = new Weighted(zipf(shuffled.length, 0.8));
    this.searches = new Weighted(zipf(searchTerms.length, 1));
  }

  userId(customer: number): string {
    return `${this.prefix}u${customer}`;
  }

  orderId(n: number): string {
    return `${this.prefix}o${n}`;
  }

  /** A session's start in the day, leaving room for `lengthMs` before the day (or `until`) ends. */
  private startIn(dayStart: number, dayEnd: number, lengthMs: number): number {
    const hour = HOURS.pick(this.rng);
    const at = dayStart + hour * 3_600_000 + Math.floor(this.rng() * 3_600_000);
    return Math.max(dayStart, Math.min(at, dayEnd - lengthMs - 1));
  }

  private product(weights: Weighted): SimProduct {
    return this.products[weights.pick(this.rng)]!;
  }

  private variantOf(p: SimProduct): SimVariant {
    return p.variants[Math.floor(this.rng() * p.variants.length)]!;
  }

  /**
   * A session that buys: (web) the product page, a product view and an add to cart per line, the
   * checkout and the purchase. Returns its events and the order.
   */
  buyingSession(dayStart: number, dayEnd: number): { events: SimEvent[]; order: SimOrder } {
    const source = this.rng() < 0.38 ? "mobile" : "web";
    const sessionId = sessionIdOf(this.rng);
    // About half the orders come from new customers; returning ones lean to the earliest (the loyal few).
    const fresh = this.customers === 0 || this.rng() < 0.5;
    const customer = fresh ? ++this.customers : 1 + Math.floor(this.customers * this.rng() ** 1.6);
    const userId = this.userId(customer);
    const r = this.rng();
    const lineCount = r < 0.8 ? 1 : r < 0.95 ? 2 : 3;
    const lines: SimOrderLine[] = [];
    const used = new Set<number>();
    for (let k = 0; k < lineCount; k++) {
      const variant = this.variantOf(this.product(this.bestSellers));
      if (used.has(variant.id)) continue;
      used.add(variant.id);
      lines.push({ variant, quantity: this.rng() < 0.9 ? 1 : 2 });
    }
    let at = this.startIn(dayStart, dayEnd, 4 * 60_000 * (lineCount + 2));
    const step = () => (at += 20_000 + Math.floor(this.rng() * 100_000));
    const events: SimEvent[] = [];
    const push = (e: Partial<SimEvent> & Pick<SimEvent, "type">) => events.push({ ...EMPTY, ...e, at, userId, sessionId, source });
    if (source === "web" && this.rng() < 0.4) push({ type: "page_view", path: "/" });
    for (const line of lines) {
      step();
      if (source === "web") push({ type: "page_view", path: `/shop/${line.variant.slug}` });
      push({ type: "product_view", productId: line.variant.productId });
      step();
      push({ type: "add_to_cart", productId: line.variant.productId, variantId: line.variant.id, quantity: line.quantity, valueCents: line.variant.unitPriceCents * line.quantity });
    }
    const subtotalCents = lines.reduce((sum, l) => sum + l.variant.unitPriceCents * l.quantity, 0);
    const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
    step();
    push({ type: "checkout_started", quantity: itemCount, valueCents: subtotalCents });
    step();
    const tax = taxCents(subtotalCents);
    const order: SimOrder = { n: ++this.orders, at, customer, newCustomer: fresh, sessionId, source, lines, subtotalCents, taxCents: tax, totalCents: subtotalCents + tax };
    push({ type: "purchase", quantity: itemCount, valueCents: order.totalCents, orderId: this.orderId(order.n) });
    return { events, order };
  }

  /**
   * Sessions that buy nothing, until `budget` events are spent: bounces, browsing, searches, carts
   * and checkouts abandoned. The last session is cut short to meet the budget exactly.
   */
  browsingSessions(dayStart: number, dayEnd: number, budget: number): SimEvent[] {
    const events: SimEvent[] = [];
    while (events.length < budget) {
      const source = this.rng() < 0.35 ? "mobile" : "web";
      const sessionId = sessionIdOf(this.rng);
      const userId = null;
      let at = this.startIn(dayStart, dayEnd, 25 * 60_000);
      const step = () => (at += 15_000 + Math.floor(this.rng() * 120_000));
      const push = (e: Partial<SimEvent> & Pick<SimEvent, "type">) => events.push({ ...EMPTY, ...e, at, userId, sessionId, source });
      const viewProduct = () => {
        const p = this.product(this.browsed);
        step();
        if (source === "web") push({ type: "page_view", path: `/shop/${p.slug}` });
        push({ type: "product_view", productId: p.id });
        return p;
      };
      const kind = this.sessionKinds.pick(this.rng);
      if (source === "web") push({ type: "page_view", path: this.rng() < 0.6 ? "/" : "/shop" });
      if (kind === 0) {
        if (source === "mobile") viewProduct(); // a bounce: one page
      } else if (kind === 1) {
        for (let k = 1 + Math.floor(this.rng() * 3); k > 0; k--) viewProduct();
      } else if (kind === 2) {
        const s = this.searchTerms[this.searches.pick(this.rng)]!;
        step();
        if (source === "web") push({ type: "page_view", path: "/shop" });
        push({ type: "search", query: s.query, resultCount: s.resultCount });
        if (s.resultCount > 0 && this.rng() < 0.6) viewProduct();
      } else {
        const p = viewProduct();
        const v = this.variantOf(p);
        const quantity = this.rng() < 0.9 ? 1 : 2;
        step();
        push({ type: "add_to_cart", productId: p.id, variantId: v.id, quantity, valueCents: v.unitPriceCents * quantity });
        if (kind === 4) {
          step();
          if (source === "web") push({ type: "page_view", path: "/checkout" });
          push({ type: "checkout_started", quantity, valueCents: v.unitPriceCents * quantity });
        }
      }
    }
    events.length = budget;
    return events;
  }
}

const EMPTY: Omit<SimEvent, "type"> = {
  at: 0,
  userId: null,
  sessionId: null,
  source: "web",
  path: null,
  productId: null,
  variantId: null,
  quantity: null,
  valueCents: null,
  query: null,
  resultCount: null,
  orderId: null,
};

/** Events a buying session writes on average (see buyingSession): used to leave the rest to browsing. */
export const EVENTS_PER_ORDER_ESTIMATE = 0.62 * (0.4 + 1.25 * 3 + 2) + 0.38 * (1.25 * 2 + 2);
