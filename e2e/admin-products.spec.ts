import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow, productCard } from "./helpers.ts";
import { signInAsAdmin } from "./shopper.ts";

// An administrator adds a product to the catalogue from the back office; a guest then finds it in the shop.

test("an admin creates a product with two variants, activates it, and a guest finds it in the shop", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const name = `Pleasant Avenue Coach Jacket ${Date.now()}`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin");
  await page.getByRole("link", { name: "Products", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await page.getByRole("link", { name: "New product" }).click();

  // A price written wrong is refused next to its field; what was typed stays.
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("A nylon coach jacket with a snap front, lined for the river wind.");
  await page.getByLabel("Drawing").selectOption("jacket");
  await page.getByLabel("Base price (USD)").fill("ninety");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("Enter the base price in dollars, such as 45.00.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await page.getByLabel("Base price (USD)").fill("95.00");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("The product was created.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Two variants, each with its initial stock.
  const addVariant = page.getByRole("form", { name: "Add a variant" });
  for (const [size, stock] of [["M", "8"], ["L", "3"]] as const) {
    await addVariant.getByLabel("Size").fill(size);
    await addVariant.getByLabel("Colour").fill("Navy");
    await addVariant.getByLabel("Initial stock").fill(stock);
    await addVariant.getByRole("button", { name: "Add variant" }).click();
    await expect(page.getByText("The variant was added.")).toBeVisible();
    await expect(page.getByTestId("admin-variant").filter({ hasText: `${size} / Navy` })).toBeVisible();
  }
  await expect(page.getByTestId("admin-variant")).toHaveCount(2);

  // A refusal after a success: the page says only the refusal.
  const takenSku = (await page.getByTestId("admin-variant").first().getByRole("textbox", { name: "SKU" }).inputValue()).trim();
  await addVariant.getByLabel("Size").fill("XL");
  await addVariant.getByLabel("Colour").fill("Navy");
  await addVariant.getByLabel("SKU").fill(takenSku);
  await addVariant.getByLabel("Initial stock").fill("2");
  await addVariant.getByRole("button", { name: "Add variant" }).click();
  await expect(page.getByText("Another variant already uses this SKU.")).toBeVisible();
  await expect(page.getByText("The variant was added.")).toHaveCount(0);
  await expect(page).not.toHaveURL(/done=/);
  await expect(page.getByTestId("admin-variant").filter({ hasText: "L / Navy" })).toContainText("3 on hand");

  // A photograph for every colour: a navy jacket-sized square, made here.
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 20, g: 30, b: 80 } } }).jpeg().toBuffer();
  await page.getByRole("link", { name: /^Photographs/ }).click();
  await page.getByLabel("Photo", { exact: true }).setInputFiles({ name: "coach-jacket.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByLabel("Description (alt text)").fill("Navy coach jacket laid flat");
  await page.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByText("The photo was added.")).toBeVisible();
  await page.getByRole("link", { name: "Back to product" }).click();
  await expect(page.getByRole("link", { name: "Photographs (1)" })).toBeVisible();

  // A draft is not in the shop.
  const guest = await (await browser.newContext()).newPage();
  await gotoHydrated(guest, `/shop?q=${encodeURIComponent("Pleasant Avenue Coach Jacket")}`);
  await expect(productCard(guest, name)).toHaveCount(0);

  const details = page.getByRole("region", { name: "Details" });
  await details.getByLabel("Status").selectOption("active");
  await details.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("The product was saved.")).toBeVisible();

  await gotoHydrated(guest, `/shop?q=${encodeURIComponent("Pleasant Avenue Coach Jacket")}`);
  const card = productCard(guest, name);
  await expect(card).toBeVisible();
  // The card shows the uploaded photograph, in responsive sizes, not the drawn art.
  const cardImage = card.locator("img").first();
  await expect(cardImage).toHaveAttribute("srcset", /\/media\/products\/\d+\/[^ ]+-640\.webp 640w/);
  await expect(cardImage).toHaveJSProperty("complete", true);
  expect(await cardImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await card.getByRole("link", { name }).click();
  await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(guest.getByText("$95.00").first()).toBeVisible();
  await guest.close();
});

test("the product screens have no axe violations and fit a 320 px phone", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of ["/admin/products", "/admin/products/new", "/admin/products/1", "/admin/products/1/images"]) {
    await gotoHydrated(page, path);
    await expectNoAxeViolationsInBothThemes(page, path);
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, `${path}: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
  }
});
