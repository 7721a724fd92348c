import { describe, expect, it } from "vitest";
import { choosePromotions, priceCart, refusalOf, spread, type Promotion, type PromotionLine, type Shopper } from "./rules.ts";

const NOW = new Date("2026-12-04T15:00:00Z");
const ANA: Shopper = { email: "ana@east-harlem.test", userId: "u1", hasOrdered: false };

const promo = (over: Partial<Promotion> = {}): Promotion => ({
  id: 1,
  code: "CREW20",
  kind: "percent",
  percentBasisPoints: 2000,
  amountCents: 0,
  buyQuantity: 0,
  getQuantity: 0,
  startsAt: null,
  endsAt: null,
  paused: false,
  minSubtotalCents: 0,
  scope: { all: true, productIds: [], collectionIds: [], categories: [] },
  firstOrderOnly: false,
  customers: [],
  usesLeft: null,
  customerUsesLeft: null,
  combines: false,
  ...over,
});

const line = (key: string, unitPriceCents: number, quantity = 1, over: Partial<PromotionLine> = {}): PromotionLine => ({
  key,
  productId: Number(key.replace(/\D/g, "")) || 1,
  category: "apparel",
  collectionIds: [],
  special: false,
  unitPriceCents,
  quantity,
  ...over,
});

const TEE = line("p1", 3500, 2);
const HOODIE = line("p2", 8500);

describe("whether a promotion applies", () => {
  it("applies within its window, and says why not outside it", () => {
    expect(refusalOf(promo(), [TEE], ANA, NOW)).toBeNull();
    expect(refusalOf(promo({ startsAt: new Date("2026-12-05T00:00:00Z") }), [TEE], ANA, NOW)).toBe("not_started");
    expect(refusalOf(promo({ endsAt: NOW }), [TEE], ANA, NOW)).toBe("expired");
    expect(refusalOf(promo({ paused: true }), [TEE], ANA, NOW)).toBe("paused");
  });

  it("counts its uses in all and per customer, and keeps to the customers it names", () => {
    expect(refusalOf(promo({ usesLeft: 0 }), [TEE], ANA, NOW)).toBe("used_up");
    expect(refusalOf(promo({ usesLeft: 1 }), [TEE], ANA, NOW)).toBeNull();
    expect(refusalOf(promo({ customerUsesLeft: 0 }), [TEE], ANA, NOW)).toBe("used_by_you");
    expect(refusalOf(promo({ customers: ["ANA@east-harlem.test".toLowerCase()] }), [TEE], { ...ANA, email: "Ana@East-Harlem.test" }, NOW)).toBeNull();
    expect(refusalOf(promo({ customers: ["u1"] }), [TEE], { ...ANA, email: null }, NOW)).toBeNull();
    expect(refusalOf(promo({ customers: ["bo@east-harlem.test"] }), [TEE], ANA, NOW)).toBe("not_for_you");
    expect(refusalOf(promo({ firstOrderOnly: true }), [TEE], { ...ANA, hasOrdered: true }, NOW)).toBe("first_order_only");
  });

  it("needs its minimum on the lines it covers, and never covers drops, raffles or tickets it does not name", () => {
    expect(refusalOf(promo({ minSubtotalCents: 7001 }), [TEE], ANA, NOW)).toBe("min_subtotal");
    expect(refusalOf(promo({ minSubtotalCents: 7000 }), [TEE], ANA, NOW)).toBeNull();
    const drop = line("p9", 12000, 1, { special: true });
    expect(refusalOf(promo(), [drop], ANA, NOW)).toBe("nothing_covered");
    expect(refusalOf(promo({ scope: { all: false, productIds: [9], collectionIds: [], categories: [] } }), [drop], ANA, NOW)).toBeNull();
    expect(refusalOf(promo({ scope: { all: false, productIds: [], collectionIds: [], categories: ["music"] } }), [TEE], ANA, NOW)).toBe("nothing_covered");
    expect(refusalOf(promo({ scope: { all: false, productIds: [], collectionIds: [4], categories: [] } }), [line("p3", 2000, 1, { collectionIds: [4] })], ANA, NOW)).toBeNull();
  });
});

