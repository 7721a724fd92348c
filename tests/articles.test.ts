import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, lookTranslations } from "../db/schema/index.ts";
import { seedCatalogue } from "../db/seed/index.ts";
import { seedCulture } from "../db/seed/culture.ts";
import { seedArticles } from "../db/seed/articles.ts";
import { seedArticlesEs } from "../db/seed/culture-es.ts";
import { seedCollectionsEs, seedLooksEs } from "../db/seed/collections-es.ts";
import {
  articleFormSchema,
  createArticle,
  embeddedProducts,
  getAdminArticle,
  getPublishedArticle,
  listArticleSlugs,
  listPublishedArticles,
  readTimeMinutes,
  renderBody,
  renderMarkdown,
  setArticleStatus,
  updateArticle,
} from "../core/articles/index.ts";
import { getCollectionPage, getLookbook, updateCollection, collectionFormSchema, addHotspot, getAdminCollection } from "../core/lookbook/index.ts";
import { listCollections, getProductBySlug } from "../core/catalog/index.ts";
import { restock } from "../core/inventory/index.ts";
import type { AdminActor } from "../core/admin/index.ts";
import { makeUser } from "./factories.ts";
import { englishFirst } from "./field-words.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

let database: TestDatabase;
let actor: AdminActor;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedCatalogue(database.db);
  await seedCulture(database.db);
  const admin = await makeUser(database.db, "admin");
  actor = { id: admin.id, email: admin.email, role: "admin", clientIp: "127.0.0.1" };
}, 120_000);

afterAll(() => database?.destroy());

