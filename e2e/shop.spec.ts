import { expect, test, type Page } from "@playwright/test";
import { dollars, gotoHydrated, openOptions, productCard } from "./helpers.ts";

const resultCount = (page: Page) => page.getByTestId("result-count");
const cards = (page: Page) => page.getByTestId("product-card");
const categories = (page: Page) => page.getByRole("navigation", { name: "Categories" });
const pages = (page: Page) => page.getByRole("navigation", { name: "Pages" });

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).getByTestId("price").allTextContents();
  return texts.map(dollars);
}

/** The total in "Showing 1–12 of 36 products". */
async function total(page: Page): Promise<number> {
  const text = (await resultCount(page).textContent()) ?? "";
  const match = /of (\d+) products?/.exec(text);
  if (!match?.[1]) throw new Error(`No total in ${JSON.stringify(text)}`);
  return Number(match[1]);
}

async function expectAllCardsIn(page: Page, label: string) {
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(cards(page).nth(i).getByText(label, { exact: true }).first()).toBeVisible();
  }
}

function isAscending(values: number[]): boolean {
  return values.every((v, i) => i === 0 || values[i - 1]! <= v);
}

function expectAscending(values: number[]) {
  expect(values.length).toBeGreaterThan(1);
  expect(values).toEqual([...values].sort((a, b) => a - b));
}

// The same journeys run as a shopper with JavaScript, and as one without it (plain links and forms).
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "shop" : "shop without JavaScript", () => {
    test.use({ javaScriptEnabled });

    const open = async (page: Page, path: string) => {
      if (javaScriptEnabled) await gotoHydrated(page, path);
      else await page.goto(path);
    };

    test("lists the catalogue, 12 to a page", async ({ page }) => {
      await open(page, "/shop");
      await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
      await expect(resultCount(page)).toHaveText(/^Showing 1–12 of \d+ products$/);
      expect(await total(page)).toBe(36);
      await expect(cards(page)).toHaveCount(12);
      await expect(categories(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    });

    test("filters by category", async ({ page }) => {
      await open(page, "/shop");
      await categories(page).getByRole("link", { name: "Music" }).click();
      await expect(page).toHaveURL(/\/shop\?category=music$/);
      await expect(categories(page).getByRole("link", { name: "Music" })).toHaveAttribute("aria-current", "page");
      await expect(categories(page).getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current", "page");
      await expect(resultCount(page)).toHaveText(/^Showing 1–\d+ of \d+ products?$/);
      const n = await total(page);
      expect(n).toBeLessThan(36);
      await expect(cards(page)).toHaveCount(Math.min(n, 12));
      await expectAllCardsIn(page, "Music");
      await expect(productCard(page, "Uptown Sessions Vinyl Collection")).toBeVisible();

      await categories(page).getByRole("link", { name: "Accessories" }).click();
      await expect(page).toHaveURL(/\/shop\?category=accessories$/);
      await expect(productCard(page, "El Barrio Logo Cap")).toBeVisible();
      await expectAllCardsIn(page, "Accessories");
    });

    test("sorts by price, low to high, keeping the category", async ({ page }) => {
      await open(page, "/shop?category=apparel");
      await page.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/sort=price-asc/);
      await expect(page).toHaveURL(/category=apparel/);
      await expect(resultCount(page)).toHaveText(/^Showing 1–12 of/);
      await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
      // The URL and the select change before the new listing renders: wait for the cards to follow.
      await expect.poll(async () => isAscending(await cardPrices(page))).toBe(true);
      await expectAllCardsIn(page, "Apparel");

      // The whole catalogue, cheapest first: the order carries on across pages.
      await open(page, "/shop?sort=price-asc");
      const first = await cardPrices(page);
      expectAscending(first);
      await pages(page).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(resultCount(page)).toHaveText(/^Showing 13–24 of 36 products$/);
      const second = await cardPrices(page);
      expectAscending([...first, ...second]);
    });

    test("search forgives a typo: “hodie” finds the hoodie", async ({ page }) => {
      await open(page, "/shop");
      const search = page.getByRole("search");
      await search.getByLabel("Search").fill("hodie");
      await search.getByLabel("Search").press("Enter");
      await expect(page).toHaveURL(/q=hodie/);
      await expect(resultCount(page)).toContainText("“hodie”");
      await expect(productCard(page, "East Harlem Hoodie")).toBeVisible();
      await expect(search.getByLabel("Search")).toHaveValue("hodie");
    });

    test("a search with no match says so and offers the whole shop", async ({ page }) => {
      await open(page, "/shop");
      const search = page.getByRole("search");
      await search.getByLabel("Search").fill("qwxzv plutonium");
      await search.getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/q=qwxzv/);
      await expect(resultCount(page)).toHaveText("No products found.");
      await expect(page.getByText("Nothing matches")).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
      await page.getByRole("link", { name: "Show all products" }).click();
      await expect(page).toHaveURL(/\/shop$/);
      await expect(cards(page)).toHaveCount(12);
    });

    test("pages through the results, and Back returns to page 1", async ({ page }) => {
      await open(page, "/shop");
      const firstPageNames = await cards(page).getByRole("heading").allTextContents();
      await pages(page).getByRole("link", { name: "Page 2" }).click();
      await expect(page).toHaveURL(/\/shop\?page=2$/);
      await expect(resultCount(page)).toHaveText("Showing 13–24 of 36 products");
      await expect(pages(page).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
      await expect(pages(page).getByRole("link", { name: "Previous" })).toBeVisible();
      const secondPageNames = await cards(page).getByRole("heading").allTextContents();
      expect(secondPageNames).toHaveLength(12);
      expect(secondPageNames.filter((n) => firstPageNames.includes(n))).toEqual([]);

      await pages(page).getByRole("link", { name: "Page 3" }).click();
      await expect(resultCount(page)).toHaveText("Showing 25–36 of 36 products");
      await expect(pages(page).getByRole("link", { name: "Next" })).toHaveCount(0);

      await page.goBack();
      await expect(page).toHaveURL(/\/shop\?page=2$/);
      await expect(resultCount(page)).toHaveText("Showing 13–24 of 36 products");
      await page.goBack();
      await expect(page).toHaveURL(/\/shop$/);
      await expect(resultCount(page)).toHaveText("Showing 1–12 of 36 products");
      expect(await cards(page).getByRole("heading").allTextContents()).toEqual(firstPageNames);
    });
  });
}

