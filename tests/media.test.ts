import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit, type AdminActor } from "../core/admin/index.ts";
import {
  addProductImage,
  createLocalMediaStore,
  imageForColor,
  imagesByProduct,
  makeImageFirst,
  MediaError,
  removeProductImage,
  type MediaDeps,
} from "../core/media/index.ts";
import { getProductBySlug } from "../core/catalog/index.ts";
import type { Db } from "../db/client.ts";
import { auditLog, productImages, products } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { makeProduct } from "./factories.ts";
import { MEDIA_MESSAGES } from "./messages.ts";
import { tempDir } from "./server.ts";

let database: TestDatabase;
let db: Db;
let root: string;
let deps: MediaDeps;
const ana: AdminActor = { id: "admin-ana", email: "ana@east-harlem.test", role: "admin", clientIp: "203.0.113.7" };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  root = tempDir("media-");
  deps = { db, store: createLocalMediaStore(root), audit: (tx, entry) => recordAudit(tx, ana, entry) };
});
afterAll(async () => {
  await database?.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A photograph-like picture (a gradient, so encoders have something to do) in the given format. */
async function picture(width: number, height: number, format: "jpeg" | "png" | "webp" | "gif"): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).toFormat(format).toBuffer();
}

/** Every file under the store's folder, relative to it. */
function storedFiles(): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

const versionOf = async (productId: number) => (await db.select({ v: products.version }).from(products).where(eq(products.id, productId)))[0]!.v;
const imagesOf = (productId: number) => db.select().from(productImages).where(eq(productImages.productId, productId));

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

