import { z } from "zod";
import { originalPriceCents } from "../../core/catalog/index.ts";
import { artUrl, CATEGORY_FILTERS, optionValues, shopQuerySchema, SORTS, type ProductSummary } from "../../core/catalog/index.ts";
import type { ProductImageView } from "../../core/media/index.ts";
import type { Locale } from "../../core/shared/locale.ts";
import { categoryLabel, colorLabel, stockText, tagLabel, localeT } from "../../texts/index.ts";
import { track } from "./analytics.ts";
import { operation } from "./operation.ts";
import { ApiProblem } from "./problem.ts";

/* Answers: the shop's data as an app reads it (prices in cents, addresses absolute, texts in the language asked for). */

const imageSchema = z
  .object({
    id: z.number().int(),
    color: z.string().nullable().meta({ description: "The colour this photo shows (as the variants name it); null: every colour." }),
    alt: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    url: z.url().meta({ description: "The largest WebP." }),
    sources: z.array(z.object({ width: z.number().int(), webp: z.url(), avif: z.url() })).meta({ description: "Every width, smallest first, in both formats." }),
  })
  .meta({ id: "ProductImage" });

const variantSchema = z
  .object({
    id: z.number().int().meta({ description: "What to add to the cart (`variantId`)." }),
    sku: z.string(),
    size: z.string().nullable(),
    color: z.string().nullable().meta({ description: "The colour as stored (English): the value to filter and match on." }),
    colorName: z.string().nullable().meta({ description: "The colour in the language asked for." }),
    priceCents: z.number().int().meta({ description: "The unit price in cents (the variant's own, else the product's base price)." }),
    originalPriceCents: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The base price to show struck through beside `priceCents`: only when the variant costs less (a sale); null when it costs the same or more (ADR 0041).", example: null }),
    available: z.number().int().meta({ description: "Units that can be bought now." }),
    inStock: z.boolean(),
    stockLabel: z.string().meta({ description: "As the product page says it: \"7 in stock\", \"Out of stock\".", example: "7 in stock" }),
    limitPerCustomer: z.number().int().nullable().meta({ description: "This variant's own limit per customer, besides the product's (`limitPerCustomer`); null: none. Counted across the customer's cart, open checkouts and orders; the cart refuses more (409 `cart.customer_limit`).", example: null }),
  })
  .meta({ id: "Variant" });

const ratingSchema = z.object({ average: z.number().meta({ description: "One decimal, 1 to 5." }), count: z.number().int() }).nullable().meta({ description: "From the visible reviews; null while there are none." });

const productSchema = z
  .object({
    id: z.number().int(),
    slug: z.string().meta({ description: "The product's address: /api/v1/products/{slug}, and /shop/{slug} on the web." }),
    name: z.string(),
    description: z.string().meta({ description: "In the language asked for when the product has that translation, else English." }),
    category: z.enum(["apparel", "accessories", "music"]),
    categoryName: z.string(),
    basePriceCents: z.number().int(),
    currency: z.string().meta({ example: "USD" }),
    tags: z.array(z.string()).meta({ description: "As stored (English): search with them (`q`)." }),
    tagNames: z.array(z.string()).meta({ description: "The tags in the language asked for, in the same order." }),
    featured: z.boolean(),
    createdAt: z.iso.datetime(),
    sizes: z.array(z.string()).meta({ description: "Sizes offered, smallest first." }),
    colors: z.array(z.string()).meta({ description: "Colours offered (as stored)." }),
    inStock: z.boolean().meta({ description: "Some variant has units (an upcoming product's can still not be bought: see `upcoming`)." }),
    upcoming: z.boolean().meta({ description: "A timed release still to come: shown, but adding it to the cart and checking it out are refused until the moment." }),
    byRaffle: z.boolean().meta({ description: "Sold by raffle (entries on the product's web page): adding it to a cart is refused (409 `cart.raffle_only`) except one unit of the size a signed-in winner won, through the link mailed to them." }),
    limitPerCustomer: z.number().int().nullable().meta({ description: "A limited drop: at most this many units of the product per customer, counted across their cart, open checkouts and orders (by account, and at checkout by shipping address and card). Adding more is refused (409 `cart.customer_limit`), and so is checkout. Null: no limit.", example: null }),
    signInRequired: z.boolean().meta({ description: "Only account holders can buy it (also true when it has a limit; a variant with its own limit is for account holders too): a guest's add is refused (401 `cart.sign_in_required`)." }),
    variants: z.array(variantSchema),
    rating: ratingSchema,
    images: z.array(imageSchema).meta({ description: "Uploaded photographs in order; empty: show `art`." }),
    art: z.url().meta({ description: "The drawn picture of the product (SVG), for its first colour." }),
    url: z.url().meta({ description: "The product's web page, in the language asked for." }),
  })
  .meta({ id: "Product" });

