import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { startSeededStore, type SeededStore } from "./server.ts";
import { seedProducts } from "../db/seed/catalogue.ts";
import { seedProductDescriptionsEs } from "../db/seed/catalogue-es.ts";
import spanishShop from "../app/i18n/messages/es/shop.json";

// The production server on the sample catalogue: a product's page in each language.
let store: SeededStore;

beforeAll(async () => {
  store = await startSeededStore();
}, 240_000);

afterAll(() => store?.stop());

const tee = seedProducts.find((p) => p.slug === "harlem-classic-tee")!;
/** As the page writes text: quotes and ampersands escaped. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe("a product page in both languages", () => {
  it("reads in Spanish under /es: the Spanish description and colour names", async () => {
    const page = await Client.text(await new Client(store.server.url).get("/es/shop/harlem-classic-tee"));
    expect(page).toContain(html(seedProductDescriptionsEs["harlem-classic-tee"]!));
    expect(page).not.toContain(html(tee.description));
    expect(page).toContain("Negro");
    expect(page).toContain("Blanco");
    // Form values stay the stored English colours.
    expect(page).toContain('value="Black"');
  });

  it("reads in English at its own address", async () => {
    const page = await Client.text(await new Client(store.server.url).get("/shop/harlem-classic-tee"));
    expect(page).toContain(html(tee.description));
    expect(page).not.toContain(html(seedProductDescriptionsEs["harlem-classic-tee"]!));
    expect(page).not.toContain("Negro");
  });
});

describe("a refusal naming an item's colour", () => {
  // A variant the sample catalogue has none of.
  const soldOut = tee.variants.find((v) => v.stock === 0 && v.color)!;
  const add = async (cartPath: string) => {
    const client = new Client(store.server.url);
    const page = await Client.text(await client.get(cartPath.replace("cart", "shop/harlem-classic-tee")));
    const productId = /name="productId" value="(\d+)"/.exec(page)![1]!;
    const res = await client.post(cartPath, { intent: "add", productId, size: soldOut.size!, color: soldOut.color!, quantity: "1" });
    return { status: res.status, page: await Client.text(res) };
  };

  it("names the colour in Spanish on a Spanish page", async () => {
    const { status, page } = await add("/es/cart");
    expect(status).toBe(409);
    const spanishColor = (spanishShop as Record<string, string>)[`shop.color.${soldOut.color!.replace(/\s+/g, "")}`];
    expect(spanishColor).not.toBe(soldOut.color);
    expect(page).toContain(`${tee.name} (${soldOut.size}, ${spanishColor}) está agotado.`);
  });

  it("keeps core's English on an English page", async () => {
    const { status, page } = await add("/cart");
    expect(status).toBe(409);
    expect(page).toContain(`${tee.name} (${soldOut.size}, ${soldOut.color}) is out of stock.`);
  });
});
