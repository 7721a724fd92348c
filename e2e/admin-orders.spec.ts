import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { waitForMail } from "./mail.ts";
import { addFromProductPage, checkoutWith, PASSWORD, registerShopper, stockOnProductPage } from "./shopper.ts";

// An administrator runs an order from the back office; the customer follows it in their own browser.

const TOTE = { slug: "bodega-run-tote", name: "Bodega Run Tote" } as const; // $28, no options; no other journey buys it
const ADMIN_EMAIL = "boss@east-harlem.test"; // ADMIN_EMAILS in playwright.config.ts

/** Signs the admin in (registering the address on first use). */
async function signInAdmin(page: Page): Promise<void> {
  await gotoHydrated(page, "/login?mode=register");
  await page.getByLabel("Display name").fill("The Boss");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel("I accept the terms and conditions").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  const menu = page.getByRole("banner").getByRole("button", { name: "Account menu" });
  const exists = page.getByRole("main").getByRole("alert");
  await expect(menu.or(exists)).toBeVisible();
  if (await exists.isVisible()) {
    await gotoHydrated(page, "/login");
    await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
  }
  await expect(menu).toBeVisible();
}

test("an admin ships, delivers and refunds a line; the customer sees each step and gets the mail", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  // The customer buys two totes.
  const customer = await registerShopper(page, testInfo, "admin-orders");
  await addFromProductPage(page, TOTE.slug, { quantity: 2 });
  const number = await checkoutWith(page);

  // The admin finds it from the dashboard's Manage Orders.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await gotoHydrated(admin, "/admin");
  await admin.getByRole("link", { name: "Manage Orders" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await admin.getByLabel("Order number or customer email").fill(number);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin.getByTestId("order-count")).toHaveText("1 order");
  await admin.getByRole("table").getByRole("link", { name: number }).click();
  await expect(admin.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  await expect(admin.getByText("SKU ")).toBeVisible();

  // Shipping needs a tracking number: refused without one, by the field.
  await admin.getByLabel("Carrier").selectOption("UPS");
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByText("Enter a tracking number of 6 to 40 letters, digits or dashes.")).toBeVisible();
  await admin.getByLabel("Carrier").selectOption("UPS");
  await admin.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByText("The order is marked shipped and the customer was told.")).toBeVisible();
  await expect(admin.getByTestId("admin-tracking-number")).toHaveText("1Z999AA10123456784");

  // The customer sees Shipped and the tracking number, and has the mail.
  await gotoHydrated(page, "/orders");
  const card = page.getByTestId("order-card").filter({ has: page.getByRole("heading", { name: `Order ${number}`, exact: true }) });
  await expect(card.getByTestId("order-status")).toHaveText("Status: Shipped");
  await expect(card.getByTestId("tracking-number")).toHaveText("UPS 1Z999AA10123456784");
  const shippedMail = await waitForMail(customer.email, new RegExp(`${number} has shipped`));
  expect(shippedMail.text).toContain("1Z999AA10123456784");
  expect(shippedMail.text).toContain("UPS");

  // Delivered: the customer can reorder.
  await admin.getByRole("button", { name: "Mark delivered" }).click();
  await expect(admin.getByText("The order is marked delivered.")).toBeVisible();
  await gotoHydrated(page, "/orders");
  await expect(card.getByTestId("order-status")).toHaveText("Status: Delivered");
  await expect(card.getByRole("button", { name: "Reorder" })).toBeVisible();

  // Refund one tote and put it back in stock: asked to confirm first.
  const stockBefore = await stockOnProductPage(page, TOTE.slug, {});
  await admin.getByLabel("The units chosen below (with their tax)").check();
  await admin.getByLabel(/Units of Bodega Run Tote to refund/).fill("1");
  await admin.getByLabel("Put the refunded units back in stock").check();
  await admin.getByRole("button", { name: "Refund…" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText(`Refund 1 x ${TOTE.name} on ${number}, and put the units back in stock?`);
  await admin.getByRole("button", { name: "Yes, refund" }).click();
  await expect(admin.getByText("The refund was made.")).toBeVisible();
  await expect(admin.getByTestId("refunded-total")).toHaveText("$30.24");
  expect(await stockOnProductPage(page, TOTE.slug, {})).toBe(stockBefore + 1);
  const refundMail = await waitForMail(customer.email, new RegExp(`refund on your East Harlem order ${number}`));
  expect(refundMail.text).toContain("$30.24");

  // The admin pages pass axe in both schemes, and fit 360 px.
  const orderPath = new URL(admin.url()).pathname;
  const pages = ["/admin/orders", orderPath, `${orderPath}/packing-slip`];
  for (const colorScheme of ["light", "dark"] as const) {
    await admin.emulateMedia({ colorScheme });
    for (const path of pages) {
      await gotoHydrated(admin, path);
      await expectNoAxeViolations(admin, `${path} (${colorScheme})`);
    }
  }
  await admin.setViewportSize({ width: 360, height: 800 });
  for (const path of pages) {
    await gotoHydrated(admin, path);
    const overflow = await horizontalOverflow(admin);
    expect(overflow.scrollWidth, `${path} at 360 px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
  }
  await adminContext.close();
});
