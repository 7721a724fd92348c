import { expect, test } from "@playwright/test";
import { cartButton, expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow, menuButton } from "./helpers.ts";

// The store in English and Spanish: the header's switcher, the address that keeps the language, and what
// search engines are told. Each page area has its own Spanish journey (e2e/i18n-*.spec.ts).

/** A person's browser: headless Chromium names itself as such, and the store leaves robots' addresses alone. */
const PERSONS_BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

test.describe("English and Spanish", () => {
  test.use({ userAgent: PERSONS_BROWSER });

  test("the header's switcher opens the same page in Spanish, links stay Spanish, and the choice is kept", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/shop?category=music");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const banner = page.getByRole("banner");
    await banner.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/es\/shop\?category=music$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(banner.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Cultura" })).toBeVisible();
    await expect(cartButton(page)).toHaveAttribute("aria-label", "Carrito, 0 artículos");
    // Search engines are told about both addresses.
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/shop\?category=music$/);
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute("href", /\/es\/shop\?category=music$/);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", /\/shop\?category=music$/);

    // A link followed in the page keeps the language (no reload needed).
    await banner.getByRole("link", { name: "Música" }).click();
    await expect(page).toHaveURL(/\/es\/music$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    // The choice is kept: the English address of a page now opens in Spanish.
    await page.goto("/about");
    await expect(page).toHaveURL(/\/es\/about$/);

    // And back to English.
    await gotoHydrated(page, "/es/about");
    await banner.getByRole("button", { name: "English" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(banner.getByRole("link", { name: "Culture" })).toBeVisible();
  });

  test("a browser set to Spanish lands on the Spanish store", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-US", userAgent: PERSONS_BROWSER });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("link", { name: "Saltar al contenido" })).toBeAttached();
    await context.close();
  });

  test("the Spanish header fits a 320 px phone, its menu offers English, and axe finds nothing in either theme", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await gotoHydrated(page, "/es");
    expect((await horizontalOverflow(page)).culprits).toEqual([]);
    const menu = page.getByRole("banner").locator("summary", { hasText: /^Menú$/ });
    await menu.click();
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("link", { name: "Tienda", exact: true })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "English" })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, "the Spanish header at 320px", "header");
    // The English menu is named as before.
    await gotoHydrated(page, "/");
    await expect(menuButton(page)).toBeVisible();
  });
});
