import { expect, test, type Page } from "@playwright/test";
import { CLASSIC_TEE, cartBadge, chooseOptions, expectNoAxeViolations, gotoHydrated, horizontalOverflow, productCard } from "./helpers.ts";
import { accountMenuButton, registerShopper } from "./shopper.ts";

const addHeart = (name: string) => `Add ${name} to wishlist`;
const removeHeart = (name: string) => `Remove ${name} from wishlist`;

async function expectNoSidewaysScroll(page: Page, label: string) {
  await page.setViewportSize({ width: 320, height: 720 });
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, `${label} at 320 px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("wishlist", () => {
  test("a guest who taps the heart is asked to log in, on a card and on the product page", async ({ page }) => {
    await gotoHydrated(page, "/shop");
    const card = productCard(page, CLASSIC_TEE.name);
    await card.getByRole("button", { name: addHeart(CLASSIC_TEE.name) }).click();
    await expect(card.getByText("Please log in to add items to your wishlist")).toBeVisible();
    // Nothing was saved: the heart still offers to add.
    await expect(card.getByRole("button", { name: addHeart(CLASSIC_TEE.name) })).toBeVisible();

    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    await page.getByRole("main").getByRole("button", { name: addHeart(CLASSIC_TEE.name) }).click();
    await expect(page.getByRole("main").getByText("Please log in to add items to your wishlist")).toBeVisible();
  });

  test("heart from the shop, see it in My Favorites, share the list, then make it private again", async ({ page, browser }, testInfo) => {
    const { email } = await registerShopper(page, testInfo, "wishlist");
    await gotoHydrated(page, "/shop");
    const card = productCard(page, CLASSIC_TEE.name);
    await card.getByRole("button", { name: addHeart(CLASSIC_TEE.name) }).click();
    await expect(card.getByRole("button", { name: removeHeart(CLASSIC_TEE.name) })).toBeVisible();
    await expect(card.getByRole("status")).toHaveText("Saved to your wishlist");

    // The saved state comes from the server on every load.
    await page.reload();
    await expect(productCard(page, CLASSIC_TEE.name).getByRole("button", { name: removeHeart(CLASSIC_TEE.name) })).toBeVisible();
    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    await expect(page.getByRole("main").getByRole("button", { name: removeHeart(CLASSIC_TEE.name) })).toBeVisible();

    // The user menu leads to the wishlist.
    await accountMenuButton(page).click();
    await page.getByRole("banner").getByRole("link", { name: "Wishlist" }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole("heading", { level: 2, name: "My Favorites" })).toBeVisible();
    const items = page.getByRole("list", { name: "Items in My Favorites" }).getByTestId("wishlist-item");
    await expect(items).toHaveCount(1);
    const item = items.first();
    await expect(item.getByRole("link", { name: CLASSIC_TEE.name, exact: true })).toBeVisible();
    await expect(item).toContainText("Any size and color");
    await expect(item.getByTestId("item-price")).toHaveText("From $55.00");
    await expect(item.getByTestId("item-availability")).toHaveText(/\d+ in stock/);
    await expect(item).toContainText("Medium priority");
    await expectNoAxeViolations(page, "/wishlist");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page, "/wishlist (dark)");
    await page.emulateMedia({ colorScheme: "light" });
    await expectNoSidewaysScroll(page, "/wishlist");

    // Share it: a link anyone can open.
    await page.getByRole("button", { name: "Make Public" }).click();
    await expect(page.getByText("This list is public: anyone with the link can see it.")).toBeVisible();
    const shareLink = page.getByTestId("share-link");
    const url = (await shareLink.getAttribute("href"))!;
    expect(url).toMatch(/\/wishlist\/[A-Z0-9]{6}$/);

    const stranger = await browser.newContext();
    try {
      const other = await stranger.newPage();
      await gotoHydrated(other, url);
      await expect(other.getByRole("heading", { level: 1, name: "My Favorites" })).toBeVisible();
      await expect(other.getByTestId("shared-item")).toHaveCount(1);
      await expect(other.getByTestId("shared-item").getByRole("link", { name: CLASSIC_TEE.name, exact: true })).toBeVisible();
      await expect(other.getByRole("main")).not.toContainText(email);
      await expect(other.getByRole("banner").getByRole("link", { name: "Sign in", exact: true })).toBeVisible(); // signed out
      await expectNoAxeViolations(other, "a shared wishlist");
      await expectNoSidewaysScroll(other, "a shared wishlist");

      // Private again: the link stops working.
      await page.getByRole("button", { name: "Make Private" }).click();
      await expect(page.getByText("This list is private: the old link no longer works.")).toBeVisible();
      const res = await other.goto(url);
      expect(res?.status()).toBe(404);
      await expect(other.getByRole("heading", { level: 1, name: "Wishlist not found" })).toBeVisible();
    } finally {
      await stranger.close();
    }
  });

  test("a size and colour chosen on the product page are saved; priority, notes and move to cart on /wishlist", async ({ page }, testInfo) => {
    await registerShopper(page, testInfo, "wishlist-variant");
    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    const main = page.getByRole("main");
    await chooseOptions(main, { size: "S", color: "Black" });
    await main.getByRole("button", { name: `Add ${CLASSIC_TEE.name} (S, Black) to wishlist` }).click();
    await expect(main.getByRole("button", { name: removeHeart(CLASSIC_TEE.name) })).toBeVisible();

    await gotoHydrated(page, "/wishlist");
    const item = page.getByTestId("wishlist-item").first();
    await expect(item).toContainText("S / Black");
    await expect(item.getByTestId("item-price")).toHaveText("$55.00");

    await item.getByText("Priority and notes", { exact: true }).click();
    await item.getByLabel("Priority").selectOption("high");
    await item.getByLabel("Notes").fill("For the block party");
    await item.getByRole("button", { name: /^Save/ }).click();
    await expect(item.getByText("Item updated")).toBeVisible();
    await expect(item).toContainText("High priority");
    await expect(item).toContainText("For the block party");

    await item.getByRole("button", { name: /^Move to Cart/ }).click();
    await expect(page.getByText("Moved to cart")).toBeVisible();
    await expect(cartBadge(page)).toHaveText("1");
    await expect(page.getByText("This list is empty.")).toBeVisible();
  });

  test("the heart works without JavaScript: the form posts, comes back, and shows the state", async ({ browser, page }, testInfo) => {
    await registerShopper(page, testInfo, "wishlist-nojs");
    const signedIn = await page.context().storageState();
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: signedIn });
    try {
      const plain = await context.newPage();
      await plain.goto("/shop");
      const card = productCard(plain, CLASSIC_TEE.name);
      await card.getByRole("button", { name: addHeart(CLASSIC_TEE.name) }).click();
      await expect(plain).toHaveURL(/\/shop$/);
      await expect(productCard(plain, CLASSIC_TEE.name).getByRole("button", { name: removeHeart(CLASSIC_TEE.name) })).toBeVisible();

      await plain.goto("/wishlist");
      await expect(plain.getByTestId("wishlist-item")).toHaveCount(1);

      await plain.goto(`/shop/${CLASSIC_TEE.slug}`);
      await plain.getByRole("main").getByRole("button", { name: removeHeart(CLASSIC_TEE.name) }).click();
      await expect(plain).toHaveURL(new RegExp(`/shop/${CLASSIC_TEE.slug}$`));
      await expect(plain.getByRole("main").getByRole("button", { name: addHeart(CLASSIC_TEE.name) })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
