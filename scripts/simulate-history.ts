// The simulated store's history, without a database: which days are busy, who shops, what they look at,
// search for, put in the cart, abandon and buy. scripts/analytics-simulate.ts turns it into rows.
// Everything here is a pure function of the seed (no Math.random, no clock but the `now` passed in).
import { addDays, storeDay } from "../core/analytics/index.ts";
import { taxCents } from "../core/shared/money.ts";
import type { CheckoutLine } from "../db/schema/orders.ts";

// ---------------------------------------------------------------------------------------------
// Randomness

/** sfc32, seeded through splitmix32: small, fast and the same on every machine. */
export function makeRng(seed: number): () => number {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(), b = split(), c = split(), d = split();
  return () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
}

/** Picks an index by weight (cumulative table, binary search). */
export class Weighted {
  private readonly cumulative: number[];
  constructor(weights: readonly number[]) {
    let sum = 0;
    this.cumulative = weights.map((w) => (sum += w));
  }
  pick(rng: () => number): number {
    const x = rng() * this.cumulative[this.cumulative.length - 1]!;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Zipf-like weights for n ranks: the first few take most. */
export const zipf = (n: number, s: number) => Array.from({ length: n }, (_, k) => 1 / (k + 1) ** s);

/** Splits `total` into whole parts proportional to `weights` (largest remainder): the parts sum to total. */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (sum > 0 ? (total * w) / sum : 0));
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((p, q) => q[0] - p[0]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]![1]]! += 1;
  return parts;
}

// ---------------------------------------------------------------------------------------------
// Calendar (store time, New York)

const hourFormat = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", hourCycle: "h23" });

/** The instant a store day starts (New York midnight is 04:00 or 05:00 UTC). */
export function dayStartMs(day: string): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  for (const utcHour of [4, 5]) {
    const t = Date.UTC(y, m - 1, d, utcHour);
    if (storeDay(new Date(t)) === day && hourFormat.format(new Date(t)) === "00") return t;
  }
  throw new Error(`no New York midnight found for ${day}`);
}

/** Busier at weekends (index: Sunday = 0). */
const WEEKDAY = [1.3, 0.85, 0.8, 0.85, 0.9, 1.1, 1.4];
/** Shoppers by hour of the day (New York): quiet at night, busiest in the evening. */
const HOURS = new Weighted([0.5, 0.3, 0.2, 0.15, 0.15, 0.2, 0.4, 0.7, 1, 1.2, 1.3, 1.4, 1.6, 1.5, 1.4, 1.4, 1.5, 1.7, 2, 2.2, 2.3, 2.1, 1.6, 1]);

/** How busy a day is: weekly rhythm, a holiday peak and a summer bump (the caller adds the growth). */
export function dayWeight(day: string): { traffic: number; buying: number } {
  const date = new Date(`${day}T12:00:00Z`);
  const year = date.getUTCFullYear();
  const dayOfYear = (date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000;
  // Black Friday to Christmas: centred on 8 December, about three weeks wide.
  const holiday = Math.exp(-(((dayOfYear - 341) / 12) ** 2)) + 0.8 * Math.exp(-(((dayOfYear - 332) / 2) ** 2));
  const summer = 0.25 * Math.exp(-(((dayOfYear - 200) / 20) ** 2));
  const traffic = WEEKDAY[date.getUTCDay()]! * (1 + 1.2 * holiday + summer);
  // People buy more readily in the holiday weeks than they browse.
  return { traffic, buying: traffic * (1 + 0.35 * holiday) };
}

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

/** The store days of the simulation: `days` days ending with today's. */
export function simulatedDays(now: Date, days: number): string[] {
  const today = storeDay(now);
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}

/** Events a buying session writes on average (see buyingSession): used to leave the rest to browsing. */
export const EVENTS_PER_ORDER_ESTIMATE = 0.62 * (0.4 + 1.25 * 3 + 2) + 0.38 * (1.25 * 2 + 2);
