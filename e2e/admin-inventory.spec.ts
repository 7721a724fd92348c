import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { signInAsAdmin, stockOnProductPage } from "./shopper.ts";

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
    await expectNoAxeViolationsInBothThemes(page, "the stock list preview");

    await upload.getByRole("button", { name: "Apply 1 accepted row" }).click();
    await expect(upload.getByText("Stock list applied: 1 variant changed.")).toBeVisible();
    await openVariant(page, "EH-BODCATTEE-XS-WHITE");
    await expect(figure(page, "On hand")).toHaveText("61");
  });

  test("the inventory pages pass axe in light and dark, page keeping the search, and become cards at 360 px that fit 320 px", async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/inventory?filter=out");
    await expect(page.getByRole("heading", { level: 1, name: "Inventory" })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, "/admin/inventory");
    await openVariant(page, "EH-BODCATTEE-M-PINK");
    await expectNoAxeViolationsInBothThemes(page, "a variant's stock page");
    // On a wide screen, a table whose previous / next pages keep the search.
    await gotoHydrated(page, "/admin/inventory?q=EH-");
    await expect(page.getByRole("columnheader", { name: "Available" })).toBeVisible();
    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/admin\/inventory\?q=EH-&page=2$/);
    await expect(page.getByLabel("Search by SKU or product")).toHaveValue("EH-");
    await pages.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/admin\/inventory\?q=EH-&page=1$/);

    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/admin/inventory?filter=out", "/admin/inventory?q=EH-&page=2", "/admin/inventory"]) {
        await gotoHydrated(page, path);
        const overflow = await horizontalOverflow(page);
        expect(overflow.culprits, `${path} is wider than ${width} px`).toEqual([]);
      }
    }
    // At phone width each row is a card that names its columns.
    await expect(page.locator("tbody tr").first().getByText("Available", { exact: true })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Available" })).toBeHidden();
  });
});
