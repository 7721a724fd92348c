import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { startSeededStore, type SeededStore } from "./server.ts";
import { seedProducts } from "../db/seed/catalogue.ts";
import { seedProductDescriptionsEs } from "../db/seed/catalogue-es.ts";
import spanishShop from "../texts/messages/es/shop.json";

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

/** The page's JSON-LD and the content of its meta tags, read back from its HTML. */
async function pageMeta(path: string): Promise<{ jsonLd: Record<string, unknown> | null; meta: (name: string) => string | undefined }> {
  const page = await (await new Client(store.server.url).get(path)).text();
  const ld = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(page)?.[1];
  const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
  return {
    jsonLd: ld ? (JSON.parse(ld) as Record<string, unknown>) : null,
    meta: (name) => {
      const tag = new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`).exec(page);
      return tag ? unescape(tag[1]!) : undefined;
    },
  };
}

describe("what search engines and shared links read of a product", () => {
  it("is in Spanish on its Spanish page: the description, and each offer's colour", async () => {
    const { jsonLd, meta } = await pageMeta("/es/shop/harlem-classic-tee");
    expect(jsonLd?.description).toBe(seedProductDescriptionsEs["harlem-classic-tee"]);
    const offers = (jsonLd?.offers as { name: string }[]).map((o) => o.name);
    expect(offers).toContain(`${tee.name} - ${tee.variants[0]!.size} - ${(spanishShop as Record<string, string>)[`shop.color.${tee.variants[0]!.color}`]}`);
    expect(offers.join()).not.toContain(tee.variants[0]!.color!);
    expect(meta("og:description")).toBe(meta("description"));
    expect(seedProductDescriptionsEs["harlem-classic-tee"]!.startsWith(meta("og:description")!.replace(/\.\.\.$/, ""))).toBe(true);
  });

  it("is in English on its English page", async () => {
    const { jsonLd } = await pageMeta("/shop/harlem-classic-tee");
    expect(jsonLd?.description).toBe(tee.description);
    expect((jsonLd?.offers as { name: string }[]).map((o) => o.name)).toContain(`${tee.name} - ${tee.variants[0]!.size} - ${tee.variants[0]!.color}`);
  });

  it("shares the same card in both languages: it shows the name and the price, nothing to translate", async () => {
    const english = (await pageMeta("/shop/harlem-classic-tee")).meta("og:image");
    const spanish = (await pageMeta("/es/shop/harlem-classic-tee")).meta("og:image");
    expect(spanish).toBe(english);
    const card = await fetch(spanish!);
    expect([card.status, card.headers.get("content-type")]).toEqual([200, "image/png"]);
  });
});

describe("a store page's share card", () => {
  it("is in Spanish for the Spanish page: its own address, picture and words", async () => {
    const english = (await pageMeta("/shop")).meta;
    const spanish = (await pageMeta("/es/shop")).meta;
    expect(spanish("og:image")).not.toBe(english("og:image"));
    expect(spanish("og:image:alt")).toContain(spanish("og:title")!);
    expect(english("og:image:alt")).toContain(english("og:title")!);
    const [en, es] = await Promise.all([fetch(english("og:image")!), fetch(spanish("og:image")!)]);
    expect([en.status, es.status]).toEqual([200, 200]);
    expect(es.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await es.arrayBuffer()).equals(Buffer.from(await en.arrayBuffer()))).toBe(false);
  });
});
