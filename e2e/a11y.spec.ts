import { expect, test, type Page } from "@playwright/test";
import {
  CLASSIC_TEE,
  cartButton,
  cartDialog,
  chooseOptions,
  expectNoAxeViolationsInBothThemes,
  gotoHydrated,
  horizontalOverflow,
  menuButton,
  openCart,
  openOptions,
} from "./helpers.ts";

const PAGES = ["/", "/about", "/history", "/music", "/culture", "/collections", "/shop", `/shop/${CLASSIC_TEE.slug}`, "/cart", "/checkout", "/login"];

/** Adds one Classic Tee (S, Black) from its product page. */
async function addOneTee(page: Page) {
  await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
  const main = page.getByRole("main");
  await chooseOptions(main, { size: "S", color: "Black" });
  await main.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
}

/** Waits until every image in the page has loaded or failed, so contrast is judged on the final page. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((img) => !img.complete && img.loading !== "lazy")
        .map((img) => new Promise((resolve) => ((img.onload = resolve), (img.onerror = resolve)))),
    );
  });
}

// Each test looks at its page in the light theme and then in the dark one.
test.describe("accessibility", () => {
  for (const path of PAGES) {
    test(`axe finds nothing on ${path}`, async ({ page }) => {
      await gotoHydrated(page, path);
      await settle(page);
      await expectNoAxeViolationsInBothThemes(page, path);
    });
  }

  test("axe finds nothing on the shop with a card's options open", async ({ page }) => {
    await gotoHydrated(page, "/shop");
    const card = page.getByTestId("product-card").first();
    await openOptions(card);
    await chooseOptions(card, { size: "S", color: "White" });
    await expect(card.getByTestId("price")).toHaveText("$60.00");
    await expectNoAxeViolationsInBothThemes(page, "/shop with options open");
  });

  test("axe finds nothing in the open cart panel with an item, nor on /cart", async ({ page }) => {
    await addOneTee(page);
    await gotoHydrated(page, "/");
    const panel = await openCart(page);
    await expect(panel.getByRole("list", { name: "Items in your cart" }).getByRole("listitem")).toHaveCount(1);
    await settle(page);
    await expectNoAxeViolationsInBothThemes(page, "cart panel");
    // Clear Cart's question, open in the panel.
    await panel.getByRole("button", { name: "Clear Cart" }).click();
    await expect(panel.getByRole("button", { name: "Keep my items" })).toBeFocused();
    await expectNoAxeViolationsInBothThemes(page, "cart panel asking to clear");

    await gotoHydrated(page, "/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Your cart (1)" })).toBeVisible();
    await settle(page);
    await expectNoAxeViolationsInBothThemes(page, "/cart with an item");
    // The question as a page, where Clear Cart leads without JavaScript.
    await gotoHydrated(page, "/cart?clear=confirm");
    await expect(page.getByRole("heading", { name: "Clear your cart?" })).toBeVisible();
    await settle(page);
    await expectNoAxeViolationsInBothThemes(page, "/cart asking to clear");
  });
});

/** The other public pages, and the Spanish store, looked at for overflow (axe has its own journeys for them). */
const MORE_PAGES = [
  "/shop?category=music",
  "/shop/cypher-circle-crewneck",
  "/shop/founders-2024-varsity-jacket",
  "/newsletter",
  "/culture/from-cyphers-to-stages",
  "/events/rooftop-frequencies-live-session",
  "/collections/spring-2024-urban-renaissance",
  "/collections/spring-2024-urban-renaissance/lookbook",
  "/es",
  "/es/shop",
  `/es/shop/${CLASSIC_TEE.slug}`,
  "/es/cart",
  "/es/checkout",
  "/no-such-page",
];

test.describe("every screen size", () => {
  for (const width of [360, 320, 1440]) {
    test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 720 });
      await addOneTee(page);
      for (const path of [...PAGES, ...MORE_PAGES]) {
        await page.goto(path);
        await settle(page);
        const overflow = await horizontalOverflow(page);
        expect(overflow.scrollWidth, `${path} at ${width}px is ${overflow.scrollWidth}px wide: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
      }
      // The open menu (below 1024 px) and the open cart panel fit too.
      await gotoHydrated(page, "/");
      if (width >= 1024) {
        await openCart(page);
        const wide = await horizontalOverflow(page);
        expect(wide.scrollWidth, `open cart at ${width}px: ${wide.culprits.join(", ")}`).toBeLessThanOrEqual(wide.innerWidth);
        return;
      }
      await menuButton(page).click();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      let overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth, `open menu at ${width}px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
      await menuButton(page).click();
      await openCart(page);
      overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth, `open cart at ${width}px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
    });
  }
});

test.describe("keyboard", () => {
  test("Tab reaches the cart button, Enter opens the panel, Escape closes it and focus goes back", async ({ page }) => {
    await gotoHydrated(page, "/");
    const button = cartButton(page);
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await button.evaluate((el) => el === document.activeElement);
    }
    expect(reached, "Tab never reached the cart button").toBe(true);
    await expect(button).toBeFocused();

    await page.keyboard.press("Enter");
    const panel = cartDialog(page);
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute("aria-modal", "true");
    // Focus moves into the dialog, and Tab keeps it there.
    await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expect(page).toHaveURL(/\/$/);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();

    // The close button works from the keyboard too.
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await panel.getByRole("button", { name: "Close cart" }).focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("the skip link jumps to the content", async ({ page }) => {
    await gotoHydrated(page, "/shop");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});