const productDetailSchema = productSchema
  .extend({
    onSaleAt: z.iso.datetime().nullable().meta({ description: "The moment of its timed release while that is still to come, by the store's clock; null once it is on sale." }),
    msUntilOnSale: z.number().int().nullable().meta({ description: "Milliseconds from this answer to that moment, by the store's clock: count down from it rather than from the device's clock." }),
    waitingRoom: z.boolean().meta({ description: "A busy drop with a waiting room: take a place in its line (joinQueue) and add it once let in." }),
  })
  .meta({ id: "ProductDetail" });

const productPageSchema = z
  .object({
    items: z.array(productSchema),
    page: z.number().int().meta({ description: "The page answered (a page past the end answers the last one)." }),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int().meta({ description: "Products matching, on every page." }),
    nextPage: z.number().int().nullable(),
    previousPage: z.number().int().nullable(),
  })
  .meta({ id: "ProductPage" });

const collectionSchema = z
  .object({
    slug: z.string().meta({ description: "Filter the products by it: /api/v1/products?collection={slug}." }),
    name: z.string(),
    description: z.string(),
    season: z.string().nullable(),
    featured: z.boolean(),
    itemCount: z.number().int(),
    preview: z.array(z.object({ slug: z.string(), name: z.string(), art: z.url() })),
  })
  .meta({ id: "Collection" });

/** An address of the store (a photo, the art, a page) as an app needs it: absolute. */
export function absolute(baseUrl: string, path: string): string {
  return new URL(path, `${baseUrl}/`).toString();
}

function sourcesOf(baseUrl: string, image: ProductImageView) {
  const byWidth = (srcSet: string) => new Map(srcSet.split(", ").filter(Boolean).map((entry) => {
    const [url = "", width = ""] = entry.split(" ");
    return [Number.parseInt(width, 10), absolute(baseUrl, url)] as const;
  }));
  const webp = byWidth(image.srcSetWebp);
  const avif = byWidth(image.srcSetAvif);
  return [...webp.keys()].sort((a, b) => a - b).map((width) => ({ width, webp: webp.get(width)!, avif: avif.get(width) ?? webp.get(width)! }));
}

export function imageOut(baseUrl: string, image: ProductImageView): z.input<typeof imageSchema> {
  return { id: image.id, color: image.color, alt: image.alt, width: image.width, height: image.height, url: absolute(baseUrl, image.src), sources: sourcesOf(baseUrl, image) };
}

function productOut(product: ProductSummary, locale: Locale, baseUrl: string): z.input<typeof productSchema> {
  const t = localeT(locale);
  const { sizes, colors } = optionValues(product.variants);
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    description: product.description,
    category: product.category,
    categoryName: categoryLabel(t, product.category),
    basePriceCents: product.basePriceCents,
    currency: product.currency,
    tags: product.tags,
    tagNames: product.tags.map((tag) => tagLabel(t, tag)),
    featured: product.featured,
    createdAt: product.createdAt.toISOString(),
    sizes,
    colors,
    inStock: product.variants.some((v) => v.available > 0),
    upcoming: product.upcoming,
    byRaffle: product.byRaffle,
    limitPerCustomer: product.limitPerCustomer,
    signInRequired: product.signInRequired || product.limitPerCustomer !== null,
    variants: product.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      size: v.size,
      color: v.color,
      colorName: v.color ? colorLabel(t, v.color) : null,
      priceCents: v.priceCents,
      originalPriceCents: originalPriceCents(product.basePriceCents, v),
      available: Math.max(0, v.available),
      inStock: v.available > 0,
      stockLabel: stockText(t, v),
      limitPerCustomer: v.limitPerCustomer,
    })),
    rating: product.rating,
    images: product.images.map((image) => imageOut(baseUrl, image)),
    art: absolute(baseUrl, artUrl(product.artKind, colors[0] ?? null)),
    url: absolute(baseUrl, `${locale === "es" ? "/es" : ""}/shop/${product.slug}`),
  };
}

