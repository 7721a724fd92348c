import { expect, test, type Page } from "@playwright/test";
import { dollars } from "./helpers.ts";
import { PASSWORD, signInAsAdmin, uniqueEmail } from "./shopper.ts";

// A control that applies itself when changed (a sort, a filter, a period) does so when it is the page's very
// first touch too: on a browse page the app's JavaScript is not loaded yet then (ADR 0030), and a choice made
// before it is alive is not lost (ADR 0045). Each page is opened and the control changed at once, no mouse
// move or wait before it.

const PRODUCT = { slug: "lex-line-track-pants" } as const; // no other journey reviews it

/** Whether the app is alive yet: on a browse page it must not be, for the choice to be the first touch. */
const appAlive = (page: Page) => page.evaluate(() => (window as Window & { __appReady?: boolean }).__appReady === true);
const reviewTitles = (page: Page) => page.locator("section#reviews").getByTestId("review").getByRole("heading", { level: 3 });

test("the shop's sort applies when it is the first thing touched", async ({ page }) => {
  await page.goto("/shop");
  expect(await appAlive(page)).toBe(false);
  await page.getByLabel("Sort by").selectOption("price-asc");
  await page.waitForURL(/[?&]sort=price-asc/);
  await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
  // The grid follows the select: cheapest first.
  await expect
    .poll(async () => {
      const prices = (await page.getByTestId("product-card").getByTestId("price").allTextContents()).map(dollars);
      return prices.length > 1 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
    })
    .toBe(true);
});

test("a product's review sort, rating filter and verified box each apply when they are the first thing touched", async ({ page, playwright, baseURL }, testInfo) => {
  // Two reviewers, over plain HTTP: a 5-star review, then a 2-star one (the newest, so first by default).
  for (const [rating, title] of [["5", "Loved the stripe"], ["2", "Too short for me"]] as const) {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    const registered = await request.post("/login", {
      form: { intent: "register", email: uniqueEmail(testInfo, `touch${rating}`), password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on", displayName: `Reviewer ${rating} Harlem`, redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(registered.status()).toBe(302);
    const posted = await request.post(`/shop/${PRODUCT.slug}/reviews`, {
      form: { intent: "create", rating, title, comment: `${title}, in a few words.`, size: "32", fit: "true", redirectTo: `/shop/${PRODUCT.slug}` },
      maxRedirects: 0,
    });
    expect(posted.status(), await posted.text()).toBe(303);
    await request.dispose();
  }

  await page.goto(`/shop/${PRODUCT.slug}`);
  await expect(reviewTitles(page)).toHaveText(["Too short for me", "Loved the stripe"]);
  expect(await appAlive(page)).toBe(false);
  await page.getByLabel("Sort reviews", { exact: true }).selectOption("highest");
  await page.waitForURL(/[?&]sort=highest/);
  await expect(reviewTitles(page)).toHaveText(["Loved the stripe", "Too short for me"]);

  await page.goto(`/shop/${PRODUCT.slug}`);
  expect(await appAlive(page)).toBe(false);
  await page.getByLabel("Rating", { exact: true }).selectOption("5");
  await page.waitForURL(/[?&]rating=5/);
  await expect(reviewTitles(page)).toHaveText(["Loved the stripe"]);
  await expect(page.getByTestId("review-count")).toHaveText("Showing 1 of 1 review matching these filters");

  await page.goto(`/shop/${PRODUCT.slug}`);
  expect(await appAlive(page)).toBe(false);
  // A click this time: the press that starts the app is the change itself. Neither reviewer bought it.
  await page.getByLabel("Verified purchases only").check();
  await page.waitForURL(/[?&]verified=1/);
  await expect(page.getByText("No reviews match these filters.")).toBeVisible();
  await expect(reviewTitles(page)).toHaveCount(0);
});

test("the analytics period applies when it is the first thing touched", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/analytics?tab=overview&period=7d");
  const range = page.getByText(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}, compared with /);
  await page.getByLabel("Period").selectOption("30d");
  await page.waitForURL(/[?&]period=30d/);
  // The range shown is thirty days, ending today.
  await expect
    .poll(async () => {
      const [from, to] = /^(\S+) to (\S+),/.exec((await range.textContent()) ?? "")?.slice(1) ?? [];
      return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
    })
    .toBe(30);
});
