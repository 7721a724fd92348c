import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  CLASSIC_TEE,
  cartBadge,
  cartButton,
  cartDialog,
  chooseOptions,
  gotoHydrated,
  openCart,
  openOptions,
  productCard,
} from "./helpers.ts";

const rows = (scope: Locator) => scope.getByRole("list", { name: "Items in your cart" }).getByRole("listitem");
const row = (scope: Locator, options: string) => rows(scope).filter({ hasText: options });

/** The message under the Add to Cart button of a card or product page. */
const addStatus = (scope: Locator) =>
  scope.locator("form").filter({ has: scope.page().getByRole("button", { name: /^(Add to Cart|Adding\.\.\.)$/ }) }).getByRole("status");

/** From the shop: opens the Classic Tee's card, picks options and quantity, and adds it. */
async function addClassicTee(page: Page, options: { size: string; color: string; quantity?: number }): Promise<Locator> {
  const card = productCard(page, CLASSIC_TEE.name);
  await openOptions(card);
  await chooseOptions(card, options);
  const quantity = card.getByRole("spinbutton", { name: "Quantity" });
  await quantity.fill(String(options.quantity ?? 1));
  await expect(quantity).toHaveValue(String(options.quantity ?? 1));
  await card.getByRole("button", { name: "Add to Cart" }).click();
  await expect(card.getByRole("button", { name: "Add to Cart" })).toBeVisible();
  await expect(addStatus(card)).toContainText("Added to cart");
  return card;
}