test.describe("shop cards", () => {
  test("a guest who taps the heart is asked to log in", async ({ page }) => {
    await gotoHydrated(page, "/shop");
    const card = productCard(page, "Harlem Classic Tee");
    await card.getByRole("button", { name: "Add Harlem Classic Tee to wishlist" }).click();
    await expect(card.getByText("Please log in to add items to your wishlist")).toBeVisible();
  });

  test("a card shows at most 4 colours, then “+N more”, and at most 3 tags", async ({ page }) => {
    await gotoHydrated(page, "/shop");
    // Cypher Circle Crewneck comes in 7 colours.
    await page.getByRole("search").getByLabel("Search").fill("Cypher Circle Crewneck");
    await page.getByRole("search").getByLabel("Search").press("Enter");
    const card = productCard(page, "Cypher Circle Crewneck");
    await expect(card).toBeVisible();
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(3);
    await openOptions(card);
    const colors = card.getByRole("group", { name: /^Color/ }).getByRole("radio");
    await expect(colors).toHaveCount(4);
    await card.getByRole("link", { name: "Show 3 more colors" }).click();
    await expect(colors).toHaveCount(7);
  });

  test("an item with nothing in stock is marked Out of Stock", async ({ page }) => {
    await gotoHydrated(page, "/shop?q=golden+era+tee");
    const card = productCard(page, "Golden Era Tee");
    await expect(card.getByText("Out of Stock", { exact: true })).toBeVisible();
    await openOptions(card);
    await expect(card.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  });
});