describe("adding a photo", () => {
  it("resizes a JPEG into both formats at every width not wider than it, and records the change", async () => {
    const { product } = await makeProduct(db, 3000, [{ stock: 1, color: "Black" }, { stock: 1, color: "White" }]);
    const before = storedFiles();
    const done = await addProductImage(deps, { productId: product.id, color: "Black", alt: "The tee on a fence", bytes: await picture(1000, 800, "jpeg"), expectedVersion: 1 });
    expect(done.version).toBe(2);
    expect(await versionOf(product.id)).toBe(2);
    const [row] = await imagesOf(product.id);
    expect(row).toMatchObject({ color: "Black", alt: "The tee on a fence", width: 1000, height: 800, widths: [320, 640, 960], position: 0 });
    expect(row!.key).toMatch(new RegExp(`^products/${product.id}/[A-Za-z0-9_-]{20,}$`));
    const added = storedFiles().filter((f) => !before.includes(f));
    expect(added).toEqual([320, 640, 960].flatMap((w) => [`${row!.key}-${w}.avif`, `${row!.key}-${w}.webp`]).sort());
    for (const w of [320, 640, 960]) {
      for (const format of ["avif", "webp"] as const) {
        const meta = await sharp(path.join(root, `${row!.key}-${w}.${format}`)).metadata();
        expect(meta.width, `${w} ${format}`).toBe(w);
        expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
        expect(meta.exif).toBeUndefined();
      }
    }
    expect(done.image.srcSetAvif).toContain(`/media/${row!.key}-960.avif 960w`);
    expect(done.image.src).toBe(`/media/${row!.key}-960.webp`);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, String(product.id)));
    expect(audit.map((a) => a.action)).toEqual(["image.add"]);
    expect(audit[0]!.actorEmail).toBe(ana.email);
  });

  it("takes PNG and WebP, turns a photo upright by its EXIF orientation and strips the metadata", async () => {
    const { product } = await makeProduct(db, 3000, [{ stock: 1 }]);
    await addProductImage(deps, { productId: product.id, color: null, alt: "PNG", bytes: await picture(1400, 700, "png"), expectedVersion: 1 });
    // A landscape file marked "rotate 90°" (orientation 6), with a camera's metadata: stored upright (portrait).
    const sideways = await sharp(await picture(700, 400, "jpeg")).withMetadata({ orientation: 6, exif: { IFD0: { Make: "PhoneCo", Model: "Secret 9" } } }).jpeg().toBuffer();
    await addProductImage(deps, { productId: product.id, color: null, alt: "Upright", bytes: sideways, expectedVersion: 2 });
    // Narrower than the smallest width: kept at its own.
    await addProductImage(deps, { productId: product.id, color: null, alt: "Tiny", bytes: await picture(200, 150, "webp"), expectedVersion: 3 });
    const rows = (await imagesOf(product.id)).sort((a, b) => a.position - b.position);
    expect(rows.map((r) => [r.alt, r.width, r.height, r.widths, r.position])).toEqual([
      ["PNG", 1400, 700, [320, 640, 960, 1280], 0],
      ["Upright", 400, 700, [320], 1],
      ["Tiny", 200, 150, [200], 2],
    ]);
    const upright = await sharp(path.join(root, `${rows[1]!.key}-320.webp`)).metadata();
    expect([upright.width, upright.height]).toEqual([320, 560]);
    expect(upright.exif).toBeUndefined();
    expect(upright.orientation).toBeUndefined();
    expect(fs.readFileSync(path.join(root, `${rows[1]!.key}-320.webp`)).includes("PhoneCo")).toBe(false);
  });

  it("refuses what is not a JPEG, PNG or WebP, too large, too many pixels or unreadable, and writes nothing", async () => {
    const { product } = await makeProduct(db, 3000, [{ stock: 1, color: "Black" }]);
    const before = storedFiles();
    const jpeg = await picture(400, 300, "jpeg");
    const cases: [string, Uint8Array, string, string][] = [
      ["a GIF", await picture(400, 300, "gif"), "media.unsupported_type", MEDIA_MESSAGES.unsupportedType],
      ["a text file named photo.jpg", Buffer.from("This is not a photo, whatever its name says.\n".repeat(20)), "media.unsupported_type", MEDIA_MESSAGES.unsupportedType],
      ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "media.unsupported_type", MEDIA_MESSAGES.unsupportedType],
      ["11 MB", Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024 - jpeg.length, 7)]), "media.too_large", MEDIA_MESSAGES.tooLarge],
      // 45 million pixels of one colour: a few hundred KB on disk, 135 MB once decoded.
      ["a pixel bomb", await sharp({ create: { width: 9000, height: 5000, channels: 3, background: "#fff" } }).png({ compressionLevel: 9 }).toBuffer(), "media.too_many_pixels", MEDIA_MESSAGES.tooManyPixels],
      ["a truncated JPEG", jpeg.subarray(0, 600), "media.unreadable", MEDIA_MESSAGES.unreadable],
      ["JPEG's first bytes, then garbage", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]), "media.unreadable", MEDIA_MESSAGES.unreadable],
      ["nothing", new Uint8Array(), "media.unsupported_type", MEDIA_MESSAGES.noFile],
    ];
    for (const [what, bytes, code, message] of cases) {
      const error = await refusal(addProductImage(deps, { productId: product.id, color: "Black", alt: what, bytes, expectedVersion: 1 }));
      expect([error.code, error.message, error.field], what).toEqual([code, message, "file"]);
    }
    expect(await imagesOf(product.id)).toEqual([]);
    expect(await versionOf(product.id)).toBe(1);
    expect(storedFiles()).toEqual(before);
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, String(product.id)))).toEqual([]);
  });

  it("refuses a stale version, a colour the product does not come in and bad input, and writes nothing", async () => {
    const { product } = await makeProduct(db, 3000, [{ stock: 1, color: "Black" }]);
    await db.update(products).set({ version: 5 }).where(eq(products.id, product.id));
    const before = storedFiles();
    const bytes = await picture(700, 500, "jpeg");
    const stale = await refusal(addProductImage(deps, { productId: product.id, color: "Black", alt: "x", bytes, expectedVersion: 4 }));
    expect([stale.code, stale.status, stale.message]).toEqual(["media.stale_version", 409, "This product was changed by someone else. Reload to see the changes, then make yours again."]);
    const color = await refusal(addProductImage(deps, { productId: product.id, color: "Purple", alt: "x", bytes, expectedVersion: 5 }));
    expect([color.code, color.field]).toEqual(["media.invalid_color", "color"]);
    const alt = await refusal(addProductImage(deps, { productId: product.id, color: "Black", alt: "   ", bytes, expectedVersion: 5 }));
    expect([alt.code, alt.field]).toEqual(["media.invalid_input", "alt"]);
    const missing = await refusal(addProductImage(deps, { productId: 999_999, color: null, alt: "x", bytes, expectedVersion: 1 }));
    expect(missing.code).toBe("media.product_not_found");
    expect(await imagesOf(product.id)).toEqual([]);
    expect(await versionOf(product.id)).toBe(5);
    expect(storedFiles()).toEqual(before);
  });

  it("removes the files it wrote when the transaction fails", async () => {
    const { product } = await makeProduct(db, 3000, [{ stock: 1 }]);
    const before = storedFiles();
    const failing: MediaDeps = {
      ...deps,
      audit: async () => {
        throw new Error("the audit log is unavailable");
      },
    };
    await expect(addProductImage(failing, { productId: product.id, color: null, alt: "x", bytes: await picture(700, 500, "jpeg"), expectedVersion: 1 })).rejects.toThrow("the audit log is unavailable");
    expect(await imagesOf(product.id)).toEqual([]);
    expect(await versionOf(product.id)).toBe(1);
    expect(storedFiles()).toEqual(before);
  });

  it("lets one of two saves from the same version through", async () => {
    const { product } = await makeProduct(db, 3000, [{ stock: 1 }]);
    const bytes = await picture(500, 500, "jpeg");
    const results = await Promise.allSettled([
      addProductImage(deps, { productId: product.id, color: null, alt: "a", bytes, expectedVersion: 1 }),
      addProductImage(deps, { productId: product.id, color: null, alt: "b", bytes, expectedVersion: 1 }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as MediaError).code).toBe("media.stale_version");
    const rows = await imagesOf(product.id);
    expect(rows).toHaveLength(1);
    // The refused upload's files were removed: only the saved one's are left (500 px wide: one width, two formats).
    expect(storedFiles().filter((f) => f.startsWith(`products/${product.id}/`))).toEqual([`${rows[0]!.key}-320.avif`, `${rows[0]!.key}-320.webp`]);
  });
});

