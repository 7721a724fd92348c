import { expect, test, type Page } from "@playwright/test";
import { cartBadge, expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { signInAsAdmin } from "./shopper.ts";

// Stories, collection pages and lookbooks: the culture selling the clothes.

const STORY = { slug: "from-cyphers-to-stages", title: "From Cyphers to Stages" } as const;
// Embedded in the story; no other journey buys it (adding to a cart leaves its stock as it is).
const TAPE = { slug: "block-tapes-vol-1-cassette", name: "Block Tapes Vol. 1 Cassette" } as const;
const SOLD_OUT_TAPE = "Block Tapes Vol. 2 Cassette";
const SPRING = { slug: "spring-2024-urban-renaissance", name: "Spring 2024: Urban Renaissance" } as const;

function embed(page: Page, name: string) {
  return page.getByTestId("product-embed").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test("Read More opens the story, and its product embed adds to the cart in place", async ({ page }) => {
  await gotoHydrated(page, "/culture");
  await page.getByRole("link", { name: new RegExp(`^Read More\\s*: ${STORY.title}$`) }).click();
  await expect(page).toHaveURL(`/culture/${STORY.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: STORY.title })).toBeVisible();
  await expect(page.getByTestId("article-author")).toHaveText("Dante Rivers");
  await expect(page.getByText(/\d+ min read/).first()).toBeVisible();
  await expect(page.getByTestId("article-body").getByRole("heading", { name: "The room is the teacher" })).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "Article", headline: STORY.title, author: { name: "Dante Rivers" } });
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/culture/${STORY.slug}$`));
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");

  // The embed shows the live price and stock; the sold-out one says so and offers no button.
  const tape = embed(page, TAPE.name);
  await expect(tape.getByTestId("price")).toHaveText(/^\$\d+\.\d\d$/);
  await expect(tape.getByTestId("embed-stock")).toHaveText(/^\d+ in stock$/);
  const soldOut = embed(page, SOLD_OUT_TAPE);
  await expect(soldOut.getByTestId("embed-stock")).toHaveText("Out of stock");
  await expect(soldOut.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);

  await expect(cartBadge(page)).toHaveCount(0);
  await tape.getByRole("button", { name: "Add to Cart" }).click();
  await expect(tape.getByRole("status")).toContainText("Added to cart");
  await expect(cartBadge(page)).toHaveText("1");
  await expect(page).toHaveURL(`/culture/${STORY.slug}`);
});

test("without JavaScript, the embed's form posts to the cart and comes back to the story", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/culture/${STORY.slug}`);
  await expect(cartBadge(page)).toHaveCount(0);
  await embed(page, TAPE.name).getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL(`/culture/${STORY.slug}`);
  await expect(cartBadge(page)).toHaveText("1");
  await context.close();
});

test("a draft answers 404 and an unknown story too", async ({ page }) => {
  const response = await page.goto("/culture/no-such-story");
  expect(response?.status()).toBe(404);
});

test("Shop Collection opens the collection's page naming its products, as many as its card counts", async ({ page }) => {
  await gotoHydrated(page, "/collections");
  const count = await page.getByTestId("collection-count").first().textContent();
  await page.getByRole("link", { name: /^Shop Collection\s*: Spring 2024/ }).click();
  await expect(page).toHaveURL(`/collections/${SPRING.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: SPRING.name })).toBeVisible();
  await expect(page.getByTestId("collection-count")).toHaveText(count!);
  const cards = page.getByTestId("product-card");
  await expect(cards).toHaveCount(Number.parseInt(count!, 10));
  await expect(cards.first().getByRole("heading", { name: "Harlem River Windbreaker" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Bodega Cat Tee" })).toBeVisible();

  // The shop filtered by a collection names it, and can be cleared.
  await gotoHydrated(page, `/shop?collection=street-essentials`);
  await expect(page.getByTestId("collection-filter")).toContainText("Street Essentials");
  await page.getByRole("link", { name: /^Clear\s*the Street Essentials filter$/ }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByTestId("collection-filter")).toHaveCount(0);
});

test("View Lookbook shows the looks, and a hotspot leads to its product", async ({ page }) => {
  await gotoHydrated(page, "/collections");
  await page.getByRole("link", { name: /^View Lookbook\s*: Spring 2024/ }).click();
  await expect(page).toHaveURL(`/collections/${SPRING.slug}/lookbook`);
  await expect(page.getByRole("heading", { level: 1, name: `Lookbook: ${SPRING.name}` })).toBeVisible();
  await expect(page.getByTestId("look")).toHaveCount(3);
  const first = page.getByTestId("look").first();
  await expect(first.getByRole("heading", { name: "Mural Walk" })).toBeVisible();
  // Each hotspot is a link named by its product and stock; the list beside it names the price.
  const hotspot = first.getByTestId("hotspot").filter({ hasText: "Harlem River Windbreaker" });
  await expect(hotspot).toHaveAccessibleName(/^Harlem River Windbreaker, \d+ in stock$/);
  await expect(first.getByRole("listitem").filter({ hasText: "Harlem River Windbreaker" }).getByTestId("price")).toHaveText(/^\$\d+\.\d\d$/);
  await hotspot.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/shop/harlem-river-windbreaker");
  await expect(page.getByRole("heading", { level: 1, name: "Harlem River Windbreaker" })).toBeVisible();
});

test("an admin writes a story, previews it, publishes it, and a guest reads it", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const title = `Pleneros on Pleasant Avenue ${Date.now()}`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin");
  await page.getByRole("link", { name: "Stories", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Stories" })).toBeVisible();
  await page.getByRole("link", { name: "New story" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New story" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Category", { exact: true }).fill("Music");
  await page.getByLabel("Author").fill("Ana Rivera");
  await page.getByLabel("Excerpt", { exact: true }).fill("Hand drums on a summer night.");
  await page.getByLabel("Picture description", { exact: true }).fill("Drummers on a stoop.");
  await page.getByLabel("Body (markdown)", { exact: true }).fill(
    "## The drums\n\nEvery summer the *pleneros* play on the corner. <script>alert('x')</script>\n\n{{product:salsa-y-breaks-12-inch}}\n\nSee you there.",
  );
  // Its Spanish: a title and a body (the other texts are left empty: the Spanish page shows their English).
  await page.getByLabel("Spanish title").fill(`Pleneros en la Pleasant ${title.slice(-13)}`);
  await page.getByLabel("Spanish body (markdown)").fill("## Los tambores\n\nCada verano los *pleneros* tocan en la esquina.\n\n{{product:salsa-y-breaks-12-inch}}");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("article-preview");
  await expect(preview.getByRole("heading", { name: "The drums" })).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByText("<script>alert(", { exact: false })).toBeVisible();
  // The preview shows the Spanish body below the English one, each with its embed.
  const previewEs = preview.getByTestId("article-preview-es");
  await expect(previewEs.getByRole("heading", { name: "Los tambores" })).toBeVisible();
  await expect(previewEs.getByTestId("product-embed")).toHaveCount(1);
  await expect(preview.getByTestId("product-embed")).toHaveCount(2);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByTestId("article-status")).toHaveText(/Draft/, { timeout: 30_000 });
  const slug = (await page.getByRole("main").getByLabel("Address").inputValue()) || title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  expect((await guest.goto(`/culture/${slug}`))?.status()).toBe(404);

  await page.getByRole("button", { name: new RegExp(`^Publish\\s*: ${title}$`) }).click();
  await expect(page.getByTestId("article-status")).toHaveText(/Published/, { timeout: 30_000 });

  await guest.goto("/culture");
  await guest.getByRole("link", { name: new RegExp(`^Read More\\s*: ${title}$`) }).click();
  await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(guest.getByTestId("article-body").getByText("Every summer the pleneros play on the corner.", { exact: false })).toBeVisible();
  // The same story under /es: its Spanish title and body, and the English excerpt it has no Spanish for.
  await guest.goto(`/es/culture/${slug}`);
  await expect(guest.getByRole("heading", { level: 1, name: `Pleneros en la Pleasant ${title.slice(-13)}` })).toBeVisible();
  await expect(guest.getByTestId("article-body").getByText("Cada verano los pleneros tocan en la esquina.", { exact: false })).toBeVisible();
  await expect(guest.getByText("Hand drums on a summer night.")).toBeVisible();
  await guestContext.close();

  // Unpublished again: the guest's page is gone.
  await page.getByRole("button", { name: new RegExp(`^Unpublish\\s*: ${title}$`) }).click();
  await expect(page.getByTestId("article-status")).toHaveText(/Draft/);
  expect((await page.request.get(`/culture/${slug}`)).status()).toBe(404);
});

const PUBLIC_PAGES = [`/culture/${STORY.slug}`, "/culture/the-walls-speak-murals-of-east-harlem", `/collections/${SPRING.slug}`, "/collections/street-essentials", `/collections/${SPRING.slug}/lookbook`];
const ADMIN_PAGES = ["/admin/articles", "/admin/articles/new", "/admin/collections"];

// Each test looks at its page in the light theme and then in the dark one.
test.describe("culture pages", () => {
  for (const path of PUBLIC_PAGES) {
    test(`axe finds nothing on ${path}`, async ({ page }) => {
      test.setTimeout(120_000);
      await gotoHydrated(page, path);
      await expectNoAxeViolationsInBothThemes(page, path);
    });
  }
  test("axe finds nothing on the back office's collection page", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/collections");
    await expectNoAxeViolationsInBothThemes(page, "/admin/collections");
    await page.getByRole("link", { name: SPRING.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Collection: ${SPRING.name}` })).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolationsInBothThemes(page, "admin collection");
  });
  test("axe finds nothing on the back office's story pages", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/articles");
    await expectNoAxeViolationsInBothThemes(page, "/admin/articles");
    await page.getByRole("link", { name: STORY.title, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Edit story: ${STORY.title}` })).toBeVisible({ timeout: 30_000 });
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("article-preview")).toBeVisible({ timeout: 30_000 });
    await expectNoAxeViolationsInBothThemes(page, "admin story with preview");
    await gotoHydrated(page, "/admin/articles/new");
    await expectNoAxeViolationsInBothThemes(page, "/admin/articles/new");
  });
});

test("the new pages fit a 320 px phone", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 320, height: 720 });
  await signInAsAdmin(page);
  for (const path of [...PUBLIC_PAGES, ...ADMIN_PAGES, "/admin/collections/1"]) {
    await gotoHydrated(page, path);
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, `${path} at 320px is ${overflow.scrollWidth}px wide: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
  }
});
