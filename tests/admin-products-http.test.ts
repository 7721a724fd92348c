import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

// The production server as its own process: on PostgreSQL when TEST_DATABASE_URL is set, else embedded.
let store: SeededStore;
let server: RunningServer;
const ADMIN = "catalogue-boss@east-harlem.test";
let admin: Client;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  server = store.server;
  admin = new Client(server.url);
  await registerOverHttp(admin, ADMIN, "Catalogue Boss");
}, 240_000);

afterAll(() => store?.stop());

const NAME = `Marcus Garvey Park Windbreaker ${Date.now()}`;
const product = {
  name: NAME,
  description: "A light shell for spring evenings in the park.",
  category: "apparel",
  artKind: "jacket",
  basePrice: "85.00",
  tags: "outerwear, spring",
  status: "draft",
};

const versionOn = (html: string) => /name="version" value="(\d+)"/.exec(html)![1]!;

describe("the product screens over HTTP", () => {
  let id = "";
  let slug = "";

  it("creates a draft a guest cannot see, adds two variants, and activates it for the shop", async () => {
    const created = await admin.post("/admin/products/new", product);
    expect(created.status).toBe(302);
    id = /\/admin\/products\/(\d+)\?done=created/.exec(created.headers.get("location") ?? "")![1]!;
    let page = await Client.text(await admin.get(created.headers.get("location")!));
    expect(page).toContain("The product was created.");
    slug = /name="slug"[^>]*value="([^"]+)"/.exec(page)![1]!;
    expect(slug).toMatch(/^marcus-garvey-park-windbreaker-\d+$/);
    const guest = new Client(server.url);
    expect((await guest.get(`/shop/${slug}`)).status).toBe(404);

    for (const [size, stock] of [["M", "12"], ["L", "4"]] as const) {
      const added = await admin.post(`/admin/products/${id}`, { intent: "variant-add", version: versionOn(page), size, color: "Olive", initialStock: stock, active: "on" });
      expect(added.status).toBe(302);
      page = await Client.text(await admin.get(`/admin/products/${id}`));
    }
    expect(page.match(/data-testid="admin-variant"/g)).toHaveLength(2);

    const saved = await admin.post(`/admin/products/${id}`, { intent: "save", version: versionOn(page), ...product, slug, status: "active" });
    expect(saved.status).toBe(302);
    const shop = await Client.text(await guest.get(`/shop?q=${encodeURIComponent("Marcus Garvey Park Windbreaker")}`));
    expect(shop).toContain(NAME);
    const productPage = await Client.text(await guest.get(`/shop/${slug}`));
    expect(productPage).toContain("$85.00");
    expect(productPage).toContain("Olive");
    const listed = await Client.text(await admin.get(`/admin/products?q=${encodeURIComponent(NAME)}&status=active`));
    expect(listed).toContain(`href="/admin/products/${id}"`);
  });

  it("moves a renamed product to its new address with a permanent redirect", async () => {
    const page = await Client.text(await admin.get(`/admin/products/${id}`));
    const renamed = await admin.post(`/admin/products/${id}`, { intent: "save", version: versionOn(page), ...product, slug: `${slug}-shell`, status: "active" });
    expect(renamed.status).toBe(302);
    const guest = new Client(server.url);
    const old = await guest.get(`/shop/${slug}?ref=flyer`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/shop/${slug}-shell?ref=flyer`);
    const reviews = await guest.get(`/shop/${slug}/reviews`);
    expect(reviews.status).toBe(301);
    expect(reviews.headers.get("location")).toBe(`/shop/${slug}-shell/reviews`);
    slug = `${slug}-shell`;
  });

  it("refuses a save made from an older version with the message, and shows bad input next to its field", async () => {
    const page = await Client.text(await admin.get(`/admin/products/${id}`));
    const version = versionOn(page);
    expect((await admin.post(`/admin/products/${id}`, { intent: "save", version, ...product, slug, status: "active", basePrice: "80.00" })).status).toBe(302);
    const stale = await admin.post(`/admin/products/${id}`, { intent: "save", version, ...product, slug, status: "active", basePrice: "70.00" });
    expect(stale.status).toBe(409);
    expect(await Client.text(stale)).toContain("This product was changed by someone else. Reload to see the changes, then make yours again.");
    expect(await Client.text(await new Client(server.url).get(`/shop/${slug}`))).toContain("$80.00");

    const fresh = versionOn(await Client.text(await admin.get(`/admin/products/${id}`)));
    const bad = await admin.post(`/admin/products/${id}`, { intent: "save", version: fresh, ...product, slug, status: "active", basePrice: "eighty" });
    expect(bad.status).toBe(400);
    const html = await Client.text(bad);
    expect(html).toMatch(/id="basePrice-error"[^>]*>Enter the base price in dollars, such as 45.00.</);
    expect(html).toContain('value="eighty"');
    expect(versionOn(await Client.text(await admin.get(`/admin/products/${id}`)))).toBe(fresh);
  });

  it("saves a Spanish description and search texts for the Spanish page, audited with the save", async () => {
    const spanish = "Una chaqueta ligera para las tardes de primavera en el parque.";
    const page = await Client.text(await admin.get(`/admin/products/${id}`));
    const saved = await admin.post(`/admin/products/${id}`, {
      intent: "save",
      version: versionOn(page),
      ...product,
      slug,
      status: "active",
      descriptionEs: spanish,
      seoDescriptionEs: "Chaqueta ligera de primavera, hecha en East Harlem.",
    });
    expect(saved.status).toBe(302);
    const guest = new Client(server.url);
    const es = await Client.text(await guest.get(`/es/shop/${slug}`));
    expect(es).toContain(spanish);
    expect(es).toContain('<meta name="description" content="Chaqueta ligera de primavera, hecha en East Harlem."');
    expect(es).toContain("Verde oliva");
    const en = await Client.text(await guest.get(`/shop/${slug}`));
    expect(en).toContain(product.description);
    expect(en).not.toContain(spanish);
    const form = await Client.text(await admin.get(`/admin/products/${id}`));
    expect(form).toContain(spanish);
    const audit = await Client.text(await admin.get(`/admin/audit?entity=product`));
    expect(audit).toContain("descriptionEs");
    expect(audit).toContain(spanish);

    const tooLong = await admin.post(`/admin/products/${id}`, { intent: "save", version: versionOn(form), ...product, slug, status: "active", descriptionEs: "x".repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(await Client.text(tooLong)).toContain("The Spanish description must be at most 5000 characters.");
  });

  it("asks before removing a variant, then removes it", async () => {
    const page = await Client.text(await admin.get(`/admin/products/${id}`));
    const variantId = /name="variantId" value="(\d+)"/.exec(page)![1]!;
    const ask = await admin.post(`/admin/products/${id}`, { intent: "variant-remove", variantId, version: versionOn(page), label: "M / Olive" });
    expect(ask.status).toBe(200);
    expect(await Client.text(ask)).toContain("Remove M / Olive?");
    const done = await admin.post(`/admin/products/${id}`, { intent: "variant-remove", variantId, version: versionOn(page), confirmed: "yes" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/products/${id}?done=variant-deleted`);
    const after = await Client.text(await admin.get(`/admin/products/${id}`));
    expect(after.match(/data-testid="admin-variant"/g)).toHaveLength(1);
    const audit = await Client.text(await admin.get(`/admin/audit?entity=variant`));
    expect(audit).toContain("delete");
  });
});
