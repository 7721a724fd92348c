import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit, type AdminActor } from "../core/admin/index.ts";
import {
  acknowledgeAlert,
  adjustStock,
  applyStockList,
  getInventoryStats,
  listActiveAlerts,
  listInventory,
  listMovementPage,
  previewStockList,
  readStockList,
  reserveStock,
  restock,
} from "../core/inventory/index.ts";
import type { Db } from "../db/client.ts";
import { auditLog, stockMovements, variants } from "../db/schema/index.ts";
import { auditStockChange } from "../app/lib/inventory.server.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { makeProduct } from "./factories.ts";
import { sayIn } from "../texts/index.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.destroy());

const ana: AdminActor = { id: "admin-ana", email: "ana@east-harlem.test", role: "admin", clientIp: "203.0.113.7" };

const onHandOf = async (id: number) => (await db.select({ onHand: variants.onHand }).from(variants).where(eq(variants.id, id)))[0]!.onHand;
const auditOf = (id: number) => db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
const movementsOf = (id: number) => db.select().from(stockMovements).where(eq(stockMovements.variantId, id));


/** A stock list read as the page words its refusal, in English. */
const readWords = (csv: string) => {
  const read = readStockList(csv);
  return read.ok ? read : { ok: false, error: sayIn("en", read.error) };
};

describe("restock and stock take from the admin screens", () => {
  it("writes the change, its movement with the reason, and an audit row in one transaction", async () => {
    const { variants: [v] } = await makeProduct(db, 4500, [{ stock: 3, threshold: 5 }]);
    await restock(db, v!.id, 7, { actor: ana.email, reason: "Delivery 118", onChange: auditStockChange(ana, "restock", "Delivery 118") });
    expect(await onHandOf(v!.id)).toBe(10);
    const [movement] = await movementsOf(v!.id);
    expect(movement).toMatchObject({ type: "restock", quantity: 7, previousStock: 3, newStock: 10, reason: "Delivery 118", actor: ana.email });
    const [audit] = await auditOf(v!.id);
    expect(audit).toMatchObject({ entity: "variant", action: "restock", actorEmail: ana.email, before: { onHand: 3 }, after: { onHand: 10, reason: "Delivery 118" } });

    await adjustStock(db, v!.id, 4, { actor: ana.email, reason: "Counted", onChange: auditStockChange(ana, "adjust", "Counted") });
    expect(await onHandOf(v!.id)).toBe(4);
    expect((await auditOf(v!.id)).map((a) => a.action).sort()).toEqual(["adjust", "restock"]);
  });

  it("writes nothing, not even the audit row, when the audit or the change fails", async () => {
    const { variants: [v] } = await makeProduct(db, 4500, [{ stock: 5 }]);
    await reserveStock(db, [{ variantId: v!.id, quantity: 3 }]);
    await expect(adjustStock(db, v!.id, 2, { reason: "Counted", onChange: auditStockChange(ana, "adjust", "Counted") })).rejects.toMatchObject({ code: "inventory.below_reserved" });
    const failingAudit = async () => {
      throw new Error("audit store down");
    };
    await expect(restock(db, v!.id, 4, { reason: "Delivery", onChange: failingAudit })).rejects.toThrow("audit store down");
    expect(await onHandOf(v!.id)).toBe(5);
    expect(await auditOf(v!.id)).toEqual([]);
    expect((await movementsOf(v!.id)).map((m) => m.type)).toEqual(["reservation"]);
  });

  it("acknowledges an alert with its audit row, and lists alerts with both severities", async () => {
    const { variants: [low, out] } = await makeProduct(db, 3500, [{ stock: 10, threshold: 5 }, { stock: 2 }]);
    await adjustStock(db, low!.id, 4);
    await adjustStock(db, out!.id, 0);
    await adjustStock(db, out!.id, 0);
    const open = (await listActiveAlerts(db)).alerts.filter((a) => a.variantId === low!.id || a.variantId === out!.id);
    expect(open.map((a) => [a.type, a.severity]).sort()).toEqual([["low_stock", "medium"], ["out_of_stock", "high"]]);
    const alert = open.find((a) => a.type === "out_of_stock")!;
    await acknowledgeAlert(db, alert.id, ana.email, (tx, a) => recordAudit(tx, ana, { entity: "stock_alert", entityId: a.id, action: "acknowledge" }));
    expect((await listActiveAlerts(db)).alerts.some((a) => a.id === alert.id)).toBe(false);
    expect(await db.select().from(auditLog).where(eq(auditLog.entity, "stock_alert"))).toHaveLength(1);
  });
});

