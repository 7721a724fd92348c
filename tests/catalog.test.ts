import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProductBySlug, listCollections, listProducts, listProductSlugs, parseShopQuery, searchDocument, SHOP_PAGE_SIZE } from "../core/catalog/index.ts";
import { products, stockMovements, variants } from "../db/schema/index.ts";
import { seedCatalogue } from "../db/seed/index.ts";
import { seedProducts } from "../db/seed/catalogue.ts";
import { seedProductDescriptionsEs } from "../db/seed/catalogue-es.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

let database: TestDatabase;
const query = (qs: string) => parseShopQuery(new URLSearchParams(qs));

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db);
});
afterAll(() => database?.destroy());

describe("the seed", () => {
  it("gives the product page its Spanish texts in Spanish, its English ones otherwise", async () => {
    const tee = seedProducts.find((p) => p.slug === "harlem-classic-tee")!;
    expect((await getProductBySlug(database.db, tee.slug))?.description).toBe(tee.description);
    expect((await getProductBySlug(database.db, tee.slug, "en"))?.description).toBe(tee.description);
    const es = await getProductBySlug(database.db, tee.slug, "es");
    expect(es?.description).toBe(seedProductDescriptionsEs[tee.slug]);
    expect(es?.seoDescription).toBeNull();
    expect(es?.variants.map((v) => v.color)).toContain("Black");
  });

  it("holds the spec's catalogue with its prices in cents", async () => {
    const tee = await getProductBySlug(database.db, "harlem-classic-tee");
    expect(tee?.basePriceCents).toBe(5500);
    const white = tee!.variants.filter((v) => v.color === "White");
    expect(white.length).toBeGreaterThan(0);
    expect(white.every((v) => v.priceCents === 6000)).toBe(true);
    expect(tee!.variants.filter((v) => v.color === "Black").every((v) => v.priceCents === 5500)).toBe(true);
    const vinyl = await getProductBySlug(database.db, "uptown-sessions-vinyl-collection");
    expect(vinyl?.basePriceCents).toBe(12000);
    expect(vinyl!.variants.map((v) => v.priceCents).sort()).toEqual([12000, 18000]);
  });

  it("gives every variant the low-stock threshold of its initial stock and a restock movement", async () => {
    const rows = await database.db.select().from(variants);
    // Seats of the seeded events are stock too (with a restock movement each) but warn of nothing.
    const merch = new Set((await database.db.select({ id: products.id }).from(products).where(eq(products.kind, "merch"))).map((p) => p.id));
    for (const v of rows.filter((r) => merch.has(r.productId))) {
      expect(v.lowStockThreshold).toBe(Math.min(10, Math.max(2, Math.floor(v.onHand * 0.2))));
    }
    const [movements] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(eq(stockMovements.type, "restock"));
    expect(movements!.n).toBe(rows.filter((v) => v.onHand > 0).length);
  });

  it("is idempotent and never undoes live stock", async () => {
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(variants);
    const [someVariant] = await database.db.select().from(variants).where(sql`${variants.onHand} > 3`).limit(1);
    await database.db.update(variants).set({ onHand: someVariant!.onHand - 3 }).where(eq(variants.id, someVariant!.id));
    await seedCatalogue(database.db);
    const after = await database.db.select({ n: sql<number>`count(*)::int` }).from(variants);
    expect(after).toEqual(before);
    const [again] = await database.db.select().from(variants).where(eq(variants.id, someVariant!.id));
    expect(again!.onHand).toBe(someVariant!.onHand - 3);
    const [productCount] = await database.db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.kind, "merch"));
    expect(productCount!.n).toBe(seedProducts.length);
  });
});