/* Requests: the shop's own query schema (core/catalog), documented. */

const productQuery = shopQuerySchema.extend({
  category: shopQuerySchema.shape.category.meta({ description: `One of ${CATEGORY_FILTERS.join(", ")}; anything else lists all.` }),
  sort: shopQuerySchema.shape.sort.meta({ description: `One of ${SORTS.join(", ")}; "featured" puts the best matches of a search first.` }),
  q: shopQuerySchema.shape.q.meta({ description: "Search words (name, tags, category, description; in Spanish also the Spanish description). At most 100 characters." }),
  page: shopQuerySchema.shape.page.meta({ description: "1-based page of 12 products." }),
  collection: shopQuerySchema.shape.collection.meta({ description: "Only the products of this collection (its slug)." }),
});

export const listProductsOp = operation({
  operationId: "listProducts",
  method: "get",
  path: "/products",
  tag: "Catalogue",
  summary: "List products",
  description:
    "The shop's listing: by category, search words, collection and sort, a page of 12 at a time. Values the shop would not understand fall back to its defaults, as a shop address with them does. Conditional: send the ETag back in If-None-Match to get 304 when nothing changed.",
  access: "public",
  query: productQuery,
  success: { status: 200, description: "A page of products.", schema: productPageSchema },
  etag: true,
  async handle({ query, ctx }) {
    const page = await ctx.deps.useCases.catalog.listProducts(query, ctx.locale);
    // A search is counted once, on its first page, as the shop counts it.
    if (query.q && query.page === 1) track(ctx, { type: "search", query: query.q, resultCount: page.total });
    return {
      items: page.items.map((p) => productOut(p, ctx.locale, ctx.deps.baseUrl)),
      page: page.page,
      pageSize: page.pageSize,
      pageCount: page.pageCount,
      total: page.total,
      nextPage: page.page < page.pageCount ? page.page + 1 : null,
      previousPage: page.page > 1 ? page.page - 1 : null,
    };
  },
});

export const getProductOp = operation({
  operationId: "getProduct",
  method: "get",
  path: "/products/{slug}",
  tag: "Catalogue",
  summary: "A product",
  description: "A product with its variants, stock, photographs and rating. A product renamed in the back office is still found by its old slug (its `slug` is the new one).",
  access: "public",
  params: z.object({ slug: z.string().max(200).meta({ description: "The product's slug, as in its web address.", example: "harlem-classic-tee" }) }),
  success: { status: 200, description: "The product.", schema: productDetailSchema },
  problems: [404],
  etag: true,
  async handle({ params, ctx }) {
    const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(params.slug) ? params.slug : null;
    let product = slug ? await ctx.deps.useCases.catalog.getProductBySlug(slug, ctx.locale) : null;
    if (!product && slug) {
      const renamed = await ctx.deps.useCases.catalog.findRenamedProduct(slug);
      if (renamed) product = await ctx.deps.useCases.catalog.getProductBySlug(renamed, ctx.locale);
    }
    if (!product) throw new ApiProblem(404, "catalog.product_not_found", "shop.product.notFound");
    track(ctx, { type: "product_view", productId: product.id });
    const waitingRoom = await ctx.deps.useCases.queue.hasWaitingRoom(product.id);
    return { ...productOut(product, ctx.locale, ctx.deps.baseUrl), onSaleAt: product.onSaleAt, msUntilOnSale: product.msUntilOnSale, waitingRoom };
  },
});

export const listCollectionsOp = operation({
  operationId: "listCollections",
  method: "get",
  path: "/collections",
  tag: "Catalogue",
  summary: "List collections",
  description: "The collections in the Collections page's order, each with its item count and a few products.",
  access: "public",
  success: { status: 200, description: "Every collection.", schema: z.object({ items: z.array(collectionSchema) }).meta({ id: "CollectionList" }) },
  etag: true,
  async handle({ ctx }) {
    const collections = await ctx.deps.useCases.catalog.listCollections();
    return {
      items: collections.map((c) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        season: c.season,
        featured: c.featured,
        itemCount: c.itemCount,
        preview: c.preview.map((p) => ({ slug: p.slug, name: p.name, art: absolute(ctx.deps.baseUrl, artUrl(p.artKind, p.color)) })),
      })),
    };
  },
});

export { imageSchema };
