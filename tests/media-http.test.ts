import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "./messages.ts";
import { FORM_LIMIT_BYTES } from "../server/request-guard.ts";
import { Client, rawRequest } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// Product photos over HTTP, against the production build as its own process: an administrator uploads
// through the page (a multipart form, as a browser without JavaScript sends it), the shop's HTML then
// carries the photo, /media serves the files, and the upload's refusals and limits hold.

let store: SeededStore;
let url: string;
const ADMIN = `photo-boss-${Date.now()}@east-harlem.test`;
let admin: Client;
let customer: Client;
/** Two products of the shop's first page: one gets a photo, the other keeps its art. */
let photographed: { id: number; slug: string };
let other: { id: number; slug: string };

const imagesPage = (id: number) => `/admin/products/${id}/images`;

/** The shop's cards, each product's own HTML. */
function cardsOf(html: string): Map<number, string> {
  const cards = new Map<number, string>();
  for (const chunk of html.split('data-testid="product-card"').slice(1)) {
    const id = /id="product-(\d+)-name"/.exec(chunk)?.[1];
    if (id) cards.set(Number(id), chunk);
  }
  return cards;
}

async function picture(width: number, height: number, format: "jpeg" | "png" | "webp" | "gif", noise = false): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = noise ? Math.floor(Math.random() * 256) : (i * 7) % 251;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return (format === "jpeg" ? image.jpeg({ quality: 100 }) : image.toFormat(format)).toBuffer();
}

/** The page's current version of the product, as its forms carry it. */
async function versionOn(c: Client, id: number): Promise<string> {
  const html = await Client.text(await c.get(imagesPage(id)));
  return /name="version" value="(\d+)"/.exec(html)![1]!;
}

function upload(c: Client, id: number, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const body = new FormData();
  body.append("intent", "upload");
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return c.send(imagesPage(id), { method: "POST", body, headers: { Origin: url, Accept: "text/html" } });
}

