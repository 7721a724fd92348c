import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { addFromProductPage, checkoutWith, registerShopper, signInAsAdmin } from "./shopper.ts";

// A shopper's visit becomes the administrator's numbers. Headless Chromium names itself in its user agent
// and the store leaves bots out of analytics, so the shopper's browser presents itself as a desktop Chrome.

const PRINT = { slug: "el-barrio-mural-print", name: "El Barrio Mural Print" } as const; // no other journey visits it
const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const kpi = async (page: Page, name: string) => Number(((await page.getByTestId(name).locator("p").nth(1).textContent()) ?? "").replace(/[$,]/g, ""));
const funnelStep = async (page: Page, step: string) => Number(await page.getByTestId(`funnel-${step}`).getByTestId("funnel-count").textContent());
/** The print's views and purchases in the products table (0 while it is not listed). */
async function printFigures(page: Page): Promise<{ views: number; purchases: number }> {
  const row = page.getByTestId("analytics-product-row").filter({ hasText: PRINT.name });
  if ((await row.count()) === 0) return { views: 0, purchases: 0 };
  const cell = async (i: number) => Number((await row.locator("td").nth(i).innerText()).replace(/\D+/g, ""));
  return { views: await cell(1), purchases: await cell(3) };
}

async function readNumbers(admin: Page) {
  await gotoHydrated(admin, "/analytics?tab=overview&period=7d");
  // Refresh counts what was recorded up to now. The address changes when the router has the new figures,
  // which may be a moment before the page shows them: the figures are read from the page loaded afresh.
  await admin.getByRole("button", { name: "Refresh" }).click();
  await admin.waitForURL(/refresh=1/);
  await gotoHydrated(admin, "/analytics?tab=overview&period=7d");
  await expect(admin.getByTestId("kpi-orders")).toBeVisible();
  const orders = await kpi(admin, "kpi-orders");
  await gotoHydrated(admin, "/analytics?tab=funnel&period=7d");
  const funnel: Record<string, number> = {};
  for (const step of ["sessions", "product_views", "add_to_cart", "checkout_started", "purchased"]) funnel[step] = await funnelStep(admin, step);
  await gotoHydrated(admin, "/analytics?tab=products&period=7d&sort=views");
  return { orders, funnel, ...(await printFigures(admin)) };
}

test("a shopper's visit, search and purchase show in the admin's analytics for today", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const before = await readNumbers(page);

  const shopperContext = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const shopper = await shopperContext.newPage();
  await gotoHydrated(shopper, `/shop/${PRINT.slug}`);
  await gotoHydrated(shopper, "/shop?q=mural");
  await registerShopper(shopper, testInfo, "analytics");
  await addFromProductPage(shopper, PRINT.slug);
  await gotoHydrated(shopper, "/checkout");
  await checkoutWith(shopper);
  await shopperContext.close();

  const after = await readNumbers(page);
  // Other journeys running meanwhile buy too (their purchases count; their browsing, a headless browser's,
  // does not): the store's orders went up by one at least, and the print, which only this shopper buys,
  // by exactly one. The shopper opened its page twice: two views, the add (and the page's data asked
  // again after it) none.
  expect(after.orders).toBeGreaterThanOrEqual(before.orders + 1);
  expect(after.purchases).toBe(before.purchases + 1);
  expect(after.views).toBe(before.views + 2);
  // The shopper's cookie carried one session through browsing, signing up and paying.
  for (const step of ["product_views", "add_to_cart", "checkout_started", "purchased"]) {
    expect(after.funnel[step], step).toBe(before.funnel[step]! + 1);
  }

  // The charts are drawn, and each has its text equivalent.
  await gotoHydrated(page, "/analytics?tab=overview&period=7d");
  await expect(page.getByTestId("revenue-chart").locator("svg").first()).toBeVisible();
  await expect(page.getByTestId("category-chart").locator("svg").first()).toBeVisible();
  await page.getByText("Show as a table").first().click();
  await expect(page.getByRole("table", { name: "Revenue by day" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Sales by category" })).toContainText("Accessories");
});

// One test per tab: ten pages with axe in one test came close to its time limit on a busy machine.
for (const tab of ["overview", "sales", "funnel", "products", "predictions"]) {
  test(`the analytics ${tab} tab has no axe violations and fits a 320 px phone, light and dark`, async ({ page }) => {
    await signInAsAdmin(page);
    await page.setViewportSize({ width: 320, height: 800 });
    await gotoHydrated(page, `/analytics?tab=${tab}&period=30d`);
    await expectNoAxeViolationsInBothThemes(page, `/analytics ${tab}`);
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, `${tab}: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
  });
}
