import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated, horizontalOverflow, waitForHydration } from "./helpers.ts";
import { PASSWORD, stockOnProductPage } from "./shopper.ts";

// The address in ADMIN_EMAILS (playwright.config.ts) becomes an admin when it registers.
const ADMIN_EMAIL = "boss@east-harlem.test";
const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account menu" });

async function submitSignIn(page: Page) {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * Signs in as the admin, registering the account first if no journey has yet (journeys run in parallel:
 * when another registered it meanwhile, the registration is refused and signing in works).
 */
async function signInAsAdmin(page: Page) {
  const refused = page.getByRole("main").getByRole("alert");
  await submitSignIn(page);
  await expect(menuButton(page).or(refused)).toBeVisible();
  if (await refused.isVisible()) {
    await gotoHydrated(page, "/login?mode=register");
    await page.getByLabel("Display name").fill("The Boss");
    await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByLabel("I accept the terms and conditions").check();
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(menuButton(page).or(refused)).toBeVisible();
    if (await refused.isVisible()) await submitSignIn(page);
  }
  await expect(menuButton(page)).toBeVisible();
  await waitForHydration(page);
}

/** Opens a variant's stock page from the inventory list, found by its SKU. */
async function openVariant(page: Page, sku: string) {
  await gotoHydrated(page, `/admin/inventory?q=${encodeURIComponent(sku)}`);
  await page.getByRole("row").filter({ hasText: sku }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(`SKU ${sku}`)).toBeVisible();
}

const figure = (page: Page, label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd");

test.describe("admin inventory", () => {
  test("an admin restocks a variant and the shop shows the raised stock", async ({ page }) => {
    const before = await stockOnProductPage(page, "bodega-cat-tee", { size: "L", color: "Pink" });
    await signInAsAdmin(page);
    await openVariant(page, "EH-BODCATTEE-L-PINK");
    const onHand = Number(await figure(page, "On hand").textContent());

    // A missing reason is refused next to its field, and nothing changes.
    const restock = page.getByRole("region", { name: "Restock" });
    await restock.getByLabel("Units received").fill("7");
    await restock.getByRole("button", { name: "Restock" }).click();
    await expect(restock.getByText("Give a reason for this change.")).toBeVisible();
    await expect(figure(page, "On hand")).toHaveText(String(onHand));

    await restock.getByLabel("Units received").fill("7");
    await restock.getByLabel("Reason").fill("Delivery from the printer");
    await restock.getByRole("button", { name: "Restock" }).click();
    await expect(restock.getByText("Added 7 units.")).toBeVisible();
    await expect(figure(page, "On hand")).toHaveText(String(onHand + 7));
    const movements = page.getByRole("region", { name: "Movements" });
    await expect(movements.getByRole("row").filter({ hasText: "Delivery from the printer" })).toBeVisible();

    expect(await stockOnProductPage(page, "bodega-cat-tee", { size: "L", color: "Pink" })).toBe(before + 7);
  });

  test("a stock list upload previews the changes and the refused rows, then applies", async ({ page }) => {
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/inventory");
    const upload = page.getByRole("region", { name: "Upload a stock list" });
    await upload.getByLabel("Stock list (CSV)").setInputFiles({
      name: "count.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("sku,on_hand\nEH-BODCATTEE-XS-WHITE,61\nNOT-A-SKU,4\nEH-BODCATTEE-S-WHITE,lots\n"),
    });
    await upload.getByRole("button", { name: "Preview changes" }).click();
    await expect(upload.getByText("1 row accepted, 2 refused.")).toBeVisible();
    const refused = upload.getByRole("table", { name: "Refused rows" });
    await expect(refused.getByRole("row").filter({ hasText: "NOT-A-SKU" })).toContainText("Unknown SKU.");
    await expect(refused.getByRole("row").filter({ hasText: "EH-BODCATTEE-S-WHITE" })).toContainText("On hand must be a whole number.");
    await expect(upload.getByRole("table", { name: "Accepted rows" })).toContainText("EH-BODCATTEE-XS-WHITE");
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoAxeViolations(page, `the stock list preview (${scheme})`);
    }

    await upload.getByRole("button", { name: "Apply 1 accepted row" }).click();
    await expect(upload.getByText("Stock list applied: 1 variant changed.")).toBeVisible();
    await openVariant(page, "EH-BODCATTEE-XS-WHITE");
    await expect(figure(page, "On hand")).toHaveText("61");
  });

  test("the inventory pages pass axe in light and dark and become cards at 360 px", async ({ page }) => {
    await signInAsAdmin(page);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await gotoHydrated(page, "/admin/inventory?filter=out");
      await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
      await expectNoAxeViolations(page, `/admin/inventory (${scheme})`);
      await openVariant(page, "EH-BODCATTEE-M-PINK");
      await expectNoAxeViolations(page, `a variant's stock page (${scheme})`);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ["/admin/inventory?filter=out", "/admin/inventory"]) {
      await gotoHydrated(page, path);
      const overflow = await horizontalOverflow(page);
      expect(overflow.culprits, `${path} is wider than 360 px`).toEqual([]);
    }
    // At phone width each row is a card that names its columns.
    await expect(page.locator("tbody tr").first().getByText("Available", { exact: true })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Available" })).toBeHidden();
  });
});