const photoCount = async (id: number) => [...(await Client.text(await admin.get(imagesPage(id)))).matchAll(/data-testid="product-image"/g)].length;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  url = store.server.url;
  admin = new Client(url);
  await registerOverHttp(admin, ADMIN, "Photo Boss");
  customer = new Client(url);
  await registerOverHttp(customer, `photo-shopper-${Date.now()}@east-harlem.test`);
  const shop = await Client.text(await admin.get("/shop"));
  const found = [...cardsOf(shop)].map(([id, html]) => ({ id, slug: /href="\/shop\/([^"?#]+)"/.exec(html)![1]! }));
  [photographed, other] = [found[0]!, found[1]!];
}, 240_000);

afterAll(() => store?.stop());

describe("product photos over HTTP", () => {
  it("refuses customers the page and its form (403), and writes nothing", async () => {
    expect((await customer.get(imagesPage(photographed.id))).status).toBe(403);
    const res = await upload(customer, photographed.id, { version: "1", color: "", alt: "x" }, { bytes: await picture(400, 300, "jpeg"), name: "p.jpg", type: "image/jpeg" });
    expect(res.status).toBe(403);
    expect((await customer.post(imagesPage(photographed.id), { intent: "remove", imageId: "1", version: "1", confirmed: "yes" })).status).toBe(403);
    expect(await photoCount(photographed.id)).toBe(0);
  });

  it("shows the product's name, a way back, its colours and the upload form", async () => {
    const res = await admin.get(imagesPage(photographed.id));
    expect(res.status).toBe(200);
    const html = await Client.text(res);
    expect(html).toContain(`href="/admin/products/${photographed.id}"`);
    expect(html).toContain("Back to product");
    expect(html).toContain('accept="image/jpeg,image/png,image/webp"');
    expect(html).toMatch(/<option value="" selected="">All colours<\/option><option value="[^"]+">/);
    expect(html).toContain("No photos yet.");
    expect((await admin.get(imagesPage(999_999))).status).toBe(404);
    expect((await admin.get("/admin/products/abc/images")).status).toBe(404);
  });

  it("refuses a GIF, a text file named photo.jpg, an unknown colour and a missing description next to the field, writing nothing", async () => {
    const version = await versionOn(admin, photographed.id);
    const jpeg = await picture(700, 500, "jpeg");
    const cases: [Record<string, string>, { bytes: Uint8Array; name: string; type: string }, number, string][] = [
      [{ version, color: "", alt: "A GIF" }, { bytes: await picture(300, 200, "gif"), name: "photo.gif", type: "image/gif" }, 415, MEDIA_MESSAGES.unsupportedType],
      [{ version, color: "", alt: "Text" }, { bytes: Buffer.from("not a photo at all\n".repeat(50)), name: "photo.jpg", type: "image/jpeg" }, 415, MEDIA_MESSAGES.unsupportedType],
      [{ version, color: "", alt: "  " }, { bytes: jpeg, name: "photo.jpg", type: "image/jpeg" }, 400, "Describe the photo for people who cannot see it."],
      [{ version, color: "Ultraviolet", alt: "Colour" }, { bytes: jpeg, name: "photo.jpg", type: "image/jpeg" }, 400, MEDIA_MESSAGES.invalidColor],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await upload(admin, photographed.id, fields, file);
      const html = await Client.text(res);
      expect(res.status, fields.alt).toBe(status);
      expect(html, fields.alt).toContain(message);
    }
    expect(await photoCount(photographed.id)).toBe(0);
    expect(await versionOn(admin, photographed.id)).toBe(version);
  });

  it("takes a photo over 1 MB on its own route while every other form stays at 1 MB; 11 MB is refused", async () => {
    const big = await picture(1400, 900, "jpeg", true);
    expect(big.length).toBeGreaterThan(FORM_LIMIT_BYTES + 100_000);
    // The same size to another form: refused by the HTTP layer.
    const cart = await rawRequest(url, { path: "/cart", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url }, prefix: "intent=add&pad=", bodyBytes: big.length });
    expect(cart.status).toBe(413);
    const version = await versionOn(admin, photographed.id);
    const res = await upload(admin, photographed.id, { version, color: "", alt: "Noise, for size" }, { bytes: big, name: "big.jpg", type: "image/jpeg" });
    expect(res.status).toBe(302);
    expect(await photoCount(photographed.id)).toBe(1);
    // The same form again: its version is now an older one, and the save is refused.
    const stale = await upload(admin, photographed.id, { version, color: "", alt: "Again" }, { bytes: await picture(400, 300, "jpeg"), name: "again.jpg", type: "image/jpeg" });
    expect(stale.status).toBe(409);
    expect(await Client.text(stale)).toContain(MEDIA_MESSAGES.staleVersion);
    expect(await photoCount(photographed.id)).toBe(1);

    const huge = await rawRequest(url, {
      path: imagesPage(photographed.id),
      headers: { "Content-Type": "multipart/form-data; boundary=X", Origin: url, Cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
      prefix: '--X\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
      bodyBytes: 11 * 1024 * 1024,
    });
    expect(huge.status).toBe(413);
    expect(await photoCount(photographed.id)).toBe(1);
  });

  it("puts an uploaded photo in the shop: its card and page carry the srcset, another product keeps its art", async () => {
    const version = await versionOn(admin, photographed.id);
    // Made first, so the card (which shows the first photo for all colours) shows this one.
    const res = await upload(admin, photographed.id, { version, color: "", alt: "Folded on a stoop" }, { bytes: await picture(1600, 1200, "png"), name: "stoop.png", type: "image/png" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${imagesPage(photographed.id)}?done=added`);
    const page = await Client.text(await admin.get(res.headers.get("location")!));
    expect(page).toContain("The photo was added.");
    const secondId = [...page.matchAll(/name="imageId" value="(\d+)"/g)].map((m) => m[1]!).at(-1)!;
    const first = await admin.post(imagesPage(photographed.id), { intent: "first", imageId: secondId, version: await versionOn(admin, photographed.id) });
    expect(first.status).toBe(302);

    const shop = cardsOf(await Client.text(await new Client(url).get("/shop")));
    const card = shop.get(photographed.id)!;
    expect(card).toMatch(new RegExp(`<source type="image/avif" srcSet="/media/products/${photographed.id}/[A-Za-z0-9_-]+-320\\.avif 320w, [^"]+-1280\\.avif 1280w"`, "i"));
    expect(card).toMatch(new RegExp(`srcSet="/media/products/${photographed.id}/[^"]+-320\\.webp 320w`, "i"));
    expect(card).toMatch(/width="1600" height="1200"/);
    expect(card).not.toContain("/art/");
    expect(shop.get(other.id)).toContain('src="/art/');
    expect(shop.get(other.id)).not.toContain("/media/");

    const product = await Client.text(await new Client(url).get(`/shop/${photographed.slug}`));
    expect(product).toMatch(new RegExp(`<source type="image/avif" srcSet="/media/products/${photographed.id}/`, "i"));
    expect(product).toContain('alt="Folded on a stoop"');
    // Shared, the page shows its card (a PNG drawn from the photograph, the name and the price).
    expect(product).toMatch(new RegExp(`<meta property="og:image" content="${url}/social/product/${photographed.slug}\\.png\\?v=[a-z0-9]+"`));
    const otherPage = await Client.text(await new Client(url).get(`/shop/${other.slug}`));
    expect(otherPage).not.toContain("/media/");
    expect(otherPage).toContain('src="/art/');
  });

  it("serves the files with a year of immutable caching and their content type; unknown names and traversal are 404", async () => {
    const product = await Client.text(await new Client(url).get(`/shop/${photographed.slug}`));
    const webp = /(\/media\/products\/\d+\/[A-Za-z0-9_-]+-\d+\.webp)/.exec(product)![1]!;
    const avif = webp.replace(/\.webp$/, ".avif");
    for (const [path, type] of [
      [webp, "image/webp"],
      [avif, "image/avif"],
    ] as const) {
      const res = await fetch(url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect((await sharp(bytes).metadata()).format).toBe(type === "image/webp" ? "webp" : "heif");
      const head = await fetch(url + path, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get("content-length"))).toBe(bytes.length);
    }
    for (const path of ["/media/products/1/nothing-here-320.webp", "/media/products/1/x-320.png", "/media/", "/media/products"]) {
      const res = await fetch(url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("cache-control")).not.toContain("immutable");
    }
    // Sent as written (fetch would resolve the dots first).
    for (const path of ["/media/../package.json", "/media/../../etc/passwd", "/media/%2e%2e/package.json", "/media/products/..%2f..%2fpackage.json", "/media/..%5cpackage.json", `/media/${webp.slice(7, -5)}-320.webp/../../../package.json`]) {
      const res = await rawRequest(url, { method: "GET", path, contentLength: false });
      expect([400, 404], path).toContain(res.status);
      expect(res.body, path).not.toContain('"name": "east-harlem-store"');
    }
  });

  it("removes a photo after a confirmation step: its files are gone and the product shows its art again", async () => {
    const page = await Client.text(await admin.get(imagesPage(photographed.id)));
    const ids = [...page.matchAll(/name="intent" value="remove"\/><input type="hidden" name="imageId" value="(\d+)"/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(2);
    const files = [...new Set([...(await Client.text(await new Client(url).get(`/shop/${photographed.slug}`))).matchAll(/\/media\/products\/\d+\/[A-Za-z0-9_-]+-\d+\.(?:webp|avif)/g)].map((m) => m[0]))];
    expect(files.length).toBeGreaterThan(0);

    for (const id of ids) {
      const version = await versionOn(admin, photographed.id);
      const ask = await admin.post(imagesPage(photographed.id), { intent: "remove", imageId: id, version });
      expect(ask.status).toBe(200);
      expect(await Client.text(ask)).toContain("Yes, remove the photo");
      expect(await photoCount(photographed.id)).toBe(ids.length - ids.indexOf(id));
      const done = await admin.post(imagesPage(photographed.id), { intent: "remove", imageId: id, version, confirmed: "yes" });
      expect(done.status).toBe(302);
    }
    expect(await photoCount(photographed.id)).toBe(0);
    for (const file of files) expect((await fetch(url + file)).status, file).toBe(404);
    const card = cardsOf(await Client.text(await new Client(url).get("/shop"))).get(photographed.id)!;
    expect(card).toContain('src="/art/');
    expect(card).not.toContain("/media/");
  });
});