test.describe("cart", () => {
  test("adding from a card shows in the badge and the panel, and survives a reload", async ({ page }) => {
    await gotoHydrated(page, "/shop");
    await expect(cartBadge(page)).toHaveCount(0);
    await expect(cartButton(page)).toHaveAttribute("aria-label", "Cart, 0 items");

    const card = productCard(page, CLASSIC_TEE.name);
    await openOptions(card);
    const stock = card.getByTestId("stock-label");
    const add = card.getByRole("button", { name: "Add to Cart" });
    await expect(stock).toHaveText("Select size and color to check availability");
    await expect(add).toBeDisabled();
    await chooseOptions(card, { size: "S", color: "Black" });
    await expect(stock).toHaveText("35 in stock");
    await expect(add).toBeEnabled();

    // Quantity 2 with the stepper.
    const quantity = card.getByRole("spinbutton", { name: "Quantity" });
    await expect(card.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    await card.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("2");

    // The add is held until "Adding..." has been seen: on a fast machine it would otherwise be gone first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const cartAction = /\/cart\.data/;
    await page.route(cartAction, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await add.click();
    await expect(card.getByRole("button", { name: "Adding..." })).toBeDisabled();
    release();
    await expect(cartBadge(page)).toHaveText("2");
    await expect(cartButton(page)).toHaveAttribute("aria-label", "Cart, 2 items");
    await expect(addStatus(card)).toContainText("Added to cart");
    await expect(card.getByRole("button", { name: "Add to Cart" })).toBeEnabled();

    // "View cart" opens the panel.
    await card.getByRole("button", { name: "View cart" }).click();
    const panel = cartDialog(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("heading", { name: "Shopping Cart (2)" })).toBeVisible();
    await expect(rows(panel)).toHaveCount(1);
    const line = rows(panel).first();
    await expect(line.getByRole("link", { name: CLASSIC_TEE.name })).toBeVisible();
    await expect(line).toContainText("Apparel");
    await expect(line).toContainText("S / Black");
    await expect(line.getByTestId("line-total")).toHaveText("$110.00");
    await expect(line).toContainText("$55.00 each");
    await expect(panel.getByTestId("cart-total")).toHaveText("$110.00");
    await expect(panel.getByRole("link", { name: "Proceed to Checkout" })).toHaveAttribute("href", "/checkout");

    // Escape closes it; the cart is still there after a reload.
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await page.reload();
    await expect(cartBadge(page)).toHaveText("2");
    await gotoHydrated(page, "/about");
    await expect(cartBadge(page)).toHaveText("2");
    const again = await openCart(page);
    await expect(rows(again)).toHaveCount(1);
    await expect(again.getByTestId("cart-total")).toHaveText("$110.00");
    // The backdrop closes it too.
    await page.getByTestId("cart-backdrop").click({ position: { x: 10, y: 10 } });
    await expect(again).toBeHidden();
  });

  test("the same variant again raises its quantity; another colour is another line", async ({ page }) => {
    await gotoHydrated(page, "/shop");
    await addClassicTee(page, { size: "M", color: "White" });
    await expect(cartBadge(page)).toHaveText("1");
    await addClassicTee(page, { size: "M", color: "White" });
    await expect(cartBadge(page)).toHaveText("2");

    let panel = await openCart(page);
    await expect(rows(panel)).toHaveCount(1);
    await expect(row(panel, "M / White").getByRole("status", { name: "Quantity" })).toHaveText("2");
    await expect(row(panel, "M / White").getByTestId("line-total")).toHaveText("$120.00");
    await expect(row(panel, "M / White")).toContainText("$60.00 each");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    await addClassicTee(page, { size: "M", color: "White" });
    await addClassicTee(page, { size: "S", color: "Black" });
    await expect(cartBadge(page)).toHaveText("4");
    panel = await openCart(page);
    await expect(panel.getByRole("heading", { name: "Shopping Cart (4)" })).toBeVisible();
    await expect(rows(panel)).toHaveCount(2);
    await expect(row(panel, "M / White").getByTestId("line-total")).toHaveText("$180.00");
    await expect(row(panel, "S / Black").getByTestId("line-total")).toHaveText("$55.00");
    await expect(row(panel, "S / Black")).not.toContainText("each");
    await expect(panel.getByTestId("cart-total")).toHaveText("$235.00");
  });

  test("the stepper changes the quantity and the total; Remove and Clear Cart empty it", async ({ page }) => {
    await gotoHydrated(page, "/shop");
    await addClassicTee(page, { size: "S", color: "Black" });
    await addClassicTee(page, { size: "S", color: "White" });
    await expect(cartBadge(page)).toHaveText("2");

    const panel = await openCart(page);
    const black = row(panel, "S / Black");
    const white = row(panel, "S / White");
    await expect(panel.getByTestId("cart-total")).toHaveText("$115.00");
    await expect(black.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();

    await black.getByRole("button", { name: "Increase quantity" }).click();
    await expect(black.getByRole("status", { name: "Quantity" })).toHaveText("2");
    await expect(black.getByTestId("line-total")).toHaveText("$110.00");
    await expect(black).toContainText("$55.00 each");
    await expect(panel.getByTestId("cart-total")).toHaveText("$170.00");
    await expect(panel.getByRole("heading", { name: "Shopping Cart (3)" })).toBeVisible();
    await expect(cartBadge(page)).toHaveText("3");
    await expect(black.getByRole("button", { name: "Decrease quantity" })).toBeEnabled();

    await black.getByRole("button", { name: "Increase quantity" }).click();
    await expect(black.getByRole("status", { name: "Quantity" })).toHaveText("3");
    await expect(panel.getByTestId("cart-total")).toHaveText("$225.00");

    await black.getByRole("button", { name: "Decrease quantity" }).click();
    await expect(black.getByRole("status", { name: "Quantity" })).toHaveText("2");
    await black.getByRole("button", { name: "Decrease quantity" }).click();
    await expect(black.getByRole("status", { name: "Quantity" })).toHaveText("1");
    await expect(black.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    await expect(panel.getByTestId("cart-total")).toHaveText("$115.00");

    // Remove one line: the other stays.
    await panel.getByRole("button", { name: `Remove ${CLASSIC_TEE.name} (S / Black)` }).click();
    await expect(rows(panel)).toHaveCount(1);
    await expect(white).toBeVisible();
    await expect(panel.getByTestId("cart-total")).toHaveText("$60.00");
    await expect(cartBadge(page)).toHaveText("1");

    // Clear Cart asks first: "Keep my items" keeps them (focus back on Clear Cart), Escape too; "Yes, clear cart" empties it.
    await panel.getByRole("button", { name: "Clear Cart" }).click();
    const question = panel.getByRole("group", { name: "Remove the 1 item from your cart?" });
    await expect(question.getByRole("button", { name: "Keep my items" })).toBeFocused();
    await question.getByRole("button", { name: "Keep my items" }).click();
    await expect(panel.getByRole("button", { name: "Clear Cart" })).toBeFocused();
    await expect(rows(panel)).toHaveCount(1);
    await panel.getByRole("button", { name: "Clear Cart" }).click();
    await page.keyboard.press("Escape");
    await expect(rows(panel)).toHaveCount(1);
    await expect(cartBadge(page)).toHaveText("1");
    await panel.getByRole("button", { name: "Clear Cart" }).click();
    await question.getByRole("button", { name: "Yes, clear cart" }).click();
    await expect(panel.getByText("Your cart is empty")).toBeVisible();
    await expect(panel.getByText("Add some items to get started!")).toBeVisible();
    await expect(panel.getByRole("heading", { name: "Shopping Cart (0)" })).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
    await expect(cartButton(page)).toHaveAttribute("aria-label", "Cart, 0 items");

    await page.reload();
    await expect(cartBadge(page)).toHaveCount(0);
  });

  test("asking for more than is in stock is refused with a clear message and changes nothing", async ({ page }) => {
    // The Classic Tee in White, size L: 4 in stock.
    await gotoHydrated(page, "/shop");
    const card = productCard(page, CLASSIC_TEE.name);
    await openOptions(card);
    await chooseOptions(card, { size: "L", color: "White" });
    await expect(card.getByTestId("stock-label")).toHaveText("4 in stock");
    const quantity = card.getByRole("spinbutton", { name: "Quantity" });
    // The quantity stops at the stock.
    await quantity.fill("9");
    await expect(quantity).toHaveValue("4");
    await expect(card.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
    await card.getByRole("button", { name: "Decrease quantity" }).click();
    await expect(quantity).toHaveValue("3");

    await card.getByRole("button", { name: "Add to Cart" }).click();
    await expect(cartBadge(page)).toHaveText("3");

    // Three more would be six: only four exist.
    await card.getByRole("button", { name: "Add to Cart" }).click();
    const status = addStatus(card);
    await expect(status).toContainText("Only 4 of Harlem Classic Tee (L, White) available, and your cart already has 3.");
    await expect(status).not.toContainText("Added to cart");
    await expect(cartBadge(page)).toHaveText("3");

    const panel = await openCart(page);
    await expect(rows(panel)).toHaveCount(1);
    await expect(row(panel, "L / White").getByRole("status", { name: "Quantity" })).toHaveText("3");
    await expect(panel.getByTestId("cart-total")).toHaveText("$180.00");
    // In the panel, + stops at the stock too.
    await row(panel, "L / White").getByRole("button", { name: "Increase quantity" }).click();
    await expect(row(panel, "L / White").getByRole("status", { name: "Quantity" })).toHaveText("4");
    await expect(row(panel, "L / White").getByRole("button", { name: "Increase quantity" })).toBeDisabled();
    await expect(panel.getByTestId("cart-total")).toHaveText("$240.00");
  });

  test("every browser has its own cart", async ({ page, browser, baseURL }) => {
    await gotoHydrated(page, "/shop");
    await addClassicTee(page, { size: "XL", color: "Black" });
    await expect(cartBadge(page)).toHaveText("1");

    const other = await browser.newContext({ baseURL });
    try {
      const stranger = await other.newPage();
      await gotoHydrated(stranger, "/shop");
      await expect(cartButton(stranger)).toHaveAttribute("aria-label", "Cart, 0 items");
      await expect(cartBadge(stranger)).toHaveCount(0);
      const panel = await openCart(stranger);
      await expect(panel.getByText("Your cart is empty")).toBeVisible();
    } finally {
      await other.close();
    }
    // And ours is untouched.
    await page.reload();
    await expect(cartBadge(page)).toHaveText("1");
  });

  test("the cart page lists the same contents", async ({ page }) => {
    await gotoHydrated(page, "/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Your cart (0)" })).toBeVisible();
    await expect(page.getByRole("main").getByText("Your cart is empty")).toBeVisible();
    await gotoHydrated(page, "/shop");
    await addClassicTee(page, { size: "S", color: "Black", quantity: 2 });
    await gotoHydrated(page, "/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Your cart (2)" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(rows(main)).toHaveCount(1);
    await expect(row(main, "S / Black").getByTestId("line-total")).toHaveText("$110.00");
    await expect(main.getByTestId("cart-total")).toHaveText("$110.00");
  });
});

test.describe("cart without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("choosing options and adding reloads the page with the new count; the cart page lists it", async ({ page }) => {
    await page.goto("/shop");
    await expect(cartButton(page)).toHaveAttribute("href", "/cart");
    // Without JavaScript a card's options live on the product page.
    await productCard(page, CLASSIC_TEE.name).getByRole("link", { name: "Choose options" }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${CLASSIC_TEE.slug}$`));
    const main = page.getByRole("main");
    await chooseOptions(main, { size: "M", color: "White" });
    await main.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await main.getByRole("button", { name: "Add to Cart" }).click();

    await expect(page).toHaveURL(new RegExp(`/shop/${CLASSIC_TEE.slug}$`));
    await expect(cartBadge(page)).toHaveText("2");
    await expect(cartButton(page)).toHaveAttribute("aria-label", "Cart, 2 items");

    // Another colour: another line.
    await chooseOptions(main, { size: "S", color: "Black" });
    await main.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/${CLASSIC_TEE.slug}$`));
    await expect(cartBadge(page)).toHaveText("3");

    await cartButton(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your cart (3)" })).toBeVisible();
    await expect(rows(main)).toHaveCount(2);
    await expect(row(main, "M / White").getByTestId("line-total")).toHaveText("$120.00");
    await expect(row(main, "M / White")).toContainText("$60.00 each");
    await expect(row(main, "S / Black").getByTestId("line-total")).toHaveText("$55.00");
    await expect(main.getByTestId("cart-total")).toHaveText("$175.00");

    // The stepper and Remove work as plain forms too.
    await row(main, "S / Black").getByRole("button", { name: "Increase quantity" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(main.getByTestId("cart-total")).toHaveText("$230.00");
    await main.getByRole("button", { name: `Remove ${CLASSIC_TEE.name} (M / White)` }).click();
    await expect(rows(main)).toHaveCount(1);
    await expect(main.getByTestId("cart-total")).toHaveText("$110.00");
    // Clear Cart without JavaScript: the question as a page; nothing goes until "Yes, clear cart".
    await main.getByRole("button", { name: "Clear Cart" }).click();
    await expect(page).toHaveURL(/\/cart\?clear=confirm$/);
    await expect(main.getByRole("heading", { name: "Clear your cart?" })).toBeVisible();
    await main.getByRole("link", { name: "Keep my items" }).click();
    await expect(main.getByTestId("cart-total")).toHaveText("$110.00");
    await main.getByRole("button", { name: "Clear Cart" }).click();
    await main.getByRole("button", { name: "Yes, clear cart" }).click();
    await expect(main.getByText("Your cart is empty")).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
  });

  test("adding without choosing a size says what is missing", async ({ page }) => {
    await page.goto(`/shop/${CLASSIC_TEE.slug}`);
    const main = page.getByRole("main");
    await chooseOptions(main, { color: "Black" });
    await main.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByRole("alert")).toContainText("Please choose a size.");
    await expect(cartBadge(page)).toHaveCount(0);
  });
});