describe("markdown is rendered safely", () => {
  it("escapes script tags and raw HTML instead of running them", () => {
    const html = renderMarkdown("Hello <script>alert('x')</script>\n\n<div onclick=\"steal()\">raw</div>\n\n<iframe src=\"https://evil.test\"></iframe>");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<div/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("refuses javascript:, data: and vbscript: links but keeps http(s), mailto and relative ones", () => {
    const html = renderMarkdown(
      "[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](data:text/html;base64,PHNjcmlwdD4=) [d](vbscript:msgbox) [e](https://example.com/x) [f](mailto:hi@example.com) [g](/shop/harlem-classic-tee)",
    );
    expect(html).not.toMatch(/href="(javascript|data|vbscript):/i);
    expect(html).not.toMatch(/<a[^>]+javascript/i);
    expect(html).toContain('href="https://example.com/x"');
    expect(html).toContain('href="mailto:hi@example.com"');
    expect(html).toContain('href="/shop/harlem-classic-tee"');
  });

  it("neutralizes an image with an onerror handler, raw or smuggled into markdown", () => {
    const html = renderMarkdown('<img src=x onerror="alert(1)">\n\n![pic](x" onerror="alert(1))\n\n![ok](/images/article-1.svg)');
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).toContain('<img src="/images/article-1.svg" alt="ok">');
  });

  it("cuts the body at embed lines only", () => {
    const parts = renderBody("Intro\n\n{{product:el-barrio-mural-print}}\n\nInline {{product:x}} stays text.");
    expect(parts.map((p) => p.kind)).toEqual(["html", "product", "html"]);
    expect(parts[1]).toEqual({ kind: "product", slug: "el-barrio-mural-print" });
    expect((parts[2] as { html: string }).html).toContain("{{product:x}}");
  });
});

describe("read time", () => {
  it("is the words at 230 a minute, rounded up, at least one minute", () => {
    expect(readTimeMinutes("")).toBe(1);
    expect(readTimeMinutes("word ".repeat(230))).toBe(1);
    expect(readTimeMinutes("word ".repeat(231))).toBe(2);
    // Embeds, link targets and markdown marks are not words.
    expect(readTimeMinutes(`## ${"word ".repeat(230)}\n{{product:el-barrio-mural-print}}\n[link](https://example.com/a/long/address)`)).toBe(2);
  });

  it("of each seeded story comes from its text", async () => {
    const { featured, latest } = await listPublishedArticles(database.db);
    expect(featured?.title).toBe("The Walls Speak: Murals of East Harlem");
    expect(latest.map((a) => a.title)).toEqual(["From Cyphers to Stages", "Threads of the Block", "Breaking Ground: B-Boys of 116th Street"]);
    for (const seed of seedArticles) {
      const story = await getPublishedArticle(database.db, seed.slug);
      // Real bodies of several paragraphs: two minutes or more, as the page says.
      expect(story?.readTimeMinutes).toBe(readTimeMinutes(seed.body));
      expect(story!.readTimeMinutes).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("drafts and publishing", () => {
  const form = (title: string) =>
    articleFormSchema.parse({
      title,
      slug: "",
      category: "Music",
      author: "Test Writer",
      excerpt: "An excerpt.",
      body: "A body with a [link](https://example.com).",
      imageSrc: "/images/article-1.svg",
      imageAlt: "A picture.",
    });

  it("keeps a new story invisible to shoppers until it is published, and again after unpublishing; each step is audited", async () => {
    const { id, slug } = await createArticle(database.db, actor, form("A Draft About Stoops"));
    expect(slug).toBe("a-draft-about-stoops");
    expect(await getPublishedArticle(database.db, slug)).toBeNull();
    expect((await listPublishedArticles(database.db)).latest.some((a) => a.slug === slug)).toBe(false);
    expect((await listArticleSlugs(database.db)).some((a) => a.slug === slug)).toBe(false);

    await setArticleStatus(database.db, actor, id, "publish");
    expect((await getPublishedArticle(database.db, slug))?.title).toBe("A Draft About Stoops");
    expect((await listArticleSlugs(database.db)).some((a) => a.slug === slug)).toBe(true);

    await setArticleStatus(database.db, actor, id, "unpublish");
    expect(await getPublishedArticle(database.db, slug)).toBeNull();

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((r) => r.entity === "article").map((r) => r.action)).toEqual(["create", "publish", "unpublish"]);
  });

  it("refuses a second story at the same address", async () => {
    await expect(createArticle(database.db, actor, { ...form("Other"), slug: "from-cyphers-to-stages" })).rejects.toMatchObject({ code: "articles.slug_taken" });
    const { id } = await createArticle(database.db, actor, form("Yet Another"));
    await expect(updateArticle(database.db, actor, id, { ...form("Yet Another"), slug: "threads-of-the-block" })).rejects.toMatchObject({ code: "articles.slug_taken" });
  });
});

describe("stories in Spanish", () => {
  const form = (fields: Record<string, string>) =>
    articleFormSchema.parse({
      title: "Stoop Talk",
      slug: "",
      category: "Community",
      author: "Test Writer",
      excerpt: "What the neighbors say on the stoop.",
      body: "## The stoop\n\nEvery evening the stoop fills up.",
      imageSrc: "/images/article-1.svg",
      imageAlt: "A brownstone stoop.",
      ...fields,
    });

  it("gives each seeded story its Spanish texts under es, its English ones otherwise, the read time counted on the text shown", async () => {
    const { featured, latest } = await listPublishedArticles(database.db, "es");
    expect(featured?.title).toBe(seedArticlesEs["the-walls-speak-murals-of-east-harlem"]!.title);
    expect(latest.map((a) => a.title)).toEqual(["Del cypher a la tarima", "Las pintas del bloque", "Abriendo camino: los b-boys de la calle 116"]);
    const es = await getPublishedArticle(database.db, "from-cyphers-to-stages", "es");
    const spanish = seedArticlesEs["from-cyphers-to-stages"]!;
    expect(es).toMatchObject({ title: spanish.title, category: "Música", excerpt: spanish.excerpt, body: spanish.body, author: "Dante Rivers", imageAlt: spanish.imageAlt });
    expect(es!.image.alt).toBe(spanish.imageAlt);
    expect(es!.readTimeMinutes).toBe(readTimeMinutes(spanish.body));
    expect((await getPublishedArticle(database.db, "from-cyphers-to-stages"))?.title).toBe("From Cyphers to Stages");
  });

  it("shows the English of each text a story has no Spanish for, and none at all when it has no translation", async () => {
    const { id, slug } = await createArticle(database.db, actor, form({ titleEs: "Charla en el stoop" }));
    await setArticleStatus(database.db, actor, id, "publish");
    expect(await getPublishedArticle(database.db, slug, "es")).toMatchObject({ title: "Charla en el stoop", excerpt: "What the neighbors say on the stoop.", category: "Community" });
    expect((await getAdminArticle(database.db, id))!.spanish).toEqual({ title: "Charla en el stoop", category: null, excerpt: null, body: null, imageAlt: null });

    await updateArticle(database.db, actor, id, form({ slug, titleEs: "", bodyEs: "## El stoop\n\nTodas las tardes el stoop se llena." }));
    const partly = await getPublishedArticle(database.db, slug, "es");
    expect(partly).toMatchObject({ title: "Stoop Talk", body: "## El stoop\n\nTodas las tardes el stoop se llena." });

    await updateArticle(database.db, actor, id, form({ slug, bodyEs: "" }));
    expect((await getAdminArticle(database.db, id))!.spanish).toEqual({ title: null, category: null, excerpt: null, body: null, imageAlt: null });
    expect((await getPublishedArticle(database.db, slug, "es"))?.body).toBe("## The stoop\n\nEvery evening the stoop fills up.");

    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id)));
    const updates = audit.filter((r) => r.entity === "article" && r.action === "update");
    expect(updates.map((r) => [(r.before as { titleEs: unknown }).titleEs, (r.after as { titleEs: unknown; bodyEs: unknown }).bodyEs])).toEqual([
      ["Charla en el stoop", "## El stoop\n\nTodas las tardes el stoop se llena."],
      [null, null],
    ]);
  });

  it("refuses a Spanish text longer than the English may be", () => {
    const result = articleFormSchema.safeParse({ ...form({}), imageSrc: "/images/article-1.svg", featured: "", titleEs: "x".repeat(161) });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ["titleEs"] });
    expect(englishFirst(result.error!)).toBe("The Spanish title is too long (at most 160 characters).");
  });
});

describe("product embeds", () => {
  it("show the live price and stock of the embedded product", async () => {
    const story = await getPublishedArticle(database.db, "from-cyphers-to-stages");
    const before = await embeddedProducts(database.db, story!.body);
    const tape = before.get("block-tapes-vol-1-cassette")!;
    const soldOut = before.get("block-tapes-vol-2-cassette")!;
    expect(tape.basePriceCents).toBeGreaterThan(0);
    expect(soldOut.variants.every((v) => v.available === 0)).toBe(true);
    const available = tape.variants[0]!.available;

    await restock(database.db, tape.variants[0]!.id, 5, { reason: "test" });
    const after = await embeddedProducts(database.db, story!.body);
    expect(after.get("block-tapes-vol-1-cassette")!.variants[0]!.available).toBe(available + 5);
  });
});

describe("collections and lookbooks", () => {
  it("list a collection's products in its order, as many as the card counts", async () => {
    const page = await getCollectionPage(database.db, "street-essentials");
    const card = (await listCollections(database.db)).find((c) => c.slug === "street-essentials")!;
    expect(page!.products.map((p) => p.slug).slice(0, 3)).toEqual(["harlem-classic-tee", "east-harlem-hoodie", "el-barrio-logo-cap"]);
    expect(page!.products).toHaveLength(card.itemCount);
    expect(await getCollectionPage(database.db, "no-such-collection")).toBeNull();
  });

  it("seed three looks with hotspots for Spring 2024 and one for Street Essentials", async () => {
    const spring = await getLookbook(database.db, "spring-2024-urban-renaissance");
    expect(spring!.looks).toHaveLength(3);
    for (const look of spring!.looks) expect(look.hotspots.length).toBeGreaterThanOrEqual(2);
    expect((await getLookbook(database.db, "street-essentials"))!.looks).toHaveLength(1);
  });

  it("read in Spanish: a collection's description and season, its looks' title, caption and picture description; names as they are", async () => {
    const spring = "spring-2024-urban-renaissance";
    const en = await getLookbook(database.db, spring);
    const es = await getLookbook(database.db, spring, "es");
    expect(es!.collection).toMatchObject({ name: en!.collection.name, description: seedCollectionsEs[spring]!.description, season: "Primavera 2024" });
    expect(en!.collection.season).toBe("Spring 2024");
    for (const [i, look] of es!.looks.entries()) {
      const spanish = seedLooksEs[en!.looks[i]!.title]!;
      expect(look).toMatchObject({ title: spanish.title, caption: spanish.caption, imageAlt: spanish.imageAlt, image: { alt: spanish.imageAlt } });
      expect(look.hotspots.map((h) => h.product.slug)).toEqual(en!.looks[i]!.hotspots.map((h) => h.product.slug));
    }
    const cards = await listCollections(database.db, "es");
    expect(cards.find((c) => c.slug === "street-essentials")).toMatchObject({ name: "Street Essentials", description: seedCollectionsEs["street-essentials"]!.description, season: null });
    expect((await getCollectionPage(database.db, spring, "es"))!.collection.description).toBe(seedCollectionsEs[spring]!.description);
  });

  it("give a store seeded before there were Spanish texts its looks' Spanish once, never again after the back office", async () => {
    await database.db.delete(lookTranslations);
    await seedCulture(database.db);
    const es = await getLookbook(database.db, "street-essentials", "es");
    expect(es!.looks[0]!.title).toBe(seedLooksEs["Basement Session"]!.title);
    // The back office removes one look's Spanish: seeding again leaves it without.
    await database.db.delete(lookTranslations).where(eq(lookTranslations.lookId, es!.looks[0]!.id));
    await seedCulture(database.db);
    expect((await getLookbook(database.db, "street-essentials", "es"))!.looks[0]!.title).toBe("Basement Session");
  });

  it("reorder a collection's products and add a hotspot, audited", async () => {
    const spring = await getLookbook(database.db, "spring-2024-urban-renaissance");
    const collectionId = spring!.collection.id;
    const admin = await getAdminCollection(database.db, collectionId);
    const reversed = [...admin!.productSlugs].reverse();
    await updateCollection(
      database.db,
      actor,
      collectionId,
      collectionFormSchema.parse({ name: admin!.name, slug: admin!.slug, description: admin!.description, season: admin!.season ?? "", featured: "on", products: reversed.join("\n") }),
    );
    expect((await getCollectionPage(database.db, admin!.slug))!.products.map((p) => p.slug)).toEqual(reversed);
    await expect(
      updateCollection(database.db, actor, collectionId, collectionFormSchema.parse({ name: "X", slug: admin!.slug, description: "Y", season: "", products: "not-a-product" })),
    ).rejects.toMatchObject({ code: "lookbook.unknown_products" });

    const look = spring!.looks[0]!;
    await addHotspot(database.db, actor, collectionId, look.id, { product: "harlem-classic-tee", x: 10, y: 90 });
    const again = await getLookbook(database.db, admin!.slug);
    expect(again!.looks[0]!.hotspots.at(-1)).toMatchObject({ x: 10, y: 90, product: { slug: "harlem-classic-tee" } });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entity, "collection"));
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect(await getProductBySlug(database.db, "harlem-classic-tee")).not.toBeNull();
  });

  it("seeding again leaves the back office's stories and looks alone", async () => {
    expect(await seedCulture(database.db)).toEqual({ articles: 0, looks: 0 });
  });
});
