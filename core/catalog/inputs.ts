import { z } from "zod";
import { blankOr, releaseMomentSchema } from "../shared/zod.ts";
import { catalogField as field, CATEGORY_FILTERS, SORTS } from "./rules.ts";

/**
 * The shop's query string. Anything unreadable falls back to the default rather than failing:
 * a shared or hand-edited link still opens the shop.
 */
export const shopQuerySchema = z.object({
  category: z.enum(CATEGORY_FILTERS).catch("all"),
  sort: z.enum(SORTS).catch("featured"),
  q: z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, " ").slice(0, 100))
    .catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  collection: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/)
    .optional()
    .catch(undefined),
});
export type ShopQuery = z.infer<typeof shopQuerySchema>;

export function parseShopQuery(params: URLSearchParams): ShopQuery {
  return shopQuerySchema.parse({
    category: params.get("category") ?? undefined,
    sort: params.get("sort") ?? undefined,
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
    collection: params.get("collection") ?? undefined,
  });
}

export const slugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(120);

/* The back office's product and variant forms (/admin/products). */

export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export const PRODUCT_CATEGORIES = ["apparel", "accessories", "music"] as const;
export const PRODUCT_LIST_PAGE_SIZE = 20;

const page = z.coerce.number().int().min(1).max(100_000).catch(1);

export const adminProductQuerySchema = z.object({
  q: z
    .string()
    .transform((s) => s.trim().slice(0, 100))
    .catch(""),
  category: z.enum(PRODUCT_CATEGORIES).optional().catch(undefined),
  status: z.enum(PRODUCT_STATUSES).optional().catch(undefined),
  page,
});
export type AdminProductQuery = z.infer<typeof adminProductQuerySchema>;

const SLUG_MESSAGE = field("admin.domain.productSlugFormat");

const PRICE_MESSAGES = {
  basePrice: { required: field("admin.domain.basePriceRequired"), format: field("admin.domain.basePriceFormat") },
  price: { required: field("admin.domain.priceRequired"), format: field("admin.domain.priceFormat") },
} as const;

/** A price as written in the form ("45", "45.5", "45.00") in cents. */
const priceCents = (what: keyof typeof PRICE_MESSAGES) =>
  z
    .string({ error: PRICE_MESSAGES[what].required })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, PRICE_MESSAGES[what].format)
    .transform((s) => {
      const [whole, cents = ""] = s.split(".");
      return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
    });

/** `message`: the text of a line too long, taking `{max}`. */
const optionalLine = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

export const MAX_PRODUCT_TAGS = 12;

/** Tags as typed: comma separated, trimmed, lower-cased, each once. */
const tagsSchema = z
  .string()
  .optional()
  .transform((s) => [...new Set((s ?? "").split(",").map((t) => t.trim().toLowerCase()).filter(Boolean))])
  .pipe(
    z
      .array(z.string().max(30, field("admin.domain.tagTooLong")))
      .max(MAX_PRODUCT_TAGS, field("admin.domain.tooManyTags")),
  );

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "yes" || v === "true");

export const versionSchema = z.coerce.number({ error: field("admin.domain.reloadAndRetry") }).int().min(1).max(2_147_483_647);

/** A timed release's moment as the back office types it (core/shared/zod.ts). */
export const onSaleAtSchema = releaseMomentSchema;

/** A limited drop's limit per customer as typed: blank, no limit; else a whole number from 1 to 99 (ADR 0033). */
export const limitPerCustomerSchema = blankOr(
  z
    .string()
    .regex(/^\d{1,2}$/, field("admin.domain.limitPerCustomer"))
    .transform(Number)
    .pipe(z.number().min(1, field("admin.domain.limitPerCustomer"))),
);

/** A whole number typed in a waiting-room field: blank takes `blank`; else from min to max (`message` names both). */
const queueNumber = <B extends number | null>(blank: B, min: number, max: number, message: string) =>
  blankOr(
    z
      .string()
      .regex(/^\d{1,6}$/, message)
      .transform(Number)
      .pipe(z.number().min(min, message).max(max, message)),
  ).transform((v) => (v === null ? blank : v));

