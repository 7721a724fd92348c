import { expect, test } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { waitForMail } from "./mail.ts";
import { addFromProductPage, checkoutWith, registerShopper, signInAsAdmin, stockOnProductPage } from "./shopper.ts";

// An administrator runs an order from the back office; the customer follows it in their own browser.

const TOTE = { slug: "bodega-run-tote", name: "Bodega Run Tote" } as const; // $28, no options; no other journey buys it

test("an admin ships, delivers and refunds a line; the customer sees each step and gets the mail", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  // The customer buys two totes.
  const customer = await registerShopper(page, testInfo, "admin-orders");
  await addFromProductPage(page, TOTE.slug, { quantity: 2 });
  const number = await checkoutWith(page);

  // The admin finds it from the dashboard's Manage Orders.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin);
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

  // The customer's order shows the refund, to the card, and what was paid after it; it passes axe and fits 320 px.
  await gotoHydrated(page, "/orders");
  await card.getByRole("link", { name: "View Details" }).click();
  const refunds = page.getByRole("region", { name: "Refunds" });
  await expect(refunds.getByTestId("refund")).toContainText("$30.24 refunded to Visa ending in 4242 on");
  await expect(refunds.getByRole("list", { name: "Refunded items" })).toHaveText(`1 x ${TOTE.name}`);
  await expect(page.getByTestId("order-paid")).toHaveText("$30.24");
  const customerOrder = new URL(page.url()).pathname;
  await expectNoAxeViolationsInBothThemes(page, customerOrder);
  await page.setViewportSize({ width: 320, height: 800 });
  await gotoHydrated(page, customerOrder);
  const narrow = await horizontalOverflow(page);
  expect(narrow.scrollWidth, `${customerOrder} at 320 px: ${narrow.culprits.join(", ")}`).toBeLessThanOrEqual(narrow.innerWidth);

  // The admin pages pass axe in both schemes, and fit 360 px.
  const orderPath = new URL(admin.url()).pathname;
  const pages = ["/admin/orders", orderPath, `${orderPath}/packing-slip`];
  for (const path of pages) {
    await gotoHydrated(admin, path);
    await expectNoAxeViolationsInBothThemes(admin, path);
  }
  await admin.setViewportSize({ width: 360, height: 800 });
  for (const path of pages) {
    await gotoHydrated(admin, path);
    const overflow = await horizontalOverflow(admin);
    expect(overflow.scrollWidth, `${path} at 360 px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
  }
  await adminContext.close();
});
