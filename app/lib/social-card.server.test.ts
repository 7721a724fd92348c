import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { socialCardPng } from "./social-card.server.ts";
import { localeT } from "./i18n.server.ts";
import { cardPath, cardVersion, pageCardContent, parseCardFile, productCardContent, SOCIAL_CARD } from "./social.ts";

const TEE = { name: "Harlem Classic Tee", basePriceCents: 5500, currency: "USD", artKind: "tee", variants: [{ id: 1, size: "M", color: "Black", priceCents: 5500, available: 3 }], images: [] };
const noPhoto = async () => null;

describe("share cards", () => {
  it("a product's card is a 1200x630 PNG", async () => {
    const content = productCardContent(TEE);
    expect(content).toEqual({ name: "Harlem Classic Tee", priceCents: 5500, currency: "USD", artKind: "tee", color: "Black", photo: null });
    const png = await socialCardPng("test/product", { product: content }, noPhoto);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", SOCIAL_CARD.width, SOCIAL_CARD.height]);
  });

  it("a page's card is a 1200x630 PNG too, whatever the length of its title", async () => {
    for (const title of [pageCardContent("home", localeT("en")), pageCardContent("home", localeT("es")), { eyebrow: "Graffiti", title: "A very long story title that goes on and on about the murals of 116th Street and beyond" }]) {
      const meta = await sharp(await socialCardPng(`test/${title.title}`, { title }, noPhoto)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    }
  });

  it("draws the product's photograph when it has one, else its art", async () => {
    const red = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#ff0000" } }).jpeg().toBuffer();
    const withPhoto = { ...productCardContent(TEE), photo: "/media/products/1/x-1280.webp" };
    const png = await socialCardPng("test/photo", { product: withPhoto }, async (src) => (src === withPhoto.photo ? red : null));
    const { data } = await sharp(png).extract({ left: 300, top: 300, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    const [r, g, b] = data;
    expect(r).toBeGreaterThan(240);
    expect(g! + b!).toBeLessThan(20);
  });

  it("a card's address changes with what it shows, and only then", () => {
    const a = productCardContent(TEE);
    expect(cardVersion(a)).toBe(cardVersion({ ...a }));
    expect(cardVersion({ ...a, priceCents: 6000 })).not.toBe(cardVersion(a));
    expect(cardVersion({ ...a, name: "Harlem Classic Tee II" })).not.toBe(cardVersion(a));
    expect(cardPath("product", "harlem-classic-tee", a)).toMatch(/^\/social\/product\/harlem-classic-tee\.png\?v=[a-z0-9]+$/);
  });

  it("a Spanish page's card has its words in Spanish, at an address of its own", () => {
    const english = pageCardContent("shop", localeT("en"));
    const spanish = pageCardContent("shop", localeT("es"));
    expect(english.title).toBe(localeT("en")("nav.shop"));
    expect(spanish.title).toBe(localeT("es")("nav.shop"));
    expect(spanish.title).not.toBe(english.title);
    expect(cardPath("page", "shop", english)).toMatch(/^\/social\/page\/shop\.png\?v=[a-z0-9]+$/);
    expect(cardPath("page", "shop", spanish, "es")).toMatch(/^\/social\/page\/shop\.es\.png\?v=[a-z0-9]+$/);
    expect(cardVersion(spanish)).not.toBe(cardVersion(english));
    expect(parseCardFile("shop.es.png")).toEqual({ slug: "shop", locale: "es" });
    expect(parseCardFile("harlem-classic-tee.png")).toEqual({ slug: "harlem-classic-tee", locale: "en" });
    expect(parseCardFile("shop.fr.png")).toEqual({ slug: "shop.fr", locale: "en" });
    expect(parseCardFile("shop.es")).toBeNull();
  });

  it("draws a card once per address", async () => {
    const title = { eyebrow: "East Harlem", title: "Once" };
    const first = socialCardPng("test/once", { title }, noPhoto);
    expect(socialCardPng("test/once", { title }, noPhoto)).toBe(first);
    await first;
  });
});
