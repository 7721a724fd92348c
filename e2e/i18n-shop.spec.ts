import { expect, test, type Page } from "@playwright/test";
import { CLASSIC_TEE, expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow, productCard } from "./helpers.ts";
import { seedCollectionsEs, seedLooksEs } from "../db/seed/collections-es.ts";

// The shop, a product, the collections and a lookbook in Spanish, under /es.

const SPRING = { slug: "spring-2024-urban-renaissance", name: "Spring 2024: Urban Renaissance" } as const;

/** The page is in Spanish, every link into the store stays under /es, and nothing scrolls sideways at 320 px. */
async function expectSpanishPage(page: Page, label: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const hrefs = await page
    .getByRole("main")
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length, `${label}: links`).toBeGreaterThan(0);
  // Files (pictures, art) have one address in both languages.
  expect(hrefs.filter((href) => !/^\/es(\/|$|\?|#)/.test(href) && !/^\/(art|images|media|uploads)\//.test(href)), label).toEqual([]);
  await expectNoAxeViolationsInBothThemes(page, label);
  await page.setViewportSize({ width: 320, height: 720 });
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, `${label} at 320 px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("the shop in Spanish: categories, sorting, search and its empty answer", async ({ page }) => {
  await gotoHydrated(page, "/es/shop");
  await expect(page).toHaveTitle("Tienda | East Harlem");
  await expect(page.getByRole("heading", { level: 1, name: "Tienda" })).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText(/^Mostrando 1–12 de \d+ productos$/);
  const categories = page.getByRole("navigation", { name: "Categorías" });
  await expect(categories.getByRole("link", { name: "Todo" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Ordenar por")).toContainText("Precio: de menor a mayor");
  await expect(productCard(page, CLASSIC_TEE.name).getByText("Ropa")).toBeVisible();
  await expectSpanishPage(page, "the shop in Spanish");

  await categories.getByRole("link", { name: "Música" }).click();
  await expect(page).toHaveURL(/\/es\/shop\?category=music$/);
  await expect(categories.getByRole("link", { name: "Música" })).toHaveAttribute("aria-current", "page");

  const search = page.getByRole("search");
  await search.getByLabel("Buscar").fill("qwxzv plutonium");
  await search.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/\/es\/shop\?.*q=qwxzv/);
  await expect(page.getByTestId("result-count")).toHaveText("No encontramos productos.");
  await expect(page.getByText("Nada coincide")).toBeVisible();
  await page.getByRole("link", { name: "Ver todos los productos" }).click();
  await expect(page).toHaveURL(/\/es\/shop$/);
});

test("a product in Spanish: options, stock, reviews, its Spanish address for search engines, and the heart's answer to a guest", async ({ page, baseURL }) => {
  await gotoHydrated(page, `/es/shop/${CLASSIC_TEE.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: CLASSIC_TEE.name })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Ruta de navegación" }).getByRole("link", { name: "Tienda" })).toHaveAttribute("href", "/es/shop");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/es/shop/${CLASSIC_TEE.slug}`);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_US");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/es/shop/${CLASSIC_TEE.slug}`);

  const main = page.getByRole("main");
  const stock = main.getByTestId("stock-label");
  await expect(stock).toHaveText("Elige talla y color para ver la disponibilidad");
  await expect(main.getByRole("button", { name: "Agregar al carrito" })).toBeDisabled();
  await main.getByRole("group", { name: "Elige talla" }).locator("label").filter({ hasText: /^M$/ }).click();
  await main.getByRole("group", { name: /^Elige color/ }).locator("label").filter({ has: page.getByRole("radio", { name: "Blanco", exact: true }) }).click();
  await expect(stock).toHaveText(/^\d+ disponibles?$/);
  await expect(main.getByRole("button", { name: "Agregar al carrito" })).toBeEnabled();
  // Tags read in Spanish; their search keeps the stored tag.
  await expect(main.getByRole("list", { name: "Etiquetas" }).getByRole("link", { name: "algodón", exact: true })).toHaveAttribute("href", "/es/shop?q=cotton");
  await expect(main.getByRole("heading", { level: 2, name: "Reseñas" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Inicia sesión para escribir una reseña" })).toHaveAttribute("href", /^\/es\/login\?/);
  await expectSpanishPage(page, "a product in Spanish");

  // A guest's heart is refused, in Spanish.
  await main.getByRole("button", { name: `Guardar ${CLASSIC_TEE.name} (M, Blanco) en tu lista de deseos` }).click();
  await expect(main.getByText("Inicia sesión para agregar artículos a tu lista de deseos")).toBeVisible();

  // A review posted without an account (a plain form) is answered on a Spanish page, in Spanish.
  const refused = await page.request.post(`/es/shop/${CLASSIC_TEE.slug}/reviews`, {
    form: { intent: "create", rating: "5" },
    headers: { Origin: baseURL! },
  });
  expect(refused.status()).toBe(401);
  const html = await refused.text();
  expect(html).toContain("Inicia sesión para escribir una reseña.");
  expect(html).toContain('<html lang="es"');
});

test("the collections, a collection and its lookbook in Spanish", async ({ page, baseURL }) => {
  await gotoHydrated(page, "/es/collections");
  await expect(page).toHaveTitle("Colecciones | East Harlem");
  await expect(page.getByRole("heading", { level: 1, name: "Colecciones" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Detrás del diseño" })).toBeVisible();
  await expect(page.getByTestId("collection-count").first()).toHaveText(/^\d+ piezas?$/);
  // The collections' own texts are Spanish too; their names are the brand's.
  const featured = page.getByRole("region", { name: SPRING.name });
  await expect(featured.getByText("Primavera 2024", { exact: true })).toBeVisible();
  await expect(featured.getByText(seedCollectionsEs[SPRING.slug]!.description)).toBeVisible();
  await expect(page.getByText(seedCollectionsEs["street-essentials"]!.description)).toBeVisible();
  await expectSpanishPage(page, "the collections in Spanish");

  await gotoHydrated(page, `/es/collections/${SPRING.slug}`);
  await expect(page.getByRole("heading", { level: 2, name: "Las piezas" })).toBeVisible();
  await expect(page.getByRole("main").getByText(seedCollectionsEs[SPRING.slug]!.description)).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", seedCollectionsEs[SPRING.slug]!.description);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/es/collections/${SPRING.slug}`);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "es_US");
  await expectSpanishPage(page, "a collection in Spanish");

  await page.getByRole("link", { name: /^Ver el lookbook/ }).click();
  await expect(page).toHaveURL(`/es/collections/${SPRING.slug}/lookbook`);
  await expect(page.getByRole("heading", { level: 1, name: `Lookbook de ${SPRING.name}` })).toBeVisible();
  await expect(page.getByText(/^Look 1 de \d+$/)).toBeVisible();
  const mural = seedLooksEs["Mural Walk"]!;
  const look = page.getByRole("region", { name: mural.title });
  await expect(look.getByRole("heading", { level: 2, name: mural.title })).toBeVisible();
  await expect(look.getByText(mural.caption)).toBeVisible();
  await expect(look.getByRole("img", { name: mural.imageAlt })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/es/collections/${SPRING.slug}/lookbook`);
  await expectSpanishPage(page, "a lookbook in Spanish");
});
