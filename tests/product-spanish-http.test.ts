import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { startSeededStore, type SeededStore } from "./server.ts";
import { seedProducts } from "../db/seed/catalogue.ts";
import { seedProductDescriptionsEs } from "../db/seed/catalogue-es.ts";

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
