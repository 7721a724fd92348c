import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addVariant, createProduct, getAdminProduct, listAdminProducts, removeVariant, slugFromName, updateProduct, updateVariant, type AdminActor } from "../core/admin/index.ts";
import {
  adminProductQuerySchema,
  findRenamedProduct,
  getProductBySlug,
  listProducts,
  newVariantSchema,
  parseShopQuery,
  productFormInput,
  productFormSchema,
  variantFormInput,
  type ProductForm,
} from "../core/catalog/index.ts";
import { findOrderOfCustomer } from "../core/orders/index.ts";
import { getWishlist, listWishlists, saveItem } from "../core/wishlist/index.ts";
import { createCartForUser, addToCart } from "../core/cart/index.ts";
import { getCart } from "../core/cart/index.ts";
import type { CheckoutDeps } from "../core/checkout/index.ts";
import type { Db } from "../db/client.ts";
import { auditLog, reviews, stockMovements, variants } from "../db/schema/index.ts";
import { makeUser } from "./factories.ts";
import { englishFirst } from "./field-words.ts";
import { CATALOG_MESSAGES } from "./messages.ts";
import { checkoutTestDatabase, purchase } from "./purchase.ts";

const store = checkoutTestDatabase();
let db: Db;
let checkout: CheckoutDeps;
beforeAll(() => {
  ({ db, checkout } = store);
});

const ana: AdminActor = { id: "admin-ana", email: "ana@east-harlem.test", role: "admin", clientIp: "203.0.113.7" };
const ben: AdminActor = { id: "admin-ben", email: "ben@east-harlem.test", role: "admin", clientIp: "203.0.113.8" };

let serial = 0;
/** A product form as the page sends it, read through the same schema. */
function form(overrides: Record<string, string> = {}): ProductForm {
  serial += 1;
  const fields = {
    name: `Barrio Test Tee ${Date.now()}-${serial}`,
    description: "Heavy cotton, printed in Harlem.",
    category: "apparel",
    artKind: "tee",
    basePrice: "40.00",
    tags: "Cotton, streetwear, cotton",
    status: "draft",
    ...overrides,
  };
  return productFormSchema.parse(productFormInput(fields));
}

const variantForm = (fields: Record<string, string>) => newVariantSchema.parse(variantFormInput({ active: "on", ...fields }));
const versionOf = async (id: number) => (await getAdminProduct(db, id))!.version;
const auditOf = (entity: string, id: number) => db.select().from(auditLog).where(eq(auditLog.entityId, String(id))).then((rows) => rows.filter((r) => r.entity === entity));

describe("the product form", () => {
  it("reads prices in dollars, tags once each in lower case, and names each field it refuses", () => {
    expect(form({ basePrice: "45.5" })).toMatchObject({ basePriceCents: 4550, tags: ["cotton", "streetwear"], featured: false, slug: null });
    const bad = productFormSchema.safeParse(productFormInput({ name: " ", description: "", category: "hats", artKind: "tee", basePrice: "4,5", status: "live", slug: "Not A Slug", seoTitle: "x".repeat(71) }));
    expect(bad.success).toBe(false);
    const paths = new Set(bad.error!.issues.map((i) => i.path.join(".")));
    for (const f of ["name", "description", "category", "basePriceCents", "status", "slug", "seoTitle"]) expect(paths).toContain(f);
    expect(englishFirst(newVariantSchema.safeParse(variantFormInput({ initialStock: "-3" })).error!)).toBe("Enter a whole number.");
  });

  it("makes a slug from a name", () => {
    expect(slugFromName("  El Barrio Café — Tee!  ")).toBe("el-barrio-cafe-tee");
    expect(slugFromName("!!!")).toBe("product");
  });
});

