import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { ADMIN_EMAIL, PASSWORD, signInAsAdmin, signUpOrIn, uniqueEmail } from "./shopper.ts";

// The back office's people screens: moderating reviews, deactivating accounts, and who may come in.
// Each journey makes its own accounts and reviews a product no other journey touches.

const PRODUCT = { slug: "bodega-cat-tee", name: "Bodega Cat Tee" };
/** Every /admin route; `page` is false for resource routes (a CSV export), which answer without a page. */
const ADMIN_ROUTES = [...fs.readFileSync("app/routes.ts", "utf8").matchAll(/route\("(admin(?:\/[^"]*)?)",\s*"([^"]+)"/g)].map((m) => ({
  path: `/${m[1]!.replace(/:[a-z]+/gi, "someone")}`,
  page: /export default function/.test(fs.readFileSync(`app/${m[2]}`, "utf8")),
}));
const ADMIN_PAGES = ADMIN_ROUTES.map((r) => r.path);

async function reviewAs(request: APIRequestContext, testInfo: TestInfo, title: string) {
  await signUpOrIn(request, uniqueEmail(testInfo, "reviewer"), "Rae Ortiz");
  const posted = await request.post(`/shop/${PRODUCT.slug}/reviews`, {
    form: { intent: "create", rating: "2", title, comment: "Not my thing.", redirectTo: `/shop/${PRODUCT.slug}` },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(303);
}

const productReviews = (page: Page) => page.locator("section#reviews").getByTestId("review");

test.describe("the back office's people screens", () => {
  test("an admin goes from the product page to the review screen, hides a review with a reason, it leaves the product page, and unhides it", async ({ page, browser }, testInfo) => {
    const title = `Too loud ${Date.now()}`;
    const reviewer = await browser.newContext();
    await reviewAs(reviewer.request, testInfo, title);
    await reviewer.close();

    await signInAsAdmin(page);
    // The product page does not hide: each review links to the back office's screen, filtered to the product.
    await gotoHydrated(page, `/shop/${PRODUCT.slug}`);
    const review = productReviews(page).filter({ hasText: title });
    await expect(review.getByRole("button", { name: "Hide review" })).toHaveCount(0);
    const moderate = review.getByRole("link", { name: "Moderate review" });
    await expect(moderate).toHaveAccessibleDescription(title);
    await moderate.click();
    await expect(page).toHaveURL(/\/admin\/reviews\?product=\d+$/);
    await expect(page.getByLabel("Product")).toHaveValue(/^\d+$/);
    await expect(page.getByLabel("Product").locator("option:checked")).toHaveText(PRODUCT.name);
    await expect(page.locator("tr[data-review]").filter({ hasNotText: PRODUCT.name })).toHaveCount(0);
    let row = page.locator("tr", { hasText: title });
    await row.getByRole("button", { name: "Hide" }).click();
    await expect(row.getByText("Please give a reason for hiding this review.")).toBeVisible();
    row = page.locator("tr", { hasText: title });
    await row.getByLabel("Reason for hiding").fill("Off-topic");
    await row.getByRole("button", { name: "Hide" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText('for the reason "Off-topic"');
    await confirm.getByRole("button", { name: "Yes, hide it" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The review is hidden." })).toBeVisible();

    await gotoHydrated(page, `/shop/${PRODUCT.slug}`);
    await expect(productReviews(page).filter({ hasText: title })).toHaveCount(0);

    await gotoHydrated(page, "/admin/reviews?visibility=hidden");
    const hidden = page.locator("tr", { hasText: title });
    await expect(hidden).toContainText("Reason: Off-topic");
    await expect(hidden).toContainText(`by ${ADMIN_EMAIL}`);
    await hidden.getByRole("button", { name: "Unhide" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The review is visible again." })).toBeVisible();

    await gotoHydrated(page, `/shop/${PRODUCT.slug}`);
    await expect(productReviews(page).filter({ hasText: title })).toHaveCount(1);

    await gotoHydrated(page, `/admin/audit?entity=review&actor=${encodeURIComponent(ADMIN_EMAIL)}`);
    await expect(page.locator("tr", { hasText: "unhide" }).first()).toContainText("hiddenReason: Off-topic → none");
  });

  test("an admin deactivates a customer, who is signed out and cannot sign in", async ({ page, browser }, testInfo) => {
    const customer = await browser.newContext();
    const shopper = await customer.newPage();
    const email = uniqueEmail(testInfo, "deactivated");
    await signUpOrIn(shopper.request, email, "Dee Activated");
    await shopper.goto("/dashboard");
    await expect(shopper.getByRole("heading", { level: 1 })).not.toHaveText(/Authentication/);

    await signInAsAdmin(page);
    await gotoHydrated(page, `/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: email }).click();
    await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
    await page.getByRole("button", { name: "Deactivate account" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes, deactivate" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The account was deactivated" })).toBeVisible();

    const refused = await shopper.goto("/dashboard");
    expect(refused?.status()).toBe(401);
    await gotoHydrated(shopper, "/login");
    await shopper.getByLabel("Email", { exact: true }).fill(email);
    await shopper.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await shopper.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(shopper.getByRole("main").getByRole("alert")).toHaveText("This account has been deactivated. Please contact support.");
    await customer.close();

    await page.getByRole("button", { name: "Reactivate account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The account was reactivated." })).toBeVisible();
  });

  test("a customer is refused on every admin page", async ({ page }, testInfo) => {
    await signUpOrIn(page.request, uniqueEmail(testInfo, "curious"), "Cu Rious");
    expect(ADMIN_PAGES.length).toBeGreaterThanOrEqual(5);
    for (const { path, page: isPage } of ADMIN_ROUTES) {
      const res = isPage ? await page.goto(path) : await page.request.get(path);
      expect(res?.status(), path).toBe(403);
      if (isPage) await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    }
  });

  test("the people screens meet WCAG 2.2 AA, light and dark, and fit 360 px", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    for (const path of ["/admin", "/admin/users", "/admin/reviews", "/admin/audit"]) {
      await gotoHydrated(page, path);
      await expectNoAxeViolationsInBothThemes(page, path);
    }
    await gotoHydrated(page, `/admin/users?q=${encodeURIComponent(ADMIN_EMAIL)}`);
    await page.getByRole("link", { name: ADMIN_EMAIL }).click();
    await expect(page.getByRole("heading", { level: 1, name: ADMIN_EMAIL })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, "a user's page");
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ["/admin/users", "/admin/reviews", "/admin/audit"]) {
      await gotoHydrated(page, path);
      const overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth, `${path} at 360 px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
    }
  });

});