describe("the shop listing", () => {
  it("shows 12 products a page, every product once across the pages", async () => {
    const first = await listProducts(database.db, query(""));
    expect(first.items).toHaveLength(SHOP_PAGE_SIZE);
    expect(first.total).toBe(seedProducts.length);
    const seen = new Set<string>();
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await listProducts(database.db, query(`page=${page}`));
      for (const p of result.items) seen.add(p.slug);
    }
    expect(seen.size).toBe(seedProducts.length);
  });

  it("gives each listed product its own variants, prices and stock", async () => {
    const seen = new Map<string, Awaited<ReturnType<typeof listProducts>>["items"][number]>();
    for (let page = 1; page <= 3; page++) for (const p of (await listProducts(database.db, query(`page=${page}`))).items) seen.set(p.slug, p);
    for (const seed of seedProducts) {
      const listed = seen.get(seed.slug)!;
      expect(listed.variants.map((v) => [v.size ?? null, v.color ?? null]).sort(), seed.slug).toEqual(
        seed.variants.map((v) => [v.size ?? null, v.color ?? null]).sort(),
      );
    }
    const tee = seen.get("harlem-classic-tee")!;
    expect(tee.variants.filter((v) => v.color === "White").every((v) => v.priceCents === 6000)).toBe(true);
    const soldOut = seedProducts.find((p) => p.variants.every((v) => v.stock === 0))!;
    expect(seen.get(soldOut.slug)!.variants.every((v) => v.available === 0)).toBe(true);
  });

  it("clamps a page past the end to the last page", async () => {
    const result = await listProducts(database.db, query("page=999"));
    expect(result.page).toBe(result.pageCount);
    expect(result.items.length).toBeGreaterThan(0);
  });

  it("filters by category", async () => {
    const music = await listProducts(database.db, query("category=music"));
    expect(music.total).toBe(seedProducts.filter((p) => p.category === "music").length);
    expect(music.items.every((p) => p.category === "music")).toBe(true);
  });

  it("sorts by price both ways and by newest", async () => {
    const asc = await listProducts(database.db, query("sort=price-asc"));
    const prices = asc.items.map((p) => p.basePriceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(Math.min(...seedProducts.map((p) => Math.round(p.basePrice * 100))));
    const desc = await listProducts(database.db, query("sort=price-desc"));
    expect(desc.items[0]!.basePriceCents).toBe(Math.max(...seedProducts.map((p) => Math.round(p.basePrice * 100))));
    const newest = await listProducts(database.db, query("sort=newest"));
    const youngest = [...seedProducts].sort((a, b) => a.createdDaysAgo - b.createdDaysAgo)[0]!;
    expect(newest.items[0]!.slug).toBe(youngest.slug);
  });

  it("puts featured products first in the Featured sort", async () => {
    const result = await listProducts(database.db, query(""));
    const featuredCount = seedProducts.filter((p) => p.featured).length;
    expect(result.items.slice(0, featuredCount).every((p) => p.featured)).toBe(true);
  });

  it("finds the hoodie despite a typo, and by tag", async () => {
    const typo = await listProducts(database.db, query("q=hodie"));
    expect(typo.items.map((p) => p.slug)).toContain("east-harlem-hoodie");
    const tagged = seedProducts.find((p) => p.tags.includes("vinyl"))!;
    const byTag = await listProducts(database.db, query("q=vinyl"));
    expect(byTag.items.map((p) => p.slug)).toContain(tagged.slug);
  });

  it("searches the Spanish descriptions on a Spanish page, and still the names; English search is unchanged", async () => {
    const tee = seedProducts.find((p) => p.slug === "harlem-classic-tee")!;
    // The longest word of the tee's Spanish description that no product's English texts contain.
    const english = seedProducts.map((p) => searchDocument(p)).join(" ");
    const word = seedProductDescriptionsEs[tee.slug]!.toLowerCase()
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length > 0 && !english.includes(w))
      .sort((a, b) => b.length - a.length)[0]!;
    const slugs = async (q: string, locale: "en" | "es") => (await listProducts(database.db, query(`q=${encodeURIComponent(q)}`), locale)).items.map((p) => p.slug);
    expect(await slugs(word, "es")).toContain(tee.slug);
    expect(await slugs(word, "en")).not.toContain(tee.slug);
    // A name's word and a Spanish one together; the name alone, in either language.
    expect(await slugs(`${tee.name.split(" ")[1]} ${word}`, "es")).toContain(tee.slug);
    expect(await slugs(tee.name, "es")).toContain(tee.slug);
    expect(await slugs(tee.name, "en")).toContain(tee.slug);
  });

  it("finds nothing for a word unlike any product, and treats wildcards as text", async () => {
    expect((await listProducts(database.db, query("q=zzqxv"))).total).toBe(0);
    expect((await listProducts(database.db, query("q=%25%25"))).total).toBe(0);
    expect((await listProducts(database.db, query("q=_"))).total).toBe(0);
  });

  it("falls back to the defaults for unreadable parameters", async () => {
    const q = query("category=shoes&sort=cheapest&page=-4");
    expect(q).toMatchObject({ category: "all", sort: "featured", page: 1 });
  });

  it("leaves out withdrawn products", async () => {
    await database.db.update(products).set({ status: "archived" }).where(eq(products.slug, "harlem-classic-tee"));
    try {
      const result = await listProducts(database.db, query("q=harlem classic tee"));
      expect(result.items.map((p) => p.slug)).not.toContain("harlem-classic-tee");
      expect(await getProductBySlug(database.db, "harlem-classic-tee")).toBeNull();
      expect((await listProductSlugs(database.db)).map((p) => p.slug)).not.toContain("harlem-classic-tee");
    } finally {
      await database.db.update(products).set({ status: "active" }).where(eq(products.slug, "harlem-classic-tee"));
    }
  });
});

describe("collections", () => {
  it("lists the featured collection first and counts the products each holds", async () => {
    const list = await listCollections(database.db);
    expect(list[0]).toMatchObject({ name: "Spring 2024: Urban Renaissance", featured: true });
    const count = (slug: string) => list.find((c) => c.slug === slug)?.itemCount;
    expect(count("street-essentials")).toBe(8);
    expect(count("underground-classics")).toBe(12);
    expect(count("limited-edition")).toBe(6);
  });

  it("filters the shop to one collection", async () => {
    const result = await listProducts(database.db, query("collection=limited-edition"));
    expect(result.total).toBe(6);
  });
});
