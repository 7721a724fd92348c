import { expect, test, type Locator, type Page } from "@playwright/test";
import { CLASSIC_TEE, cartButton, expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow, menuButton, openOptions, productCard } from "./helpers.ts";
import { accountMenuButton, registerShopper } from "./shopper.ts";

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  expect(b, "the element has a box on the page").not.toBeNull();
  return b!;
}

/**
 * The header's items (logo, account, cart, menu) lie on one row: every item's vertical span overlaps
 * every other's, none overlaps its neighbour, and all fit in the window.
 */
async function expectHeaderOnOneRow(page: Page, account: Locator, label: string) {
  const banner = page.getByRole("banner");
  const items = {
    logo: banner.getByRole("link", { name: "East Harlem, home" }),
    account,
    cart: cartButton(page),
    menu: menuButton(page),
  };
  const boxes = await Promise.all(Object.entries(items).map(async ([name, l]) => ({ name, ...(await box(l)) })));
  const lowestTop = Math.max(...boxes.map((b) => b.y));
  const highestBottom = Math.min(...boxes.map((b) => b.y + b.height));
  expect(lowestTop, `${label}: ${JSON.stringify(boxes)}`).toBeLessThan(highestBottom);
  // The logo's two words stay on one line: it is less than two lines of its type high.
  const fontSize = await items.logo.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(boxes[0]!.height, `${label}: the logo wraps`).toBeLessThan(fontSize * 1.8);
  const byX = [...boxes].sort((a, b) => a.x - b.x);
  expect(byX.map((b) => b.name), label).toEqual(["logo", "account", "cart", "menu"]);
  for (let i = 1; i < byX.length; i++) expect(byX[i]!.x, `${label}: ${byX[i]!.name} overlaps ${byX[i - 1]!.name}`).toBeGreaterThanOrEqual(byX[i - 1]!.x + byX[i - 1]!.width);
  expect(byX.at(-1)!.x + byX.at(-1)!.width, `${label}: the menu is cut off`).toBeLessThanOrEqual(page.viewportSize()!.width);
  // One row of 44 px targets and the padding around it.
  expect((await box(banner)).height, `${label}: the header is taller than one row`).toBeLessThanOrEqual(64);
}

/**
 * Every control the shopper presses in `scope` (buttons, the disclosure, size and colour choices, the quantity
 * field) is at least 24 x 24 px (WCAG 2.2 target size) and inside `within`.
 */
async function expectUsableTargets(scope: Locator, within: Box, label: string) {
  const targets = scope.locator("button:visible, summary:visible, label:has(input[type=radio]):visible, input[type=number]:visible");
  const count = await targets.count();
  expect(count, label).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const b = await box(targets.nth(i));
    const name = (await targets.nth(i).textContent())?.trim() || (await targets.nth(i).getAttribute("aria-label")) || `target ${i}`;
    expect(Math.round(b.width), `${label}: "${name}" is ${b.width} px wide`).toBeGreaterThanOrEqual(24);
    expect(Math.round(b.height), `${label}: "${name}" is ${b.height} px high`).toBeGreaterThanOrEqual(24);
    expect(b.x, `${label}: "${name}" sticks out on the left`).toBeGreaterThanOrEqual(within.x - 0.5);
    expect(b.x + b.width, `${label}: "${name}" sticks out on the right`).toBeLessThanOrEqual(within.x + within.width + 0.5);
  }
}