describe("the inventory list", () => {
  it("filters low and out of stock, searches SKU or product name, 20 to a page, with the stock's value at retail", async () => {
    const { variants: made } = await makeProduct(
      db,
      1000,
      Array.from({ length: 23 }, (_, i) => ({ stock: i === 0 ? 0 : i === 1 ? 2 : 50, threshold: 5, priceCents: i === 2 ? 2500 : undefined })),
      "Harlem Nights Searchable Tee",
    );
    const all = await listInventory(db, { q: "searchable" });
    expect(all).toMatchObject({ total: 23, pages: 2, page: 1 });
    expect(all.rows).toHaveLength(20);
    expect((await listInventory(db, { q: "searchable", page: 2 })).rows).toHaveLength(3);
    const out = await listInventory(db, { q: "searchable", filter: "out" });
    expect(out.rows.map((r) => [r.sku, r.status])).toEqual([[made[0]!.sku, "out"]]);
    const low = await listInventory(db, { q: "searchable", filter: "low" });
    expect(low.rows.map((r) => [r.sku, r.status])).toEqual([[made[1]!.sku, "low"]]);
    expect((await listInventory(db, { q: made[5]!.sku })).rows.map((r) => r.sku)).toEqual([made[5]!.sku]);
    expect((await listInventory(db, { q: "100%_" })).total).toBe(0);

    const stats = await getInventoryStats(db);
    const rows = await db.select().from(variants);
    expect(stats.totalValue).toBeGreaterThan(0);
    // This product alone: 21 variants x 50 x 10.00 (one at 25.00) + 2 x 10.00
    expect(stats.totalValue).toBeGreaterThanOrEqual(20 * 50 * 1000 + 50 * 2500 + 2 * 1000);
    expect(stats.totalVariants).toBe(rows.length);
  });

  it("pages a variant's movements and filters them by type", async () => {
    const { variants: [v] } = await makeProduct(db, 1000, [{ stock: 0 }]);
    for (let i = 0; i < 22; i++) await restock(db, v!.id, 1, { reason: `Delivery ${i}` });
    await adjustStock(db, v!.id, 30);
    const first = await listMovementPage(db, v!.id);
    expect(first).toMatchObject({ total: 23, pages: 2 });
    expect(first.rows[0]!.type).toBe("adjustment");
    expect((await listMovementPage(db, v!.id, { page: 2 })).rows).toHaveLength(3);
    const adjustments = await listMovementPage(db, v!.id, { type: "adjustment" });
    expect(adjustments.rows.map((m) => m.type)).toEqual(["adjustment"]);
  });
});

describe("stock list upload", () => {
  it("reports every refused row and applies the accepted rows atomically, with a movement and an audit row each", async () => {
    const { variants: [a, b, c, d, e, f] } = await makeProduct(db, 2000, [{ stock: 5 }, { stock: 5 }, { stock: 8 }, { stock: 9 }, { stock: 1 }, { stock: 1 }]);
    await reserveStock(db, [{ variantId: c!.id, quantity: 4 }]);
    const csv = [
      "sku,on_hand",
      `${a!.sku},12`,
      `${b!.sku},0`,
      "NO-SUCH-SKU,3",
      `${c!.sku},2`,
      `${d!.sku},3`,
      `${d!.sku},4`,
      `${a!.sku}x,abc`,
      `${e!.sku},1.5`,
      `${f!.sku},-1`,
    ].join("\n");
    const read = readStockList(csv);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const preview = await previewStockList(db, read.entries);
    expect(preview.accepted.map((r) => [r.sku, r.current, r.next])).toEqual([
      [a!.sku, 5, 12],
      [b!.sku, 5, 0],
    ]);
    const reasons = Object.fromEntries(preview.refused.map((r) => [r.line, sayIn("en", r.reason)]));
    expect(reasons).toEqual({
      4: "Unknown SKU.",
      5: "Below the 4 units reserved.",
      6: "Duplicate SKU: it is listed more than once.",
      7: "Duplicate SKU: it is listed more than once.",
      8: "Unknown SKU.",
      9: "On hand must be a whole number.",
      10: "On hand cannot be negative.",
    });
    // The preview writes nothing.
    expect(await onHandOf(a!.id)).toBe(5);

    const changes = await applyStockList(
      db,
      preview.accepted.map((r) => ({ sku: r.sku, onHand: r.next })),
      { actor: ana.email, reason: "Stock list imported", onChange: auditStockChange(ana, "import", "Stock list imported") },
    );
    expect(changes).toHaveLength(2);
    expect([await onHandOf(a!.id), await onHandOf(b!.id), await onHandOf(c!.id), await onHandOf(d!.id)]).toEqual([12, 0, 8, 9]);
    expect((await movementsOf(a!.id)).map((m) => [m.type, m.previousStock, m.newStock])).toEqual([["adjustment", 5, 12]]);
    expect(await movementsOf(d!.id)).toEqual([]);
    const audits = await db.select().from(auditLog).where(inArray(auditLog.entityId, [String(a!.id), String(b!.id), String(c!.id), String(d!.id)]));
    expect(audits.map((r) => r.action)).toEqual(["import", "import"]);
  });

  it("applies nothing when one row fails under the lock", async () => {
    const { variants: [a, b] } = await makeProduct(db, 2000, [{ stock: 5 }, { stock: 5 }]);
    await reserveStock(db, [{ variantId: b!.id, quantity: 3 }]);
    await expect(applyStockList(db, [{ sku: a!.sku, onHand: 9 }, { sku: b!.sku, onHand: 1 }], { onChange: auditStockChange(ana, "import", null) })).rejects.toMatchObject({
      code: "inventory.below_reserved",
    });
    expect([await onHandOf(a!.id), await onHandOf(b!.id)]).toEqual([5, 5]);
    expect(await auditOf(a!.id)).toEqual([]);
  });

  it("refuses files without the header, too many rows, or unreadable CSV", () => {
    expect(readWords("SKU-1,4\n")).toEqual({ ok: false, error: "The first line must be the header sku,on_hand." });
    expect(readStockList("sku,on_hand\n")).toMatchObject({ ok: false });
    const big = ["sku,on_hand", ...Array.from({ length: 5001 }, (_, i) => `S${i},1`)].join("\n");
    expect(readWords(big)).toMatchObject({ ok: false, error: expect.stringContaining("5,000") });
    expect(readWords('sku,on_hand\n"unterminated,4\n')).toMatchObject({ ok: false, error: expect.stringContaining("not readable CSV") });
    expect(readWords("sku,on_hand\nA\u0000,1\n")).toMatchObject({ ok: false, error: expect.stringContaining("control characters") });
    expect(readStockList("\uFEFFSKU,On_Hand\r\nA,1\r\n")).toEqual({ ok: true, entries: [{ line: 2, sku: "A", value: "1" }] });
  });
});
