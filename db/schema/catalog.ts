import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

export const CATEGORIES = ["apparel", "accessories", "music"] as const;
export type Category = (typeof CATEGORIES)[number];

/** draft: being prepared; active: on sale; archived: withdrawn. Only active products are seen by shoppers. */
export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** merch: the shop's goods; ticket: the seats of a ticketed event (core/events), sold through the same cart and stock but never listed in the shop. */
export const PRODUCT_KINDS = ["merch", "ticket"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    basePriceCents: integer("base_price_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    category: text("category").$type<Category>().notNull(),
    /** The kind of garment or item, which picks the artwork drawn for it (tee, hoodie, cap, vinyl...). */
    artKind: text("art_kind").notNull(),
    featured: boolean("featured").notNull().default(false),
    /** Lower comes first in the "Featured" sort. */
    featuredRank: integer("featured_rank").notNull().default(1000),
    status: text("status").$type<ProductStatus>().notNull().default("active"),
    kind: text("kind").$type<ProductKind>().notNull().default("merch"),
    /** After this moment the product can no longer be put in a cart or bought (a ticket once its event is over); null: no end. */
    saleEndsAt: timestamp("sale_ends_at", { withTimezone: true }),
    /**
     * A timed release (a drop): before this moment the product can be seen but not bought, by any route;
     * "released" is decided by the database's clock (now()), so every app process opens the sale at once.
     * Null: on sale whenever it is active.
     */
    onSaleAt: timestamp("on_sale_at", { withTimezone: true }),
    /**
     * A limited drop: at most this many units per customer, counted across their cart, open checkouts and
     * orders (by account, and at checkout by shipping address and card). Null: no limit. ADR 0033.
     */
    limitPerCustomer: integer("limit_per_customer"),
    /** Guests cannot put the product in a cart: they sign in first (also implied by a limit). */
    signInRequired: boolean("sign_in_required").notNull().default(false),
    /**
     * Whether shoppers see the product: derived from the status by the database, so every shopper-facing
     * read keeps one test and no write can set the two apart.
     */
    active: boolean("active").notNull().generatedAlwaysAs(sql`"status" = 'active'`),
    /** Raised by every back-office save of the product or its variants and images: a save carrying an older version is refused. */
    version: integer("version").notNull().default(1),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    hasWbDesign: boolean("has_wb_design").notNull().default(false),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** name, tags and description folded into one lower-case text for trigram search. */
    searchText: text("search_text").notNull().default(""),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_category_check", sql`${t.category} in ('apparel', 'accessories', 'music')`),
    check("products_price_check", sql`${t.basePriceCents} >= 0`),
    check("products_status_check", sql`${t.status} in ('draft', 'active', 'archived')`),
    check("products_kind_check", sql`${t.kind} in ('merch', 'ticket')`),
    check("products_limit_per_customer_check", sql`${t.limitPerCustomer} is null or ${t.limitPerCustomer} between 1 and 99`),
    index("products_search_trgm").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("products_category_idx").on(t.category),
  ],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    sku: text("sku").notNull().unique(),
    size: text("size"),
    color: text("color"),
    /** Overrides the product's base price when set. */
    priceCents: integer("price_cents"),
    /** Units physically in the warehouse. */
    onHand: integer("on_hand").notNull().default(0),
    /** Units held for orders whose payment has not completed. */
    reserved: integer("reserved").notNull().default(0),
    /**
     * What can still be sold: on hand less reserved. The one place the rule is written; the database keeps
     * it up to date with every change of the two counters, and every read takes it from here.
     */
    available: integer("available").notNull().generatedAlwaysAs(sql`"on_hand" - "reserved"`),
    lowStockThreshold: integer("low_stock_threshold").notNull(),
    supplier: text("supplier").notNull().default("East Harlem Warehouse"),
    restockDate: date("restock_date"),
    /** This variant's own limit per customer (a size of a drop), besides its product's; null: none. */
    limitPerCustomer: integer("limit_per_customer"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("variants_product_options_unique").on(t.productId, t.size, t.color).nullsNotDistinct(),
    check("variants_on_hand_check", sql`${t.onHand} >= 0`),
    check("variants_reserved_check", sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.onHand}`),
    check("variants_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check("variants_limit_per_customer_check", sql`${t.limitPerCustomer} is null or ${t.limitPerCustomer} between 1 and 99`),
    index("variants_product_idx").on(t.productId),
  ],
);

/** A slug a product was known by: visiting it redirects to the product's current slug. */
export const productSlugRedirects = pgTable(
  "product_slug_redirects",
  {
    slug: text("slug").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_slug_redirects_product_idx").on(t.productId)],
);

/**
 * A photograph uploaded for a product, for all its colours (color null) or one. The original is resized once
 * at upload into each width of `widths` (never wider than the original), in AVIF and WebP, stored under
 * `key` by the media store: `${key}-${width}.avif` and `${key}-${width}.webp`.
 */
export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    color: text("color"),
    position: integer("position").notNull().default(0),
    alt: text("alt").notNull().default(""),
    key: text("key").notNull().unique(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    widths: integer("widths").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const MOVEMENT_TYPES = ["restock", "sale", "reservation", "release", "adjustment"] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** The stock ledger: every change of onHand or reserved writes one row. */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    type: text("type").$type<MovementType>().notNull(),
    quantity: integer("quantity").notNull(),
    previousStock: integer("previous_stock").notNull(),
    newStock: integer("new_stock").notNull(),
    reason: text("reason").notNull(),
    orderId: text("order_id"),
    actor: text("actor"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "stock_movements_type_check",
      sql`${t.type} in ('restock', 'sale', 'reservation', 'release', 'adjustment')`,
    ),
    index("stock_movements_variant_idx").on(t.variantId, t.createdAt),
  ],
);

export const collections = pgTable("collections", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  season: text("season"),
  featured: boolean("featured").notNull().default(false),
  position: integer("position").notNull().default(0),
  /**
   * A collection-wide drop (ADR 0031): none of its products is on sale before this moment (null:
   * none). A product's release is the later of its own moment and its collections'.
   */
  onSaleAt: timestamp("on_sale_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const collectionProducts = pgTable(
  "collection_products",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  // By product: a product's collections, read with every release check.
  (t) => [primaryKey({ columns: [t.collectionId, t.productId] }), index("collection_products_product_idx").on(t.productId)],
);

/** A product's texts in a language other than English (the products row holds the English ones). */
export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    description: text("description").notNull(),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    check("product_translations_locale_check", sql`${t.locale} in ('es')`),
  ],
);

/**
 * A collection's texts in a language other than English (the collections row holds the English ones). Its
 * name is the brand's and has no translation; the season, when the collection has one, may have its own.
 */
export const collectionTranslations = pgTable(
  "collection_translations",
  {
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    description: text("description").notNull(),
    /** Null: the English season is shown. */
    season: text("season"),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.locale] }),
    check("collection_translations_locale_check", sql`${t.locale} in ('es')`),
  ],
);