test.describe("layout on phones", () => {
  for (const width of [320, 360]) {
    test(`the shop shows two product columns at ${width} px, and a card is usable at that size`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, "/shop");
      const cards = page.getByTestId("product-card");
      const [first, second, third] = await Promise.all([box(cards.nth(0)), box(cards.nth(1)), box(cards.nth(2))]);
      // Two cards side by side share their top; the third starts the next row.
      expect(Math.abs(first.y - second.y)).toBeLessThan(1);
      expect(second.x).toBeGreaterThan(first.x + first.width);
      expect(second.x + second.width).toBeLessThanOrEqual(width);
      expect(third.y).toBeGreaterThan(first.y + first.height);
      expect(Math.abs(third.x - first.x)).toBeLessThan(1);

      // The card's name, price, rating, heart and "Choose options" are all there and inside it.
      const card = productCard(page, CLASSIC_TEE.name);
      const cardBox = await box(card);
      for (const part of [
        card.getByRole("heading", { name: CLASSIC_TEE.name }),
        card.getByTestId("price"),
        card.getByRole("img", { name: /No reviews yet|Rated/ }),
        card.getByRole("button", { name: `Add ${CLASSIC_TEE.name} to wishlist` }),
        card.getByText("Choose options"),
      ]) {
        await expect(part).toBeVisible();
        const b = await box(part);
        expect(b.x + b.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
      }
      await expect(card.getByTestId("price")).toHaveText("$55.00");

      // Opened, the options fit the card: sizes, colours, quantity, the stock label and Add to Cart.
      await openOptions(card);
      await expect(card.getByTestId("stock-label")).toHaveText("Select size and color to check availability");
      await expect(card.getByRole("button", { name: "Add to Cart" })).toBeVisible();
      await expectUsableTargets(card, await box(card), `Classic Tee card at ${width}px`);
      const overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth, overflow.culprits.join(", ")).toBeLessThanOrEqual(width);
      // The narrow cards, one of them open, pass axe (target size included) in both themes.
      await expectNoAxeViolationsInBothThemes(page, `/shop at ${width}px with a card open`);
    });
  }

  test("a collection lists its products in two columns at 320 px", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await gotoHydrated(page, "/collections/street-essentials");
    const cards = page.getByTestId("product-card");
    const [first, second] = await Promise.all([box(cards.nth(0)), box(cards.nth(1))]);
    expect(Math.abs(first.y - second.y)).toBeLessThan(1);
    expect(second.x).toBeGreaterThan(first.x + first.width);
    await expectNoAxeViolationsInBothThemes(page, "a collection at 320px");
  });

  test("a card tightens its type exactly while it is under 16rem wide, and the product page's options never do", async ({ page }) => {
    // The narrow-card: classes follow the viewport (app/app.css); what they stand for is the card's own width.
    await page.goto("/shop");
    const card = productCard(page, CLASSIC_TEE.name);
    const heading = card.getByRole("heading", { name: CLASSIC_TEE.name });
    for (const width of [320, 551, 552, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const partWidth = await card.locator("> div").first().evaluate((el) => el.getBoundingClientRect().width);
      const fontSize = await heading.evaluate((el) => getComputedStyle(el).fontSize);
      expect(fontSize, `at ${width} px the card is ${partWidth} px wide`).toBe(partWidth < 256 ? "16px" : "18px");
    }
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`/shop/${CLASSIC_TEE.slug}`);
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    expect(await quantity.evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
  });

  test("the header is one row at 320 px, signed out and signed in", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 700 });
    for (const path of ["/", "/shop"]) {
      await gotoHydrated(page, path);
      const signIn = page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true });
      await expect(signIn).toBeVisible();
      await expectHeaderOnOneRow(page, signIn, `signed out on ${path}`);
    }
    await expectNoAxeViolationsInBothThemes(page, "the header at 320px", "header");
    // Without a display name the avatar shows the email's long first part: the row still holds.
    await registerShopper(page, testInfo, "layout-header-with-a-long-name");
    for (const path of ["/", "/shop"]) {
      await gotoHydrated(page, path);
      await expectHeaderOnOneRow(page, accountMenuButton(page), `signed in on ${path}`);
    }
    await expectNoAxeViolationsInBothThemes(page, "the signed-in header at 320px", "header");
    // The menu still opens from its icon.
    await menuButton(page).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop", exact: true })).toBeVisible();
  });
});

test.describe("layout on a desktop", () => {
  test("the cards of a row line up their prices and options, whatever their names and tags", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoHydrated(page, "/shop");
    const cards = page.getByTestId("product-card");
    const row = [0, 1, 2, 3].map((i) => cards.nth(i));
    const tops = await Promise.all(row.map(async (c) => (await box(c)).y));
    expect(new Set(tops.map(Math.round)).size, "four cards in the first row").toBe(1);
    // The names differ in length (one line or two), so the alignment is not luck.
    const nameHeights = await Promise.all(row.map(async (c) => Math.round((await box(c.getByRole("heading"))).height)));
    expect(new Set(nameHeights).size, `name heights ${nameHeights}`).toBeGreaterThan(1);

    const lineTops = async (part: (c: Locator) => Locator) => Promise.all(row.map(async (c) => Math.round((await box(part(c))).y)));
    const priceTops = await lineTops((c) => c.getByTestId("price"));
    expect(new Set(priceTops).size, `price tops ${priceTops}`).toBe(1);
    const optionTops = await lineTops((c) => c.getByText("Choose options"));
    expect(new Set(optionTops).size, `"Choose options" tops ${optionTops}`).toBe(1);

    // Opening one card's options moves nothing in its neighbours.
    await openOptions(row[0]!);
    expect(await lineTops((c) => c.getByTestId("price"))).toEqual(priceTops);
    expect(await lineTops((c) => c.getByText("Choose options"))).toEqual(optionTops);
  });
});

test.describe("sizes", () => {
  test("sizes read smallest to largest on the product page and on the card", async ({ page }) => {
    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    const sizes = (scope: Locator) => scope.getByRole("group", { name: "Size" }).locator("label");
    await expect(sizes(page.getByRole("main"))).toHaveText(["S", "M", "L", "XL"]);

    await gotoHydrated(page, "/shop");
    const hoodie = productCard(page, "East Harlem Hoodie");
    await openOptions(hoodie);
    await expect(sizes(hoodie)).toHaveText(["S", "M", "L", "XL", "XXL"]);
  });
});
