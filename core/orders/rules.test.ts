import { describe, expect, it } from "vitest";
import { describeText } from "../shared/errors.ts";
import type { TextRef } from "../shared/text.ts";
import { invalidTransition, transitionRefusal } from "./errors.ts";
import { statusChangeSchema, trackingNumberSchema } from "./inputs.ts";
import {
  canTransition,
  describeItem,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderAmounts,
  orderActions,
  planReorder,
  shipmentTimeline,
  type OrderStatus,
  type VariantNow,
} from "./rules.ts";

describe("the order status table", () => {
  it("allows exactly pending -> processing -> shipped -> delivered, and cancelling before shipment", () => {
    const allowed = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(
      ["pending->processing", "processing->shipped", "shipped->delivered", "pending->cancelled", "processing->cancelled"].sort(),
    );
    expect(ORDER_TRANSITIONS.delivered).toEqual([]);
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
  });

  it("says in words why a change is refused", () => {
    expect(transitionRefusal("processing", "shipped")).toBeNull();
    expect(invalidTransition("shipped", "cancelled").message).toBe("This order is shipped and can no longer be cancelled.");
    expect(invalidTransition("delivered", "delivered").message).toBe("This order is already delivered.");
    expect(invalidTransition("pending", "delivered").message).toBe("A pending order cannot be marked delivered.");
  });
});

describe("order money", () => {
  it("is subtotal x 1.08, tax rounded half up once, shipping free", () => {
    expect(orderAmounts([{ unitPriceCents: 5500, quantity: 2 }, { unitPriceCents: 6000, quantity: 1 }])).toEqual({
      subtotalCents: 17000,
      taxCents: 1360,
      shippingCents: 0,
      totalCents: 18360,
    });
    // 0.08 x 1999 = 159.92 -> 160
    expect(orderAmounts([{ unitPriceCents: 1999, quantity: 1 }]).taxCents).toBe(160);
  });
});

describe("tracking numbers and status changes as posted", () => {
  it("drops spaces, upper-cases, and refuses what is not a tracking number", () => {
    expect(trackingNumberSchema.parse(" 1z 999 aa1 0123456784 ")).toBe("1Z999AA10123456784");
    expect(trackingNumberSchema.safeParse("12345").success).toBe(false);
    expect(trackingNumberSchema.safeParse("1Z<script>").success).toBe(false);
  });

  it("requires a tracking number to ship", () => {
    expect(statusChangeSchema.safeParse({ status: "shipped" }).success).toBe(false);
    expect(statusChangeSchema.parse({ status: "shipped", trackingNumber: "9400 1000 0000 0000 0000 00" })).toMatchObject({ trackingNumber: "9400100000000000000000" });
    expect(statusChangeSchema.safeParse({ status: "completed" }).success).toBe(false);
  });
});

describe("planning a reorder", () => {
  /** A line's message as the English page words it. */
  const english = (text: TextRef | null) => (text ? describeText(text) : null);
  const line = (variantId: number | null, quantity: number, name = `Tee ${variantId}`) => ({ variantId, name, size: "M", color: "Black", quantity });
  const state = (entries: [number, VariantNow][]) => new Map(entries);

  it("adds every line that is sold and in stock", () => {
    const plan = planReorder([line(1, 2), line(2, 1)], state([[1, { sellable: true, available: 10, inCart: 0 }], [2, { sellable: true, available: 1, inCart: 0 }]]), 99);
    expect(plan.add).toEqual([{ variantId: 1, quantity: 2 }, { variantId: 2, quantity: 1 }]);
    expect(plan.outcomes.map((o) => [o.added, o.reason, english(o.message)])).toEqual([
      [2, null, null],
      [1, null, null],
    ]);
  });

  it("skips withdrawn and deleted items, and says so", () => {
    const plan = planReorder([line(null, 1, "Old Hoodie"), line(3, 1, "Cap")], state([[3, { sellable: false, available: 5, inCart: 0 }]]), 99);
    expect(plan.add).toEqual([]);
    expect(plan.outcomes.map((o) => english(o.message))).toEqual(["Old Hoodie (M / Black) is no longer available.", "Cap (M / Black) is no longer available."]);
    expect(plan.outcomes.every((o) => o.reason === "unavailable")).toBe(true);
  });

  it("adds what stock allows beyond what the cart holds, and names the rest", () => {
    const plan = planReorder(
      [line(1, 3), line(2, 2), line(4, 2)],
      state([
        [1, { sellable: true, available: 1, inCart: 0 }],
        [2, { sellable: true, available: 0, inCart: 0 }],
        [4, { sellable: true, available: 5, inCart: 4 }],
      ]),
      99,
    );
    expect(plan.add).toEqual([{ variantId: 1, quantity: 1 }, { variantId: 4, quantity: 1 }]);
    expect(plan.outcomes.map((o) => [o.reason, english(o.message)])).toEqual([
      ["limited_stock", "Tee 1 (M / Black): added 1 of 3; only 1 in stock."],
      ["out_of_stock", "Tee 2 (M / Black) is out of stock."],
      ["limited_stock", "Tee 4 (M / Black): added 1 of 2; only 5 in stock, and your cart already had 4."],
    ]);
  });

  it("never takes a line past the cart's limit", () => {
    const plan = planReorder(
      [line(1, 5), line(2, 1)],
      state([
        [1, { sellable: true, available: 500, inCart: 97 }],
        [2, { sellable: true, available: 500, inCart: 99 }],
      ]),
      99,
    );
    expect(plan.add).toEqual([{ variantId: 1, quantity: 2 }]);
    expect(plan.outcomes.map((o) => [o.reason, english(o.message)])).toEqual([
      ["cart_limit", "Tee 1 (M / Black): added 2 of 5; your cart can hold at most 99 of one item."],
      ["cart_limit", "Tee 2 (M / Black) was not added: your cart already has 99, the most it can hold of one item."],
    ]);
  });

  it("describes items with their options", () => {
    expect(describeItem({ name: "Vinyl", size: null, color: null })).toBe("Vinyl");
    expect(describeItem({ name: "Tee", size: "S", color: null })).toBe("Tee (S)");
  });
});

