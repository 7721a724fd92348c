import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCollections } from "../db/seed/catalogue.ts";
import { seedCollectionsEs, seedLooksEs } from "../db/seed/collections-es.ts";
import { seedLooks } from "../db/seed/culture.ts";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// The production server on the sample catalogue: collections, a lookbook and product tags as a Spanish
// shopper reads them under /es, and the back office writing a collection's and a look's Spanish texts.
let store: SeededStore;
let admin: Client;
const ADMIN = `collections-boss-${Date.now()}@east-harlem.test`;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  admin = new Client(store.server.url);
  await registerOverHttp(admin, ADMIN, "Collections Boss");
}, 240_000);

afterAll(() => store?.stop());

const guest = () => new Client(store.server.url);
/** As the page writes text: quotes and ampersands escaped. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const SPRING = seedCollections.find((c) => c.slug === "spring-2024-urban-renaissance")!;
const SPRING_ES = seedCollectionsEs[SPRING.slug]!;

describe("collections in Spanish", () => {
  it("lists every collection with its Spanish description and season, its name as the brand wrote it", async () => {
    const es = await Client.text(await guest().get("/es/collections"));
    for (const c of seedCollections) {
      expect(es, c.slug).toContain(html(seedCollectionsEs[c.slug]!.description));
      expect(es, c.slug).not.toContain(html(c.description));
      expect(es, c.slug).toContain(html(c.name));
    }
    expect(es).toContain(">Primavera 2024<");

    const en = await Client.text(await guest().get("/collections"));
    for (const c of seedCollections) expect(en, c.slug).toContain(html(c.description));
    expect(en).not.toContain(html(SPRING_ES.description));
  });

  it("shows a collection's page in Spanish, with its meta description and a share card in Spanish", async () => {
    const es = await Client.text(await guest().get(`/es/collections/${SPRING.slug}`));
    expect(es).toContain(`<p class="text-sm font-bold uppercase tracking-[0.2em] text-gold">Primavera 2024</p>`);
    expect(es).toContain(`<meta name="description" content="${html(SPRING_ES.description)}"/>`);
    expect(es).toContain(`<meta property="og:description" content="${html(SPRING_ES.description)}"/>`);
    const card = /<meta property="og:image" content="[^"]*(\/social\/collection\/[^"]+\.es\.png\?v=[^"]+)"/.exec(es)?.[1];
    expect(card).toBeDefined();
    const png = await guest().get(card!.replace(/&amp;/g, "&"));
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");

    const en = await Client.text(await guest().get(`/collections/${SPRING.slug}`));
    expect(en).toContain(`<meta name="description" content="${html(SPRING.description)}"/>`);
    expect(en).toMatch(/<meta property="og:image" content="[^"]*\/social\/collection\/spring-2024-urban-renaissance\.png\?v=/);
    expect(en).not.toContain("Primavera 2024");
  });

  it("shows the lookbook's titles, captions and picture descriptions in Spanish", async () => {
    const es = await Client.text(await guest().get(`/es/collections/${SPRING.slug}/lookbook`));
    for (const look of seedLooks.filter((l) => l.collection === SPRING.slug)) {
      const spanish = seedLooksEs[look.title]!;
      expect(es, look.title).toContain(`>${html(spanish.title)}</h2>`);
      expect(es, look.title).toContain(html(spanish.caption));
      expect(es, look.title).toContain(`alt="${html(spanish.imageAlt)}"`);
      expect(es, look.title).not.toContain(`>${html(look.title)}</h2>`);
      expect(es, look.title).not.toContain(html(look.caption));
    }
    expect(es).toContain("Primavera 2024");

    const en = await Client.text(await guest().get(`/collections/${SPRING.slug}/lookbook`));
    expect(en).toContain(">Mural Walk</h2>");
    expect(en).not.toContain("Paseo entre murales");
  });
});

describe("product tags in Spanish", () => {
  it("reads a product's tags in Spanish, their search links and unknown tags as stored", async () => {
    const es = await Client.text(await guest().get("/es/shop/harlem-classic-tee"));
    const chip = (href: string, text: string) => new RegExp(`href="${href.replace(/[?]/g, "\\?")}"[^>]*>${text}</a>`);
    expect(es).toMatch(chip("/es/shop?q=tee", "camiseta"));
    expect(es).toMatch(chip("/es/shop?q=cotton", "algodón"));
    expect(es).toMatch(chip("/es/shop?q=classic", "clásico"));
    // Written the same in Spanish: the glossary has no text, the tag shows as stored.
    expect(es).toMatch(chip("/es/shop?q=logo", "logo"));

    const en = await Client.text(await guest().get("/shop/harlem-classic-tee"));
    expect(en).toMatch(chip("/shop?q=tee", "tee"));
    expect(en).not.toContain("algodón");
  });

  it("shows the cards' tags in Spanish in the shop and a collection", async () => {
    for (const page of ["/es/shop", "/es/collections/street-essentials"]) {
      const es = await Client.text(await guest().get(page));
      expect(es, page).toMatch(/<li class="[^"]*rounded-full[^"]*">camiseta<\/li>/);
      expect(es, page).not.toMatch(/<li class="[^"]*rounded-full[^"]*">tee<\/li>/);
    }
  });
});

describe("a collection's and a look's Spanish texts in the back office", () => {
  const slug = `night-market-${Date.now()}`;
  const english = { name: "Night Market", slug, description: "Late stalls under the viaduct, lit by string lights.", season: "Fall 2026", products: "harlem-classic-tee\nbodega-cat-tee" };
  const spanish = { descriptionEs: "Puestos de noche debajo del viaducto, alumbrados con guirnaldas de luces.", seasonEs: "Otoño 2026" };
  const look = { title: "Late Stall", caption: "The last plates of the night and a hoodie against the cold.", imageSrc: "/images/looks/mural-walk.svg", imageAlt: "A figure in a hoodie at a food stall lit by string lights.", position: "0" };
  const lookEs = { titleEs: "El último puesto", captionEs: "Los últimos platos de la noche y una sudadera contra el frío.", imageAltEs: "Una persona con sudadera frente a un puesto de comida alumbrado con guirnaldas." };
  let page = "";

  it("saves a collection's Spanish description and season with it, audited, and Spanish pages read them", async () => {
    const made = await admin.post("/admin/collections/new", { intent: "save", ...english, ...spanish });
    expect(made.status, await made.clone().text()).toBe(302);
    page = made.headers.get("location")!.replace(/\?.*$/, "");
    expect(page).toMatch(/^\/admin\/collections\/\d+$/);

    const es = await Client.text(await guest().get(`/es/collections/${slug}`));
    expect(es).toContain(spanish.descriptionEs);
    expect(es).toContain(">Otoño 2026<");
    expect(es).toContain(">Night Market</h1>");
    const en = await Client.text(await guest().get(`/collections/${slug}`));
    expect(en).toContain(english.description);
    expect(en).not.toContain(spanish.descriptionEs);

    const form = await Client.text(await admin.get(page));
    expect(form).toContain(spanish.descriptionEs);
    expect(form).toContain('value="Otoño 2026"');
    const audit = await Client.text(await admin.get("/admin/audit?entity=collection"));
    expect(audit).toContain("descriptionEs");
    expect(audit).toContain(spanish.descriptionEs);
  });

  it("refuses a Spanish season without a Spanish description or a season, and removes the Spanish texts when emptied", async () => {
    const noDescription = await admin.post(page, { intent: "save", ...english, seasonEs: "Otoño 2026", descriptionEs: "" });
    expect(noDescription.status).toBe(400);
    expect(await Client.text(noDescription)).toContain("Enter the Spanish description too: the Spanish season is saved with it.");
    const noSeason = await admin.post(page, { intent: "save", ...english, season: "", ...spanish });
    expect(noSeason.status).toBe(400);
    expect(await Client.text(noSeason)).toContain("Enter the season too, or leave the Spanish season empty.");
    const tooLong = await admin.post(page, { intent: "save", ...english, descriptionEs: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(await Client.text(tooLong)).toContain("The Spanish description is too long (at most 1000 characters).");
    // Nothing of the refused saves was written.
    expect(await Client.text(await guest().get(`/es/collections/${slug}`))).toContain(spanish.descriptionEs);

    const emptied = await admin.post(page, { intent: "save", ...english, descriptionEs: "", seasonEs: "" });
    expect(emptied.status).toBe(302);
    const es = await Client.text(await guest().get(`/es/collections/${slug}`));
    expect(es).toContain(english.description);
    expect(es).toContain(">Fall 2026<");
    // The audit's newest entry: the Spanish description went.
    const audit = await Client.text(await admin.get("/admin/audit?entity=collection"));
    expect(audit).toMatch(new RegExp(`descriptionEs</span>: ${spanish.descriptionEs} → none`));
  });

  it("saves a look's Spanish title, caption and picture description (all three or none), audited", async () => {
    const half = await admin.post(page, { intent: "add-look", ...look, titleEs: lookEs.titleEs });
    expect(half.status).toBe(400);
    const refused = await Client.text(half);
    expect(refused).toContain("Enter the Spanish caption too, or leave the Spanish texts empty.");
    expect(refused).toContain("Enter the Spanish picture description too, or leave the Spanish texts empty.");

    const added = await admin.post(page, { intent: "add-look", ...look, ...lookEs });
    expect(added.status, await added.clone().text()).toBe(302);
    const es = await Client.text(await guest().get(`/es/collections/${slug}/lookbook`));
    expect(es).toContain(`>${lookEs.titleEs}</h2>`);
    expect(es).toContain(lookEs.captionEs);
    expect(es).toContain(`alt="${lookEs.imageAltEs}"`);
    const en = await Client.text(await guest().get(`/collections/${slug}/lookbook`));
    expect(en).toContain(`>${look.title}</h2>`);
    expect(en).not.toContain(lookEs.titleEs);
    const audit = await Client.text(await admin.get("/admin/audit?entity=look"));
    expect(audit).toContain("titleEs");
    expect(audit).toContain(html(lookEs.captionEs));

    // Without Spanish texts, the Spanish lookbook shows the English ones.
    const lookId = /name="lookId" value="(\d+)"/.exec(await Client.text(await admin.get(page)))![1]!;
    const cleared = await admin.post(page, { intent: "update-look", lookId, ...look });
    expect(cleared.status).toBe(302);
    expect(await Client.text(await guest().get(`/es/collections/${slug}/lookbook`))).toContain(`>${look.title}</h2>`);
  });
});