describe("removing and ordering photos", () => {
  it("removes the row and then the files; makes a photo first; both raise the version and are audited", async () => {
    const { product } = await makeProduct(db, 3000, [{ stock: 1, color: "Black" }, { stock: 1, color: "White" }]);
    const a = await addProductImage(deps, { productId: product.id, color: null, alt: "A", bytes: await picture(700, 500, "jpeg"), expectedVersion: 1 });
    const b = await addProductImage(deps, { productId: product.id, color: "White", alt: "B", bytes: await picture(700, 500, "png"), expectedVersion: 2 });
    const c = await addProductImage(deps, { productId: product.id, color: "Black", alt: "C", bytes: await picture(700, 500, "webp"), expectedVersion: 3 });

    const stale = await refusal(makeImageFirst(deps, { productId: product.id, imageId: c.image.id, expectedVersion: 3 }));
    expect(stale.code).toBe("media.stale_version");
    expect((await makeImageFirst(deps, { productId: product.id, imageId: c.image.id, expectedVersion: 4 })).version).toBe(5);
    const ordered = (await imagesByProduct(db, [product.id])).get(product.id)!;
    expect(ordered.map((i) => i.alt)).toEqual(["C", "A", "B"]);
    expect(imageForColor(ordered, "White")?.alt).toBe("B");
    expect(imageForColor(ordered, "Red")?.alt).toBe("A");

    const [row] = await db.select().from(productImages).where(eq(productImages.id, a.image.id));
    const files = storedFiles().filter((f) => f.startsWith(row!.key));
    expect(files).toHaveLength(4);
    const notHis = await refusal(removeProductImage(deps, { productId: 999_999, imageId: a.image.id, expectedVersion: 1 }));
    expect(notHis.code).toBe("media.product_not_found");
    expect((await removeProductImage(deps, { productId: product.id, imageId: a.image.id, expectedVersion: 5 })).version).toBe(6);
    expect(storedFiles().filter((f) => f.startsWith(row!.key))).toEqual([]);
    expect((await imagesOf(product.id)).map((r) => r.alt).sort()).toEqual(["B", "C"]);
    const gone = await refusal(removeProductImage(deps, { productId: product.id, imageId: a.image.id, expectedVersion: 6 }));
    expect(gone.code).toBe("media.image_not_found");
    expect(await versionOf(product.id)).toBe(6);
    const actions = (await db.select().from(auditLog).where(eq(auditLog.entityId, String(product.id)))).map((r) => r.action);
    expect(actions).toEqual(["image.add", "image.add", "image.add", "image.make_first", "image.remove"]);
    expect(b.image.color).toBe("White");
  });

  it("gives the shop's product summary its photos", async () => {
    const { product } = await makeProduct(db, 3000, [{ stock: 1, color: "Black" }]);
    await addProductImage(deps, { productId: product.id, color: "Black", alt: "Black tee", bytes: await picture(700, 500, "jpeg"), expectedVersion: 1 });
    const summary = await getProductBySlug(db, product.slug);
    expect(summary!.images.map((i) => i.alt)).toEqual(["Black tee"]);
  });
});