export const productFormSchema = z.object({
  name: z.string({ error: field("admin.domain.productNameRequired") }).trim().min(1, field("admin.domain.productNameRequired")).max(120, field("admin.domain.productNameTooLong")),
  /** Empty on a new product: made from the name. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.string().max(120, field("admin.domain.productSlugTooLong")).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_MESSAGE).nullable()),
  description: z
    .string({ error: field("admin.domain.productDescriptionRequired") })
    .trim()
    .min(1, field("admin.domain.productDescriptionRequired"))
    .max(5000, field("admin.domain.productDescriptionTooLong")),
  category: z.enum(PRODUCT_CATEGORIES, { error: field("admin.domain.productCategory") }),
  artKind: z.string({ error: field("admin.domain.productArt") }).trim().min(1, field("admin.domain.productArt")).max(40),
  basePriceCents: priceCents("basePrice"),
  tags: tagsSchema,
  featured: checkbox,
  status: z.enum(PRODUCT_STATUSES, { error: field("admin.domain.productStatus") }),
  seoTitle: optionalLine(70, field("admin.domain.seoTitleTooLong")),
  seoDescription: optionalLine(160, field("admin.domain.seoDescriptionTooLong")),
  /** The Spanish page's texts: empty, the Spanish page shows the English ones. */
  descriptionEs: optionalLine(5000, field("admin.domain.descriptionEsMustBeAtMost")),
  seoTitleEs: optionalLine(70, field("admin.domain.seoTitleEsTooLong")),
  seoDescriptionEs: optionalLine(160, field("admin.domain.seoDescriptionEsTooLong")),
  /** A timed release (a drop): not sold before this moment; null, sold whenever it is active. */
  onSaleAt: onSaleAtSchema,
  /** A limited drop: at most this many units per customer; null, no limit. */
  limitPerCustomer: limitPerCustomerSchema,
  /** Only account holders can buy it (a guest is asked to sign in). */
  signInRequired: checkbox,
  /** A drop's waiting room (ADR 0034): shoppers served at once; null, no waiting room. */
  queueCapacity: queueNumber(null, 1, 100000, field("admin.domain.queueCapacity")),
  queueRatePerMinute: queueNumber(60, 1, 10000, field("admin.domain.queueRatePerMinute")),
  queueCheckoutMinutes: queueNumber(10, 1, 120, field("admin.domain.queueCheckoutMinutes")),
});
export type ProductForm = z.infer<typeof productFormSchema>;

/** Reads the product form's fields (price as basePrice, checkboxes present or absent). */
export function productFormInput(fields: Record<string, string | undefined>) {
  return {
    name: fields.name,
    slug: fields.slug,
    description: fields.description,
    category: fields.category,
    artKind: fields.artKind,
    basePriceCents: fields.basePrice,
    tags: fields.tags,
    featured: fields.featured,
    status: fields.status,
    seoTitle: fields.seoTitle,
    seoDescription: fields.seoDescription,
    descriptionEs: fields.descriptionEs,
    seoTitleEs: fields.seoTitleEs,
    seoDescriptionEs: fields.seoDescriptionEs,
    onSaleAt: fields.onSaleAt,
    limitPerCustomer: fields.limitPerCustomer,
    signInRequired: fields.signInRequired,
    queueCapacity: fields.queueCapacity,
    queueRatePerMinute: fields.queueRatePerMinute,
    queueCheckoutMinutes: fields.queueCheckoutMinutes,
  };
}

/** `message`: the text of an option too long, taking `{max}`. */
const optionText = (message: string) =>
  z
    .string()
    .trim()
    .max(30, message)
    .optional()
    .transform((v) => (v ? v : null));

/** A count typed in a form: digits only, 0..max. */
const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, field("api.domain.fieldWholeNumber"))
    .transform(Number)
    .pipe(z.number().max(max, field("admin.domain.enterAtMost")));

const variantFields = {
  size: optionText(field("admin.domain.variantSizeTooLong")),
  color: optionText(field("admin.domain.variantColorTooLong")),
  /** Empty: made from the product and the options. */
  sku: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.string().max(40, field("admin.domain.skuTooLong")).regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/, field("admin.domain.skuFormat")).nullable()),
  /** Empty: the product's base price. */
  priceCents: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(priceCents("price").optional())
    .transform((v) => v ?? null),
  active: checkbox,
  /** This variant's own limit per customer (a size of a drop); null, none besides the product's. */
  limitPerCustomer: limitPerCustomerSchema,
  /** Empty: 20% of the initial stock, rounded down, within 2..10 (lowStockThreshold). */
  lowStockThreshold: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(wholeNumber(10_000).optional())
    .transform((v) => v ?? null),
};

export const newVariantSchema = z.object({
  ...variantFields,
  initialStock: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : "0"))
    .pipe(wholeNumber(100_000)),
});
export type NewVariantForm = z.infer<typeof newVariantSchema>;

export const variantEditSchema = z.object(variantFields);
export type VariantEditForm = z.infer<typeof variantEditSchema>;

/** Reads a variant form's fields (price as price, threshold as threshold, checkbox active). */
export function variantFormInput(fields: Record<string, string | undefined>) {
  return {
    size: fields.size,
    color: fields.color,
    sku: fields.sku,
    priceCents: fields.price,
    active: fields.active,
    lowStockThreshold: fields.threshold,
    limitPerCustomer: fields.limitPerCustomer,
    initialStock: fields.initialStock,
  };
}
