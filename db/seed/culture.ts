import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { articles, articleTranslations, collections, lookHotspots, looks, lookTranslations, products } from "../schema/index.ts";
import { seedArticles } from "./articles.ts";
import { seedArticlesEs } from "./culture-es.ts";
import { seedLooksEs } from "./collections-es.ts";

const DAY_MS = 86_400_000;

interface SeedLook {
  collection: string;
  title: string;
  caption: string;
  imageSrc: string;
  imageAlt: string;
  /** Products worn in the look and where they are on the picture (percent across, down). */
  hotspots: { product: string; x: number; y: number }[];
}

export const seedLooks: SeedLook[] = [
  {
    collection: "spring-2024-urban-renaissance",
    title: "Mural Walk",
    caption: "Lexington at 104th, first warm Saturday: a light shell for the wind off the river, mesh shorts and a bucket hat for the long walk north.",
    imageSrc: "/images/looks/mural-walk.svg",
    imageAlt: "A figure in a gold windbreaker, black mesh shorts and a bucket hat walking past a bright mural.",
    hotspots: [
      { product: "block-party-bucket-hat", x: 50, y: 15 },
      { product: "harlem-river-windbreaker", x: 50, y: 42 },
      { product: "stoop-season-mesh-shorts", x: 50, y: 58 },
    ],
  },
  {
    collection: "spring-2024-urban-renaissance",
    title: "Stoop Morning",
    caption: "Coffee on the stoop before the block wakes up: a longsleeve and a dad cap, and a tee for the neighbor who always stops to talk.",
    imageSrc: "/images/looks/stoop-morning.svg",
    imageAlt: "Two friends on a brownstone stoop, one in a longsleeve and cap, the other in a graphic tee.",
    hotspots: [
      { product: "harlem-river-dad-cap", x: 32, y: 19 },
      { product: "116th-street-longsleeve", x: 32, y: 40 },
      { product: "bodega-cat-tee", x: 68, y: 41 },
    ],
  },
  {
    collection: "spring-2024-urban-renaissance",
    title: "Rooftop Dusk",
    caption: "When the sun drops behind the projects and the speakers come out: a coaches jacket over a salsa-breaks tee.",
    imageSrc: "/images/looks/rooftop-dusk.svg",
    imageAlt: "A figure on a rooftop at dusk in an open navy coaches jacket over a red graphic tee.",
    hotspots: [
      { product: "uptown-coaches-jacket", x: 41, y: 46 },
      { product: "salsa-breaks-tee", x: 50, y: 32 },
    ],
  },
  {
    collection: "street-essentials",
    title: "Basement Session",
    caption: "Digging through crates in the basement studio: the hoodie, the cap and the sweats you reach for first.",
    imageSrc: "/images/looks/basement-crates.svg",
    imageAlt: "A figure in a black hoodie, a cap and gray sweatpants standing beside crates of records.",
    hotspots: [
      { product: "el-barrio-logo-cap", x: 50, y: 16 },
      { product: "east-harlem-hoodie", x: 50, y: 42 },
      { product: "boom-bap-sweatpants", x: 50, y: 68 },
    ],
  },
];

/**
 * The sample stories (with their Spanish) and looks, each written only while its table is empty: seeding
 * again never undoes what the back office wrote (an edited story or translation, a removed look). The looks'
 * Spanish texts likewise, while no look has any: each sample look still in its collection under its English
 * title gets its own (so a store seeded before there were Spanish texts gets them once).
 */
export async function seedCulture(db: Db, now = new Date()): Promise<{ articles: number; looks: number }> {
  return db.transaction(async (tx) => {
    let articleCount = 0;
    let lookCount = 0;
    const [a] = await tx.select({ n: sql<number>`count(*)::int` }).from(articles);
    if ((a?.n ?? 0) === 0) {
      const inserted = await tx
        .insert(articles)
        .values(
          seedArticles.map(({ publishedDaysAgo, ...article }) => {
            const publishedAt = new Date(now.getTime() - publishedDaysAgo * DAY_MS);
            return { ...article, status: "published" as const, publishedAt, createdAt: publishedAt, updatedAt: publishedAt };
          }),
        )
        .returning({ id: articles.id, slug: articles.slug });
      const spanish = inserted.flatMap(({ id, slug }) => {
        const es = seedArticlesEs[slug];
        return es ? [{ articleId: id, locale: "es", ...es }] : [];
      });
      if (spanish.length) await tx.insert(articleTranslations).values(spanish);
      articleCount = seedArticles.length;
    }
    const [l] = await tx.select({ n: sql<number>`count(*)::int` }).from(looks);
    if ((l?.n ?? 0) === 0) {
      const collectionRows = await tx
        .select({ id: collections.id, slug: collections.slug })
        .from(collections)
        .where(inArray(collections.slug, [...new Set(seedLooks.map((look) => look.collection))]));
      const collectionId = new Map(collectionRows.map((r) => [r.slug, r.id]));
      const productRows = await tx
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(inArray(products.slug, seedLooks.flatMap((look) => look.hotspots.map((h) => h.product))));
      const productId = new Map(productRows.map((r) => [r.slug, r.id]));
      const positions = new Map<string, number>();
      for (const look of seedLooks) {
        const cid = collectionId.get(look.collection);
        if (cid === undefined) continue; // a store without the sample catalogue gets no sample looks
        const position = positions.get(look.collection) ?? 0;
        positions.set(look.collection, position + 1);
        const [row] = await tx
          .insert(looks)
          .values({ collectionId: cid, title: look.title, caption: look.caption, imageSrc: look.imageSrc, imageAlt: look.imageAlt, position })
          .returning({ id: looks.id });
        const spots = look.hotspots.flatMap((h, i) => {
          const pid = productId.get(h.product);
          return pid === undefined ? [] : [{ lookId: row!.id, productId: pid, xPercent: h.x, yPercent: h.y, position: i }];
        });
        if (spots.length) await tx.insert(lookHotspots).values(spots);
        lookCount++;
      }
    }
    const [t] = await tx.select({ n: sql<number>`count(*)::int` }).from(lookTranslations);
    if ((t?.n ?? 0) === 0) {
      const sampleOf = new Map(seedLooks.map((look) => [`${look.collection}\u0000${look.title}`, seedLooksEs[look.title]]));
      const rows = await tx
        .select({ id: looks.id, title: looks.title, collection: collections.slug })
        .from(looks)
        .innerJoin(collections, eq(collections.id, looks.collectionId));
      const spanish = rows.flatMap((r) => {
        const es = sampleOf.get(`${r.collection}\u0000${r.title}`);
        return es ? [{ lookId: r.id, locale: "es", ...es }] : [];
      });
      if (spanish.length) await tx.insert(lookTranslations).values(spanish);
    }
    return { articles: articleCount, looks: lookCount };
  });
}