describe("creating and publishing a product", () => {
  it("keeps a draft out of the shop until it is made active, and audits both writes", async () => {
    const draft = form({ name: "Stickball Champions Crewneck Draft" });
    const { id, slug } = await createProduct(db, ana, draft);
    expect(slug).toBe("stickball-champions-crewneck-draft");
    await addVariant(db, ana, id, await versionOf(id), variantForm({ size: "M", color: "Black", initialStock: "12" }));
    expect(await getProductBySlug(db, slug)).toBeNull();
    const shop = await listProducts(db, parseShopQuery(new URLSearchParams("q=stickball champions crewneck draft")));
    expect(shop.items.map((p) => p.id)).not.toContain(id);

    await updateProduct(db, ana, id, await versionOf(id), { ...draft, status: "active" });
    const page = await getProductBySlug(db, slug);
    expect(page).toMatchObject({ name: "Stickball Champions Crewneck Draft", basePriceCents: 4000, tags: ["cotton", "streetwear"] });
    expect(page!.variants).toHaveLength(1);
    const found = await listProducts(db, parseShopQuery(new URLSearchParams("q=stickball champions crewneck draft")));
    expect(found.items.map((p) => p.id)).toContain(id);

    const audits = await auditOf("product", id);
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "update"]);
    expect(audits.find((a) => a.action === "update")).toMatchObject({ actorEmail: ana.email, clientIp: ana.clientIp, before: { status: "draft" }, after: { status: "active" } });
  });

  it("gives a second product of the same name its own slug, and refuses a slug another product uses", async () => {
    const a = await createProduct(db, ana, form({ name: "Twin Name Hoodie" }));
    const b = await createProduct(db, ana, form({ name: "Twin Name Hoodie" }));
    expect(b.slug).toBe(`${a.slug}-2`);
    await expect(createProduct(db, ana, form({ slug: a.slug }))).rejects.toMatchObject({ code: "catalog.slug_taken", message: CATALOG_MESSAGES.slugTaken, details: { field: "slug" } });
    await expect(updateProduct(db, ana, b.id, await versionOf(b.id), form({ slug: a.slug }))).rejects.toMatchObject({ code: "catalog.slug_taken" });
  });

  it("refuses a drawing the store does not have", async () => {
    await expect(createProduct(db, ana, form({ artKind: "spaceship" }))).rejects.toMatchObject({ code: "catalog.unknown_art", details: { field: "artKind" } });
  });
});

describe("renaming a product's slug", () => {
  it("keeps the old slug as a redirect, which a later product may take over", async () => {
    const first = form({ status: "active" });
    const { id, slug } = await createProduct(db, ana, first);
    await updateProduct(db, ana, id, await versionOf(id), { ...first, slug: `${slug}-renamed` });
    expect(await getProductBySlug(db, slug)).toBeNull();
    expect(await findRenamedProduct(db, slug)).toBe(`${slug}-renamed`);
    // Renamed twice: the first slug still leads to the current one.
    await updateProduct(db, ana, id, await versionOf(id), { ...first, slug: `${slug}-again` });
    expect(await findRenamedProduct(db, slug)).toBe(`${slug}-again`);
    expect(await findRenamedProduct(db, `${slug}-renamed`)).toBe(`${slug}-again`);

    const newcomer = await createProduct(db, ana, form({ slug, status: "active" }));
    expect(newcomer.slug).toBe(slug);
    expect(await findRenamedProduct(db, slug)).toBeNull();
    expect((await getProductBySlug(db, slug))!.id).toBe(newcomer.id);
  });

  it("does not lead shoppers to a product that is no longer active", async () => {
    const f = form({ status: "active" });
    const { id, slug } = await createProduct(db, ana, f);
    await updateProduct(db, ana, id, await versionOf(id), { ...f, slug: `${slug}-b`, status: "archived" });
    expect(await findRenamedProduct(db, slug)).toBeNull();
  });
});

