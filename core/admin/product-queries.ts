import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productImages, productQueues, products, productTranslations, variants, type Category, type ProductStatus } from "../../db/schema/index.ts";
import { PRODUCT_LIST_PAGE_SIZE, type AdminProductQuery } from "../catalog/index.ts";
import { escapeLike, pageWindow } from "../shared/paging.ts";

/** The back office's reads of the catalogue: every product whatever its status, and one with its variants. */

export interface AdminProductRow {
  id: number;
  name: string;
  slug: string;
  category: Category;
  status: ProductStatus;
  basePriceCents: number;
  featured: boolean;
  variantCount: number;
  available: number;
  updatedAt: Date;
}

export async function listAdminProducts(db: Db, query: AdminProductQuery) {
  // Ticket products are managed with their events (/admin/events), not here.
  const where: SQL[] = [eq(products.kind, "merch")];
  if (query.category) where.push(eq(products.category, query.category));
  if (query.status) where.push(eq(products.status, query.status));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    where.push(
      or(
        ilike(products.name, pattern),
        ilike(products.slug, pattern),
        sql`exists (select 1 from ${variants} v where v.product_id = "products"."id" and v.sku ilike ${pattern})`,
      )!,
    );
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const [counted] = await db.select({ n: count() }).from(products).where(condition);
  const total = Number(counted?.n ?? 0);
  const { page, pages, offset } = pageWindow(total, query.page, PRODUCT_LIST_PAGE_SIZE);
  const rows: AdminProductRow[] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      category: products.category,
      status: products.status,
      basePriceCents: products.basePriceCents,
      featured: products.featured,
      variantCount: sql<number>`(select count(*)::int from ${variants} v where v.product_id = "products"."id" and v.active)`,
      available: sql<number>`(select coalesce(sum(greatest(v.available, 0)), 0)::int from ${variants} v where v.product_id = "products"."id" and v.active)`,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(condition)
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(PRODUCT_LIST_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pages };
}

export interface AdminVariant {
  id: number;
  sku: string;
  size: string | null;
  color: string | null;
  priceCents: number | null;
  active: boolean;
  onHand: number;
  reserved: number;
  available: number;
  lowStockThreshold: number;
  limitPerCustomer: number | null;
}

export interface AdminProductDetail {
  id: number;
  name: string;
  slug: string;
  description: string;
  category: Category;
  artKind: string;
  basePriceCents: number;
  tags: string[];
  featured: boolean;
  status: ProductStatus;
  seoTitle: string | null;
  seoDescription: string | null;
  /** The Spanish page's texts (null: none, the Spanish page shows the English ones). */
  descriptionEs: string | null;
  seoTitleEs: string | null;
  seoDescriptionEs: string | null;
  /** A timed release's moment (null: none). */
  onSaleAt: Date | null;
  limitPerCustomer: number | null;
  signInRequired: boolean;
  /** The drop's waiting room (ADR 0034): capacity null, none. */
  queueCapacity: number | null;
  queueRatePerMinute: number;
  queueCheckoutMinutes: number;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  imageCount: number;
  variants: AdminVariant[];
}

export async function getAdminProduct(db: Db, productId: number): Promise<AdminProductDetail | null> {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      description: products.description,
      category: products.category,
      artKind: products.artKind,
      basePriceCents: products.basePriceCents,
      tags: products.tags,
      featured: products.featured,
      status: products.status,
      seoTitle: products.seoTitle,
      seoDescription: products.seoDescription,
      descriptionEs: productTranslations.description,
      seoTitleEs: productTranslations.seoTitle,
      seoDescriptionEs: productTranslations.seoDescription,
      onSaleAt: products.onSaleAt,
      limitPerCustomer: products.limitPerCustomer,
      signInRequired: products.signInRequired,
      queueCapacity: productQueues.capacity,
      queueRatePerMinute: sql<number>`coalesce(${productQueues.ratePerMinute}, 60)`.mapWith(Number),
      queueCheckoutMinutes: sql<number>`coalesce(${productQueues.checkoutMinutes}, 10)`.mapWith(Number),
      version: products.version,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      imageCount: sql<number>`(select count(*)::int from ${productImages} i where i.product_id = "products"."id")`,
    })
    .from(products)
    .leftJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, "es")))
    .leftJoin(productQueues, eq(productQueues.productId, products.id))
    .where(eq(products.id, productId));
  if (!product) return null;
  const rows = await db
    .select({
      id: variants.id,
      sku: variants.sku,
      size: variants.size,
      color: variants.color,
      priceCents: variants.priceCents,
      active: variants.active,
      onHand: variants.onHand,
      reserved: variants.reserved,
      available: variants.available,
      lowStockThreshold: variants.lowStockThreshold,
      limitPerCustomer: variants.limitPerCustomer,
    })
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(desc(variants.active), asc(variants.id));
  return { ...product, variants: rows };
}
