import { expect, type Page } from "@playwright/test";

/** An instant as New York wall-clock time with seconds, as the back office's datetime-local field takes it. */
export function newYorkLocal(at: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

export interface NewProduct {
  name: string;
  description: string;
  /** The drawing (art kind) shown until photographs are added. */
  drawing: string;
  /** Base price in dollars, as typed: "90.00". */
  price: string;
  /** More of the new-product form's fields, by label, as typed ("On sale from (New York time)", "Shoppers served at once", ...). */
  fields?: Record<string, string>;
  /** Its variants, each added with its initial stock. */
  variants: { size: string; stock: number }[];
}

/**
 * An admin (already signed in on `page`) creates an active product in the back office and adds its variants,
 * as the journeys' drops need; answers its slug. The page is left on the product's editor.
 */
export async function createProductInBackOffice(page: Page, product: NewProduct): Promise<string> {
  await page.goto("/admin/products/new");
  await page.getByLabel("Name", { exact: true }).fill(product.name);
  await page.getByLabel("Description", { exact: true }).fill(product.description);
  await page.getByLabel("Drawing").selectOption(product.drawing);
  await page.getByLabel("Base price (USD)").fill(product.price);
  await page.getByLabel("Status").selectOption("active");
  for (const [label, value] of Object.entries(product.fields ?? {})) await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByText("The product was created.")).toBeVisible();
  const addVariant = page.getByRole("form", { name: "Add a variant" });
  for (const variant of product.variants) {
    await addVariant.getByLabel("Size").fill(variant.size);
    await addVariant.getByLabel("Initial stock").fill(String(variant.stock));
    await addVariant.getByRole("button", { name: "Add variant" }).click();
    await expect(page.getByText("The variant was added.")).toBeVisible();
  }
  return page.getByLabel("Slug").inputValue();
}
