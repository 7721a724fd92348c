import fs from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addVariant, createProduct, getAdminProduct, updateVariant, type AdminActor } from "../core/admin/index.ts";
import { newVariantSchema, productFormInput, productFormSchema, variantFormInput } from "../core/catalog/index.ts";
import { acknowledgeAlert, listActiveAlerts } from "../core/inventory/index.ts";
import type { Db } from "../db/client.ts";
import { stockAlerts } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { makeProduct } from "./factories.ts";

// Every write that leaves a variant sold out or low raises the alert the rule calls for, so the inventory
// page and the dashboard (both reading the open alerts) list it; variants standing so before are given
// theirs by migration 0035.

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.destroy());

const ana: AdminActor = { id: "admin-ana", email: "ana@east-harlem.test", role: "admin", clientIp: "203.0.113.7" };
const openOf = async (variantId: number) => (await listActiveAlerts(db)).alerts.filter((a) => a.variantId === variantId).map((a) => a.type);

async function draftProduct(): Promise<number> {
  const form = productFormSchema.parse(
    productFormInput({ name: `Alert Test Tee ${Date.now()}`, description: "A tee.", category: "apparel", artKind: "tee", basePrice: "40.00", tags: "", status: "draft" }),
  );
  return (await createProduct(db, ana, form)).id;
}
const versionOf = async (id: number) => (await getAdminProduct(db, id))!.version;

describe("alerts raised by the product editor", () => {
  it("a variant added with nothing in stock is out of stock from the start", async () => {
    const id = await draftProduct();
    const { id: variantId } = await addVariant(db, ana, id, await versionOf(id), newVariantSchema.parse(variantFormInput({ size: "M", initialStock: "0", active: "on" })));
    expect(await openOf(variantId)).toEqual(["out_of_stock"]);
    const high = await listActiveAlerts(db, { severity: "high" });
    expect(high.alerts.find((a) => a.variantId === variantId)).toMatchObject({ severity: "high", currentStock: 0 });
  });

  it("a threshold raised to the stock there is raises the low-stock alert", async () => {
    const id = await draftProduct();
    const { id: variantId } = await addVariant(db, ana, id, await versionOf(id), newVariantSchema.parse(variantFormInput({ size: "L", initialStock: "6", lowStockThreshold: "2", active: "on" })));
    expect(await openOf(variantId)).toEqual([]);
    await updateVariant(db, ana, id, variantId, await versionOf(id), { size: "L", color: null, sku: null, priceCents: null, active: true, lowStockThreshold: 8, limitPerCustomer: null });
    expect(await openOf(variantId)).toEqual(["low_stock"]);
    const [alert] = (await listActiveAlerts(db)).alerts.filter((a) => a.variantId === variantId);
    expect(alert).toMatchObject({ currentStock: 6, threshold: 8, message: expect.stringContaining("is low on stock: 6 available (threshold 8).") });
  });
});

describe("migration 0035", () => {
  it("raises the alert for each variant standing sold out or low without one, and leaves an acknowledged one closed", async () => {
    // Written straight to the table, as the sample catalogue used to be: no alert.
    const { variants: [out, low, fine, seen] } = await makeProduct(db, 2500, [{ stock: 0 }, { stock: 2, threshold: 3 }, { stock: 9, threshold: 3 }, { stock: 0 }]);
    const ids = [out!.id, low!.id, fine!.id, seen!.id];
    const [closed] = await db
      .insert(stockAlerts)
      .values({ variantId: seen!.id, type: "out_of_stock", severity: "high", message: `${seen!.sku} is out of stock.`, currentStock: 0, threshold: 2 })
      .returning();
    await acknowledgeAlert(db, closed!.id, ana.email);
    expect((await listActiveAlerts(db)).alerts.filter((a) => ids.includes(a.variantId))).toEqual([]);

    const migration = fs.readFileSync(new URL("../db/migrations/0035_stock_alerts_for_standing_stock.sql", import.meta.url), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    expect(await openOf(out!.id)).toEqual(["out_of_stock"]);
    expect(await openOf(low!.id)).toEqual(["low_stock"]);
    expect(await openOf(fine!.id)).toEqual([]);
    expect(await openOf(seen!.id)).toEqual([]);
    const messages = await db.select({ variantId: stockAlerts.variantId, message: stockAlerts.message, severity: stockAlerts.severity }).from(stockAlerts).where(inArray(stockAlerts.variantId, [out!.id, low!.id]));
    expect(messages.sort((a, b) => a.variantId - b.variantId)).toEqual([
      { variantId: out!.id, message: `${out!.sku} is out of stock.`, severity: "high" },
      { variantId: low!.id, message: `${low!.sku} is low on stock: 2 available (threshold 3).`, severity: "medium" },
    ]);

    // Run twice (a second start), it raises nothing more.
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    expect(await db.select().from(stockAlerts).where(eq(stockAlerts.variantId, out!.id))).toHaveLength(1);
  });
});
