import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { issueText } from "../shared/field-text.ts";
import { productImages, products } from "../../db/schema/index.ts";
import { imageNotFound, MediaError, mediaText, productNotFound, staleVersion } from "./errors.ts";
import { addImageInput, imageActionInput, type AddImageInput, type ImageActionInput } from "./inputs.ts";
import { storeImage } from "./pictures.ts";
import { productColors } from "./queries.ts";
import { imageView, mediaFileNames, orderWithFirst, type ProductImageView } from "./rules.ts";
import type { MediaStore } from "./storage.ts";

/** One audit row, as the caller records it (core/admin's recordAudit, with the acting administrator). */
export interface MediaAuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
}

/**
 * What the photo commands run with. `audit` is called inside each command's transaction, so the change and
 * its audit row commit together (or neither does); it is required: no photo changes unrecorded.
 */
export interface MediaDeps {
  db: Db;
  store: MediaStore;
  audit: (tx: Db, entry: MediaAuditEntry) => Promise<void>;
  /** Told about files that could not be deleted after a commit (the change itself stands). */
  onError?: (error: unknown, what: string) => void;
}

export interface MediaChange {
  /** The product's version after the change: the next save must carry it. */
  version: number;
}

function parsed<T>(schema: { safeParse(input: unknown): z.ZodSafeParseResult<T> }, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = String(issue.path[0] ?? "form");
  throw new MediaError("media.invalid_input", issueText(issue), { field: field === "expectedVersion" ? "form" : field });
}

/**
 * Raises the product's version if it still is the one the form was rendered with: the atomic conditional
 * update that makes two saves from the same version take turns, the second refused.
 */
async function claimVersion(tx: Db, productId: number, expected: number): Promise<number> {
  const [row] = await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), eq(products.version, expected)))
    .returning({ version: products.version });
  if (row) return row.version;
  const [current] = await tx.select({ version: products.version }).from(products).where(eq(products.id, productId));
  if (!current) throw productNotFound(productId);
  throw staleVersion(productId, expected, current.version);
}

/** The checks that need no transaction, made before any work: the product, its version, the colour. */
async function precheck(db: Db, productId: number, expectedVersion: number, color: string | null) {
  const [product] = await db.select({ version: products.version }).from(products).where(eq(products.id, productId));
  if (!product) throw productNotFound(productId);
  if (product.version !== expectedVersion) throw staleVersion(productId, expectedVersion, product.version);
  await checkColor(db, productId, color);
}

async function checkColor(db: Db, productId: number, color: string | null) {
  if (color === null) return;
  if (!(await productColors(db, productId)).includes(color)) {
    throw new MediaError("media.invalid_color", mediaText("admin.domain.photoColor"), { field: "color", color });
  }
}

async function deleteFiles(deps: MediaDeps, names: string[], what: string) {
  try {
    await deps.store.delete(names);
  } catch (error) {
    deps.onError?.(error, what);
  }
}

/**
 * Adds a photograph: it is checked, resized and its files written first (storeImage: nothing is written for a
 * refused file), then its row is inserted, last in the product's order, in one transaction with the version
 * raise and the audit row. If the transaction fails, the files written for it are removed.
 */
export async function addProductImage(deps: MediaDeps, input: AddImageInput & { bytes: Uint8Array }): Promise<MediaChange & { image: ProductImageView }> {
  const { productId, color, alt, expectedVersion } = parsed(addImageInput, input);
  await precheck(deps.db, productId, expectedVersion, color);
  const processed = await storeImage(deps.store, input.bytes, `products/${productId}`);
  const { key } = processed;
  try {
    return await deps.db.transaction(async (tx) => {
      const version = await claimVersion(tx, productId, expectedVersion);
      await checkColor(tx, productId, color);
      const [inserted] = await tx
        .insert(productImages)
        .values({
          productId,
          color,
          alt,
          key,
          width: processed.width,
          height: processed.height,
          widths: processed.widths,
          position: sql`(select coalesce(max(${productImages.position}) + 1, 0) from ${productImages} where ${productImages.productId} = ${productId})`,
        })
        .returning();
      const image = inserted!;
      await deps.audit(tx, {
        entity: "product",
        entityId: productId,
        action: "image.add",
        after: { imageId: image.id, color, alt, key, width: image.width, height: image.height, widths: image.widths, version },
      });
      return { version, image: imageView(image) };
    });
  } catch (error) {
    await deleteFiles(deps, processed.names, "removing the files of a photo that was not saved");
    throw error;
  }
}

/** The image's row, locked for the change; refused when it is not this product's. */
async function lockImage(tx: Db, productId: number, imageId: number) {
  const [image] = await tx
    .select()
    .from(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .for("update");
  if (!image) throw imageNotFound(imageId);
  return image;
}

/** Removes a photograph: its row goes in the transaction; its files are deleted once that has committed. */
export async function removeProductImage(deps: MediaDeps, input: ImageActionInput): Promise<MediaChange> {
  const { productId, imageId, expectedVersion } = parsed(imageActionInput, input);
  const { version, names } = await deps.db.transaction(async (tx) => {
    const version = await claimVersion(tx, productId, expectedVersion);
    const image = await lockImage(tx, productId, imageId);
    await tx.delete(productImages).where(eq(productImages.id, image.id));
    await deps.audit(tx, {
      entity: "product",
      entityId: productId,
      action: "image.remove",
      before: { imageId: image.id, color: image.color, alt: image.alt, key: image.key, widths: image.widths },
      after: { version },
    });
    return { version, names: mediaFileNames(image.key, image.widths) };
  });
  // After the commit: a failed transaction must leave the files its row points at.
  await deleteFiles(deps, names, "deleting the files of a removed photo");
  return { version };
}

/** Makes a photograph the product's first (the one listings and the page show first); the others keep their order. */
export async function makeImageFirst(deps: MediaDeps, input: ImageActionInput): Promise<MediaChange> {
  const { productId, imageId, expectedVersion } = parsed(imageActionInput, input);
  return deps.db.transaction(async (tx) => {
    const version = await claimVersion(tx, productId, expectedVersion);
    await lockImage(tx, productId, imageId);
    const current = await tx
      .select({ id: productImages.id, position: productImages.position })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id))
      .for("update");
    const order = orderWithFirst(
      current.map((r) => r.id),
      imageId,
    );
    for (const [position, id] of order.entries()) {
      if (current.find((r) => r.id === id)?.position !== position) await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
    }
    await deps.audit(tx, {
      entity: "product",
      entityId: productId,
      action: "image.make_first",
      before: { order: current.map((r) => r.id) },
      after: { order, version },
    });
    return { version };
  });
}
