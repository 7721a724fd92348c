import { expect, test, type Page } from "@playwright/test";
import { CLASSIC_TEE, chooseOptions, gotoHydrated } from "./helpers.ts";

const details = (page: Page) => page.getByRole("main");
const price = (page: Page) => details(page).getByTestId("price");
const originalPrice = (page: Page) => details(page).getByTestId("original-price");
const stockLabel = (page: Page) => details(page).getByTestId("stock-label");
const productImage = (page: Page, name: string) => details(page).getByRole("img", { name: new RegExp(`^${name}`) });
const sizes = (page: Page) => details(page).getByRole("group", { name: "Size" });
const colors = (page: Page) => details(page).getByRole("group", { name: /^Color/ });

interface JsonLdOffer {
  "@type": string;
  name: string;
  price: string;
  priceCurrency: string;
  availability: string;
}

test.describe("product page", () => {
  test("shows the product, its price and the stock of the chosen size and colour", async ({ page }) => {
    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CLASSIC_TEE.name);
    await expect(price(page)).toHaveText("$55.00");
    await expect(originalPrice(page)).toHaveCount(0);
    await expect(stockLabel(page)).toHaveText("Select size and color to check availability");
    await expect(details(page).getByRole("button", { name: "Add to Cart" })).toBeDisabled();

    await chooseOptions(page, { size: "S", color: "Black" });
    await expect(stockLabel(page)).toHaveText("35 in stock");
    await expect(price(page)).toHaveText("$55.00");
    await expect(details(page).getByRole("button", { name: "Add to Cart" })).toBeEnabled();

    await chooseOptions(page, { size: "L" });
    await expect(stockLabel(page)).toHaveText("6 in stock");
  });

  test("the picture follows the colour", async ({ page }) => {
    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    const image = productImage(page, CLASSIC_TEE.name);
    await expect(image).toHaveAttribute("alt", `${CLASSIC_TEE.name} in Black`);
    const blackSrc = await image.getAttribute("src");
    expect(blackSrc).toMatch(/black/);

    await chooseOptions(page, { color: "White" });
    await expect(image).toHaveAttribute("alt", `${CLASSIC_TEE.name} in White`);
    await expect(image).toHaveAttribute("src", /white/);
    expect(await image.getAttribute("src")).not.toBe(blackSrc);
    // The new picture actually loads.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("White costs $60.00, shown alone: a dearer size is no sale, so no base price struck through (ADR 0041)", async ({ page }) => {
    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    await chooseOptions(page, { size: "S", color: "White" });
    await expect(price(page)).toHaveText("$60.00");
    await expect(originalPrice(page)).toHaveCount(0);
    await expect(details(page).getByText("Original price")).toHaveCount(0);
    await expect(stockLabel(page)).toHaveText("18 in stock");

    await chooseOptions(page, { color: "Black" });
    await expect(price(page)).toHaveText("$55.00");
    await expect(originalPrice(page)).toHaveCount(0);
  });

  test("sizes and colours with nothing in stock cannot be chosen", async ({ page }) => {
    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    // Nothing chosen yet: every size exists in some colour.
    for (const size of ["S", "M", "L", "XL"]) {
      await expect(sizes(page).getByRole("radio", { name: size, exact: true })).toBeEnabled();
    }
    // White XL and Black M are sold out.
    await chooseOptions(page, { color: "White" });
    await expect(sizes(page).getByRole("radio", { name: "XL", exact: true })).toBeDisabled();
    await expect(sizes(page).getByRole("radio", { name: "M", exact: true })).toBeEnabled();
    await chooseOptions(page, { color: "Black" });
    await expect(sizes(page).getByRole("radio", { name: "M", exact: true })).toBeDisabled();
    await expect(sizes(page).getByRole("radio", { name: "XL", exact: true })).toBeEnabled();

    await chooseOptions(page, { size: "XL" });
    await expect(colors(page).getByRole("radio", { name: /^White/ })).toBeDisabled();
    await expect(colors(page).getByRole("radio", { name: /^White/ })).toHaveAccessibleName(/unavailable/);
  });

  test("an item with nothing in stock cannot be added", async ({ page }) => {
    await gotoHydrated(page, "/shop/golden-era-tee");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Golden Era Tee");
    await expect(details(page).getByText("Out of Stock", { exact: true })).toBeVisible();
    const sizeRadios = sizes(page).getByRole("radio");
    await expect(sizeRadios).toHaveCount(4);
    for (let i = 0; i < 4; i++) await expect(sizeRadios.nth(i)).toBeDisabled();
    await expect(details(page).getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  });

  test("an edition works like a size: the Deluxe vinyl costs more", async ({ page }) => {
    await gotoHydrated(page, "/shop/uptown-sessions-vinyl-collection");
    await expect(price(page)).toHaveText("$120.00");
    await expect(colors(page)).toHaveCount(0);
    await chooseOptions(page, { size: "Deluxe" });
    await expect(price(page)).toHaveText("$180.00");
    await expect(originalPrice(page)).toHaveCount(0);
    await expect(stockLabel(page)).toHaveText("12 in stock");
    await chooseOptions(page, { size: "Standard" });
    await expect(price(page)).toHaveText("$120.00");
    await expect(stockLabel(page)).toHaveText("40 in stock");
  });

  test("a cap only needs a colour", async ({ page }) => {
    await gotoHydrated(page, "/shop/el-barrio-logo-cap");
    await expect(sizes(page)).toHaveCount(0);
    await chooseOptions(page, { color: "Red" });
    await expect(stockLabel(page)).toHaveText("50 in stock");
    await expect(details(page).getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  });

  test("an unknown product is not found", async ({ page }) => {
    const response = await page.goto("/shop/no-such-product");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

test.describe("product page for search engines and link previews", () => {
  test("has a title, description, canonical address, Open Graph tags and Product data", async ({ page, baseURL }) => {
    const response = await page.goto(`/shop/${CLASSIC_TEE.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${CLASSIC_TEE.name} | East Harlem`);

    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toMatch(/^The tee that started it all/);
    expect(description!.length).toBeLessThanOrEqual(160);

    const canonical = page.locator('link[rel="canonical"]');
    await expect(canonical).toHaveCount(1);
    await expect(canonical).toHaveAttribute("href", `${baseURL}/shop/${CLASSIC_TEE.slug}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", CLASSIC_TEE.name);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/shop/${CLASSIC_TEE.slug}`);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(/^https?:\/\//);
    expect((await page.request.get(ogImage!)).status()).toBe(200);

    const scripts = page.locator('script[type="application/ld+json"]');
    await expect(scripts).toHaveCount(1);
    const data = JSON.parse((await scripts.textContent()) ?? "") as {
      "@context": string;
      "@type": string;
      name: string;
      offers: JsonLdOffer[];
    };
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe(CLASSIC_TEE.name);
    expect(data.offers).toHaveLength(8);
    for (const offer of data.offers) {
      expect(offer["@type"]).toBe("Offer");
      expect(offer.priceCurrency).toBe("USD");
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
    }
    const offer = (size: string, color: string) => data.offers.find((o) => o.name.includes(`${size} - ${color}`));
    expect(offer("S", "Black")).toMatchObject({ price: "55.00", availability: "https://schema.org/InStock" });
    expect(offer("S", "White")).toMatchObject({ price: "60.00", availability: "https://schema.org/InStock" });
    expect(offer("XL", "White")).toMatchObject({ availability: "https://schema.org/OutOfStock" });
  });

  test("an item with nothing in stock is marked OutOfStock in its Product data", async ({ page }) => {
    await page.goto("/shop/golden-era-tee");
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "") as { offers: JsonLdOffer[] };
    expect(data.offers.length).toBeGreaterThan(0);
    for (const offer of data.offers) expect(offer.availability).toBe("https://schema.org/OutOfStock");
  });

  test("the sitemap lists the products", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    for (const slug of [CLASSIC_TEE.slug, "east-harlem-hoodie", "el-barrio-logo-cap", "uptown-sessions-vinyl-collection"]) {
      expect(xml).toContain(`<loc>${baseURL}/shop/${slug}</loc>`);
    }
    // Each product once in English (and once more under /es, with the English page as its alternate).
    const productUrls = xml.split("<loc>").filter((entry) => entry.startsWith(`${baseURL}/shop/`));
    expect(productUrls).toHaveLength(36);
    expect(xml).toContain(`<loc>${baseURL}/es/shop/${CLASSIC_TEE.slug}</loc>`);
  });
});
