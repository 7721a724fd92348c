import { asc, eq, inArray, isNotNull, and } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productImages, products, variants } from "../../db/schema/index.ts";
import { imageView, type ProductImageView } from "./rules.ts";

const recordColumns = {
  id: productImages.id,
  productId: productImages.productId,
  color: productImages.color,
  alt: productImages.alt,
  key: productImages.key,
  width: productImages.width,
  height: productImages.height,
  widths: productImages.widths,
};

/** The order pages show a product's images in: position, then upload order. */
const imageOrder = [asc(productImages.position), asc(productImages.id)];

/**
 * The images of each listed product, in their order, by product id: one query however many products a
 * page lists. Products without images are absent from the map.
 */
export async function imagesByProduct(db: Db, productIds: readonly number[]): Promise<Map<number, ProductImageView[]>> {
  const byProduct = new Map<number, ProductImageView[]>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return byProduct;
  const rows = await db
    .select(recordColumns)
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), ...imageOrder);
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(imageView(row));
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** A product's images in their order. */
export async function listProductImages(db: Db, productId: number): Promise<ProductImageView[]> {
  return (await imagesByProduct(db, [productId])).get(productId) ?? [];
}

/** The colours a product's variants come in, in the order they were added: the colours a photo may be for. */
export async function productColors(db: Db, productId: number): Promise<string[]> {
  const rows = await db
    .select({ color: variants.color })
    .from(variants)
    .where(and(eq(variants.productId, productId), isNotNull(variants.color)))
    .orderBy(asc(variants.id));
  return [...new Set(rows.map((r) => r.color!))];
}

export interface ProductForImages {
  id: number;
  name: string;
  slug: string;
  /** The version a save must carry (products.version). */
  version: number;
  colors: string[];
  images: ProductImageView[];
}

/** What the admin photo screen shows of a product (any status: drafts get photos before they go on sale); null when there is none. */
export async function getProductForImages(db: Db, productId: number): Promise<ProductForImages | null> {
  const [product] = await db
    .select({ id: products.id, name: products.name, slug: products.slug, version: products.version })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) return null;
  const [colors, images] = await Promise.all([productColors(db, productId), listProductImages(db, productId)]);
  return { ...product, colors, images };
}