describe("two administrators editing one product", () => {
  it("refuses the save made from an older version, and writes nothing of it", async () => {
    const f = form();
    const { id } = await createProduct(db, ana, f);
    const seen = await versionOf(id);
    await updateProduct(db, ana, id, seen, { ...f, basePriceCents: 4200 });
    await expect(updateProduct(db, ben, id, seen, { ...f, basePriceCents: 3900 })).rejects.toMatchObject({
      code: "catalog.changed",
      status: 409,
      message: "This product was changed by someone else. Reload to see the changes, then make yours again.",
    });
    expect((await getAdminProduct(db, id))!.basePriceCents).toBe(4200);
    expect((await auditOf("product", id)).filter((a) => a.actorId === ben.id)).toHaveLength(0);
  });

  it("lets exactly one of two saves sent at the same moment through", async () => {
    const f = form();
    const { id } = await createProduct(db, ana, f);
    const seen = await versionOf(id);
    const results = await Promise.allSettled([
      updateProduct(db, ana, id, seen, { ...f, name: `${f.name} A` }),
      updateProduct(db, ben, id, seen, { ...f, name: `${f.name} B` }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(["catalog.changed"]);
    expect(await versionOf(id)).toBe(seen + 1);
  });

  it("counts a variant's save as a change of the product", async () => {
    const { id } = await createProduct(db, ana, form());
    const seen = await versionOf(id);
    await addVariant(db, ana, id, seen, variantForm({ size: "S" }));
    await expect(addVariant(db, ben, id, seen, variantForm({ size: "M" }))).rejects.toMatchObject({ code: "catalog.changed" });
  });
});

describe("variants", () => {
  it("start with their stock written to the ledger and the threshold the rule gives", async () => {
    const { id, slug } = await createProduct(db, ana, form());
    const cases = [
      { size: "S", initialStock: "37", threshold: 7 },
      { size: "M", initialStock: "0", threshold: 2 },
      { size: "L", initialStock: "100", threshold: 10 },
    ];
    for (const c of cases) await addVariant(db, ana, id, await versionOf(id), variantForm({ size: c.size, color: "Navy", initialStock: c.initialStock }));
    const detail = (await getAdminProduct(db, id))!;
    for (const c of cases) {
      const v = detail.variants.find((x) => x.size === c.size)!;
      expect(v).toMatchObject({ onHand: Number(c.initialStock), lowStockThreshold: c.threshold, active: true });
      expect(v.sku).toMatch(/^EH-[A-Z0-9]+-[SML]-NAVY$/);
    }
    const small = detail.variants.find((x) => x.size === "S")!;
    const [movement] = await db.select().from(stockMovements).where(eq(stockMovements.variantId, small.id));
    expect(movement).toMatchObject({ type: "restock", quantity: 37, previousStock: 0, newStock: 37, reason: "Initial stock" });
    expect(slug).toBeTruthy();
    const explicit = await addVariant(db, ana, id, await versionOf(id), variantForm({ size: "XL", initialStock: "40", threshold: "3" }));
    expect((await getAdminProduct(db, id))!.variants.find((v) => v.id === explicit.id)!.lowStockThreshold).toBe(3);
  });

  it("refuse a SKU another variant has and a second variant with the same size and colour", async () => {
    const { id } = await createProduct(db, ana, form());
    await addVariant(db, ana, id, await versionOf(id), variantForm({ size: "M", color: "Red", sku: `EH-UNIQUE-${serial}` }));
    await expect(addVariant(db, ana, id, await versionOf(id), variantForm({ size: "L", sku: `eh-unique-${serial}` }))).rejects.toMatchObject({ code: "catalog.sku_taken", details: { field: "sku" } });
    await expect(addVariant(db, ana, id, await versionOf(id), variantForm({ size: "M", color: "Red" }))).rejects.toMatchObject({ code: "catalog.options_taken" });
    expect((await getAdminProduct(db, id))!.variants).toHaveLength(1);
  });

  it("can be added, edited and removed on a product that has orders, and its orders keep what was bought", async () => {
    const f = form({ status: "active" });
    const { id } = await createProduct(db, ana, f);
    const { id: sold } = await addVariant(db, ana, id, await versionOf(id), variantForm({ size: "M", initialStock: "5" }));
    const { id: unsold } = await addVariant(db, ana, id, await versionOf(id), variantForm({ size: "L", initialStock: "5" }));
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, [{ variantId: sold, quantity: 2 }]);

    await updateVariant(db, ana, id, sold, await versionOf(id), { size: "M", color: null, sku: null, priceCents: 4500, active: true, lowStockThreshold: 1, limitPerCustomer: null });
    await addVariant(db, ana, id, await versionOf(id), variantForm({ size: "XL", initialStock: "3" }));
    expect(await removeVariant(db, ana, id, sold, await versionOf(id))).toBe("retired");
    expect(await removeVariant(db, ana, id, unsold, await versionOf(id))).toBe("deleted");

    const order = await findOrderOfCustomer(db, shopper.id, receipt.orderId);
    expect(order!.items).toEqual([expect.objectContaining({ variantId: sold, quantity: 2, unitPriceCents: 4000 })]);
    const page = (await getProductBySlug(db, (await getAdminProduct(db, id))!.slug))!;
    expect(page.variants.map((v) => v.size)).toEqual(["XL"]);
    const [retired] = await db.select().from(variants).where(eq(variants.id, sold));
    expect(retired).toMatchObject({ active: false, onHand: 3 });
    expect((await auditOf("variant", sold)).map((a) => a.action).sort()).toEqual(["create", "retire", "update"]);
    expect((await auditOf("variant", unsold)).map((a) => a.action).sort()).toEqual(["create", "delete"]);
  });
});

describe("archiving a product", () => {
  it("takes it out of the shop and the cart, and leaves its orders, wishlists and reviews whole", async () => {
    const f = form({ status: "active" });
    const { id, slug } = await createProduct(db, ana, f);
    const { id: variantId } = await addVariant(db, ana, id, await versionOf(id), variantForm({ size: "M", color: "Black", initialStock: "9" }));
    const shopper = await makeUser(db);
    const receipt = await purchase(checkout, shopper, [{ variantId, quantity: 1 }]);
    await saveItem(db, shopper.id, { productId: id, size: "M", color: "Black" });
    await db.insert(reviews).values({ productId: id, userId: shopper.id, rating: 5, title: "Fits", comment: "Fits true to size and washes well.", verified: true });
    const cartId = await createCartForUser(db, (await makeUser(db)).id);
    await addToCart(db, cartId, { variantId, quantity: 1 });

    await updateProduct(db, ana, id, await versionOf(id), { ...f, status: "archived" });

    expect(await getProductBySlug(db, slug)).toBeNull();
    expect((await getCart(db, cartId)).lines).toHaveLength(0);
    const order = await findOrderOfCustomer(db, shopper.id, receipt.orderId);
    expect(order!.items[0]).toMatchObject({ name: f.name, quantity: 1 });
    const [list] = await listWishlists(db, shopper.id);
    const detail = await getWishlist(db, shopper.id, list!.id);
    expect(detail!.items).toEqual([expect.objectContaining({ productName: f.name, offer: expect.objectContaining({ availability: "unavailable" }) })]);
    expect(await db.select().from(reviews).where(eq(reviews.productId, id))).toHaveLength(1);

    const listed = await listAdminProducts(db, adminProductQuerySchema.parse({ status: "archived", q: f.name }));
    expect(listed.rows.map((r) => r.id)).toEqual([id]);
  });
});

describe("the back office's product list", () => {
  it("filters by search (name, slug or SKU), category and status, 20 a page", async () => {
    const tag = `pagetest${Date.now()}`;
    for (let i = 0; i < 21; i++) await createProduct(db, ana, form({ name: `${tag} cap ${i}`, category: "accessories", artKind: "cap" }));
    const first = await listAdminProducts(db, adminProductQuerySchema.parse({ q: tag, category: "accessories" }));
    expect(first).toMatchObject({ total: 21, pages: 2, page: 1 });
    expect(first.rows).toHaveLength(20);
    const second = await listAdminProducts(db, adminProductQuerySchema.parse({ q: tag, page: "2" }));
    expect(second.rows).toHaveLength(1);
    expect((await listAdminProducts(db, adminProductQuerySchema.parse({ q: tag, category: "music" }))).total).toBe(0);
    expect((await listAdminProducts(db, adminProductQuerySchema.parse({ q: tag, status: "active" }))).total).toBe(0);

    const { id } = await createProduct(db, ana, form({ name: `${tag} sku holder` }));
    await addVariant(db, ana, id, await versionOf(id), variantForm({ size: "M", sku: `EH-${tag.toUpperCase()}-FIND` }));
    const bySku = await listAdminProducts(db, adminProductQuerySchema.parse({ q: `${tag.toUpperCase()}-FIND` }));
    expect(bySku.rows.map((r) => r.id)).toEqual([id]);
    expect(bySku.rows[0]).toMatchObject({ variantCount: 1, status: "draft" });
  });
});
