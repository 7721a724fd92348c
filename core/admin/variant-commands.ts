/** The back office's writes to a product's variants: adding one with its initial stock, saving it, removing or retiring it. */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { checkoutAttempts, orderItems, variants } from "../../db/schema/index.ts";
import { CatalogError, catalogText, lowStockThreshold, makeSku, variantNotFound, type NewVariantForm, type VariantEditForm } from "../catalog/index.ts";
import { raiseStockAlerts, restock } from "../inventory/index.ts";
import { scheduleReactivationPass } from "../alerts/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { recordAudit, type AdminActor } from "./commands.ts";
import { bumpProductVersion, lockProductVersion, mapUniqueViolation } from "./product-commands.ts";

type VariantRow = typeof variants.$inferSelect;

function variantSnapshot(v: VariantRow) {
  return {
    productId: v.productId,
    sku: v.sku,
    size: v.size,
    color: v.color,
    priceCents: v.priceCents,
    active: v.active,
    lowStockThreshold: v.lowStockThreshold,
    limitPerCustomer: v.limitPerCustomer,
  };
}

/**
 * A new variant with its initial stock (written as a restock, so the ledger starts from it). The low-stock
 * threshold, when left empty, follows the rule: 20% of the initial stock, rounded down, within 2..10.
 */
export async function addVariant(db: Db, actor: AdminActor, productId: number, expectedVersion: number, form: NewVariantForm, jobs?: JobQueue): Promise<{ id: number }> {
  try {
    return await db.transaction(async (tx) => {
      const product = await lockProductVersion(tx, productId, expectedVersion);
      // Made up from the slug's words and the product's id (unique across products) and the options (unique within it).
      const sku = form.sku ?? makeSku(`${product.slug.split("-").map((w) => w.slice(0, 3)).join("").slice(0, 12)}${productId}`, form.size, form.color);
      const [row] = await tx
        .insert(variants)
        .values({
          productId,
          sku,
          size: form.size,
          color: form.color,
          priceCents: form.priceCents,
          active: form.active,
          onHand: 0,
          lowStockThreshold: form.lowStockThreshold ?? lowStockThreshold(form.initialStock),
          limitPerCustomer: form.limitPerCustomer,
        })
        .returning();
      if (form.initialStock > 0) await restock(tx, row!.id, form.initialStock, { actor: actor.id, reason: "Initial stock", jobs });
      // Nothing in stock from the start is out of stock from the start: its alert is raised with it.
      else await raiseStockAlerts(tx, [row!.id]);
      await bumpProductVersion(tx, productId);
      await recordAudit(tx, actor, { entity: "variant", entityId: row!.id, action: "create", after: { ...variantSnapshot(row!), initialStock: form.initialStock } });
      return { id: row!.id };
    });
  } catch (error) {
    return mapUniqueViolation(error);
  }
}

async function lockVariantOf(tx: Db, productId: number, variantId: number): Promise<VariantRow> {
  const [row] = await tx
    .select()
    .from(variants)
    .where(and(eq(variants.id, variantId), eq(variants.productId, productId)))
    .for("update");
  if (!row) throw variantNotFound();
  return row;
}

/** Saves a variant's options, SKU, price, threshold and whether it is sold. Its stock is the inventory screen's. */
export async function updateVariant(
  db: Db,
  actor: AdminActor,
  productId: number,
  variantId: number,
  expectedVersion: number,
  form: VariantEditForm,
  jobs?: JobQueue,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await lockProductVersion(tx, productId, expectedVersion);
      const before = await lockVariantOf(tx, productId, variantId);
      const [after] = await tx
        .update(variants)
        .set({
          size: form.size,
          color: form.color,
          sku: form.sku ?? before.sku,
          priceCents: form.priceCents,
          active: form.active,
          lowStockThreshold: form.lowStockThreshold ?? before.lowStockThreshold,
          limitPerCustomer: form.limitPerCustomer,
          updatedAt: new Date(),
        })
        .where(eq(variants.id, variantId))
        .returning();
      // A threshold raised to the stock there is (or above it) calls for its low-stock alert now.
      if (after!.lowStockThreshold !== before.lowStockThreshold) await raiseStockAlerts(tx, [variantId]);
      await bumpProductVersion(tx, productId);
      if (jobs) await scheduleReactivationPass(tx, jobs, productId, before.active, after!.active);
      await recordAudit(tx, actor, { entity: "variant", entityId: variantId, action: "update", before: variantSnapshot(before), after: variantSnapshot(after!) });
    });
  } catch (error) {
    mapUniqueViolation(error);
  }
}

/**
 * Removes a variant. One that was ever ordered or paid for is retired instead (no longer sold, kept so
 * past orders, refunds and the stock ledger still name it); one never ordered is deleted. Units held for
 * a checkout in progress refuse both until the checkout ends.
 */
export async function removeVariant(db: Db, actor: AdminActor, productId: number, variantId: number, expectedVersion: number): Promise<"deleted" | "retired"> {
  return db.transaction(async (tx) => {
    await lockProductVersion(tx, productId, expectedVersion);
    const before = await lockVariantOf(tx, productId, variantId);
    if (before.reserved > 0) throw new CatalogError("catalog.variant_held", catalogText("admin.domain.variantHeld"));
    const [ordered] = await tx.select({ n: sql<number>`count(*)::int` }).from(orderItems).where(eq(orderItems.variantId, variantId));
    const [attempted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(checkoutAttempts)
      .where(sql`${checkoutAttempts.lines} @> ${JSON.stringify([{ variantId }])}::jsonb`);
    const keep = (ordered?.n ?? 0) > 0 || (attempted?.n ?? 0) > 0;
    if (keep) {
      await tx.update(variants).set({ active: false, updatedAt: new Date() }).where(eq(variants.id, variantId));
    } else {
      await tx.delete(variants).where(eq(variants.id, variantId));
    }
    await bumpProductVersion(tx, productId);
    await recordAudit(tx, actor, { entity: "variant", entityId: variantId, action: keep ? "retire" : "delete", before: variantSnapshot(before) });
    return keep ? "retired" : "deleted";
  });
}