describe("a cart priced with promotions", () => {
  it("takes a percentage off each covered line, and tax on what is left", () => {
    const priced = priceCart([TEE, HOODIE], 0, [promo()]);
    expect(priced).toMatchObject({ subtotalCents: 15500, discountCents: 3100, taxCents: 992, totalCents: 13392 });
    expect(priced.lines).toEqual([
      { key: "p1", subtotalCents: 7000, discountCents: 1400, paidCents: 5600 },
      { key: "p2", subtotalCents: 8500, discountCents: 1700, paidCents: 6800 },
    ]);
  });

  it("spreads a fixed amount over the covered lines to the cent, never more than they cost", () => {
    const priced = priceCart([line("a1", 1000), line("b2", 2000), line("c3", 333)], 0, [promo({ kind: "fixed", amountCents: 1000 })]);
    expect(priced.lines.map((l) => l.discountCents)).toEqual([300, 600, 100]);
    expect(priced.discountCents).toBe(1000);
    expect(priceCart([line("a1", 500)], 0, [promo({ kind: "fixed", amountCents: 2000 })])).toMatchObject({ discountCents: 500, taxCents: 0, totalCents: 0 });
    expect(spread(10, [5, 5, 5])).toEqual([4, 3, 3]);
    expect(spread(10, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(spread(5, [0, 0])).toEqual([0, 0]);
  });

  it("gives the cheaper unit of each pair at half price (buy one, get one 50 % off), whole groups only", () => {
    const bogo = promo({ kind: "buy_x_get_y", buyQuantity: 1, getQuantity: 1, percentBasisPoints: 5000 });
    const priced = priceCart([line("t1", 3500, 3), line("c2", 2500)], 0, [bogo]);
    // Units 3500, 3500, 3500, 2500: the pairs are (3500, 3500) and (3500, 2500).
    expect(priced.lines).toEqual([
      { key: "t1", subtotalCents: 10500, discountCents: 1750, paidCents: 8750 },
      { key: "c2", subtotalCents: 2500, discountCents: 1250, paidCents: 1250 },
    ]);
    expect(priceCart([line("t1", 3500, 3)], 0, [bogo]).discountCents).toBe(1750);
  });

  it("takes shipping off with free shipping, and nothing when shipping is already free", () => {
    const free = promo({ kind: "free_shipping", percentBasisPoints: 0 });
    expect(priceCart([TEE], 995, [free])).toMatchObject({ discountCents: 995, shippingCents: 995, totalCents: 7560 });
    expect(priceCart([TEE], 0, [free])).toMatchObject({ discountCents: 0, totalCents: 7560 });
  });

  it("adds up: lines paid, tax and shipping left are the total", () => {
    const priced = priceCart([TEE, HOODIE, line("c3", 999, 3)], 995, [promo({ combines: true }), promo({ id: 2, kind: "fixed", amountCents: 1234, combines: true }), promo({ id: 3, kind: "free_shipping", combines: true })]);
    const paid = priced.lines.reduce((sum, l) => sum + l.paidCents, 0);
    expect(priced.totalCents).toBe(paid + priced.taxCents);
    expect(priced.subtotalCents + priced.shippingCents - priced.discountCents + priced.taxCents).toBe(priced.totalCents);
    expect(priced.applied.map((a) => a.discountCents).reduce((sum, d) => sum + d, 0)).toBe(priced.discountCents);
  });
});

describe("which promotions an order takes", () => {
  const automatic10 = promo({ id: 5, code: null, percentBasisPoints: 1000 });
  const code20 = promo({ id: 6, code: "CREW20" });

  it("takes the one that saves more when they do not combine, the shopper's code on a tie", () => {
    expect(choosePromotions([automatic10, code20], [TEE], 0).map((p) => p.id)).toEqual([6]);
    expect(choosePromotions([promo({ id: 5, code: null, percentBasisPoints: 3000 }), code20], [TEE], 0).map((p) => p.id)).toEqual([5]);
    expect(choosePromotions([promo({ id: 5, code: null }), code20], [TEE], 0).map((p) => p.id)).toEqual([6]);
  });

  it("takes every promotion that combines together, line discounts before free shipping", () => {
    const ship = promo({ id: 7, code: null, kind: "free_shipping", combines: true });
    const fixed = promo({ id: 8, code: "FIVE", kind: "fixed", amountCents: 500, combines: true });
    const ten = promo({ id: 9, code: null, percentBasisPoints: 1000, combines: true });
    expect(choosePromotions([ship, fixed, ten], [TEE], 995).map((p) => p.id)).toEqual([9, 8, 7]);
  });

  it("takes none when none saves anything", () => {
    expect(choosePromotions([promo({ kind: "free_shipping" })], [TEE], 0)).toEqual([]);
  });
});