describe("the shipment timeline", () => {
  const at = (iso: string) => new Date(iso);
  const history = (...steps: [OrderStatus, string][]) => steps.map(([toStatus, iso]) => ({ toStatus, createdAt: at(iso) }));

  it("marks the steps reached with their times and the current one", () => {
    const steps = shipmentTimeline("shipped", history(["pending", "2026-11-20T10:00:00Z"], ["processing", "2026-11-20T10:00:01Z"], ["shipped", "2026-11-21T09:00:00Z"]));
    expect(steps.map((s) => [s.label, s.state, s.at?.toISOString() ?? null])).toEqual([
      ["Order placed", "done", "2026-11-20T10:00:00.000Z"],
      ["Processing", "done", "2026-11-20T10:00:01.000Z"],
      ["Shipped", "current", "2026-11-21T09:00:00.000Z"],
      ["Delivered", "upcoming", null],
    ]);
  });

  it("carries the note written with each change (a carrier, a reason)", () => {
    const steps = shipmentTimeline("shipped", [
      { toStatus: "pending", createdAt: at("2026-11-20T10:00:00Z"), note: "Order placed" },
      { toStatus: "processing", createdAt: at("2026-11-20T10:00:01Z"), note: "Payment received" },
      { toStatus: "shipped", createdAt: "2026-11-21T09:00:00Z", note: "UPS Ground" },
    ]);
    expect(steps.map((s) => s.note)).toEqual(["Order placed", "Payment received", "UPS Ground", null]);
  });

  it("ends a cancelled order at Cancelled, with nothing to come", () => {
    const steps = shipmentTimeline("cancelled", history(["pending", "2026-11-20T10:00:00Z"], ["processing", "2026-11-20T10:00:01Z"], ["cancelled", "2026-11-20T12:00:00Z"]));
    expect(steps.map((s) => [s.label, s.state])).toEqual([
      ["Order placed", "done"],
      ["Processing", "done"],
      ["Cancelled", "current"],
    ]);
  });
});

describe("what an order offers (orderActions)", () => {
  const goods = { kind: "goods" as const, saleEnded: false };
  const pastTicket = { kind: "ticket" as const, saleEnded: true };
  const comingTicket = { kind: "ticket" as const, saleEnded: false };

  it("tickets only: nothing to ship, no Track Package, no Reorder once the event is over", () => {
    expect(orderActions({ status: "delivered", lines: [pastTicket, pastTicket] })).toEqual({ track: false, reorder: false, shipping: "nothing_to_ship" });
    // Tickets of an event still to come can be bought again.
    expect(orderActions({ status: "delivered", lines: [comingTicket] })).toEqual({ track: false, reorder: true, shipping: "nothing_to_ship" });
  });

  it("goods: tracked from payment on, not shipped until they ship, reordered once delivered", () => {
    expect(orderActions({ status: "processing", lines: [goods, pastTicket] })).toEqual({ track: true, reorder: false, shipping: "not_shipped" });
    expect(orderActions({ status: "shipped", lines: [goods] })).toEqual({ track: true, reorder: false, shipping: "shipped" });
    expect(orderActions({ status: "delivered", lines: [goods, pastTicket] })).toEqual({ track: true, reorder: true, shipping: "shipped" });
  });

  it("cancelled: no Track Package, no Reorder, nothing shipped", () => {
    expect(orderActions({ status: "cancelled", lines: [goods] })).toEqual({ track: false, reorder: false, shipping: "cancelled" });
    expect(orderActions({ status: "cancelled", lines: [comingTicket] })).toEqual({ track: false, reorder: false, shipping: "cancelled" });
  });
});
