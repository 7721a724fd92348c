import { expect, test, type Page } from "@playwright/test";
import { dollars, expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { linkIn, waitForMail } from "./mail.ts";
import { addFromProductPage, anotherShopper, checkoutWith, registerShopper } from "./shopper.ts";

// Products no other journey buys, so their stock figures elsewhere stay as seeded.
const TEE = { slug: "salsa-breaks-tee", name: "Salsa Breaks Tee" } as const; // $48
const SHORTS = { slug: "stickball-shorts", name: "Stickball Shorts" } as const; // $45

const orderCard = (page: Page, number: string) =>
  page.getByTestId("order-card").filter({ has: page.getByRole("heading", { name: `Order ${number}`, exact: true }) });

/** Registers a shopper who buys two tees (L / Black) and one pair of shorts (M); returns the order number and the account. */
async function shopperWithAnOrder(page: Page, testInfo: Parameters<typeof registerShopper>[1]) {
  const account = await registerShopper(page, testInfo, "orders");
  await addFromProductPage(page, TEE.slug, { size: "L", color: "Black", quantity: 2 });
  await addFromProductPage(page, SHORTS.slug, { size: "M" });
  const number = await checkoutWith(page);
  expect(number).toMatch(/^EH-\d+$/);
  return { ...account, number };
}

test.describe("order history", () => {
  test("a shopper finds the order placed, filters by status, opens its details and tracks it", async ({ page }, testInfo) => {
    const account = await registerShopper(page, testInfo, "orders-empty");
    await gotoHydrated(page, "/orders");
    await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Shopping" })).toHaveAttribute("href", "/shop");

    await addFromProductPage(page, TEE.slug, { size: "L", color: "Black", quantity: 2 });
    await addFromProductPage(page, SHORTS.slug, { size: "M" });
    const number = await checkoutWith(page);

    // The success page leads to the order.
    await page.getByRole("link", { name: "View order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
    const orderPath = new URL(page.url()).pathname;
    expect(orderPath).toMatch(/^\/orders\/[A-Za-z0-9_-]{16}$/);

    // The history lists it: number, date, status, total = subtotal x 1.08, items, tracking.
    await gotoHydrated(page, "/orders");
    const card = orderCard(page, number);
    await expect(card).toBeVisible();
    await expect(card.getByTestId("order-status")).toHaveText("Status: Processing");
    await expect(card.getByText(/^Placed \w+ \d{1,2}, \d{4}$/)).toBeVisible();
    const subtotal = 2 * 48 + 45;
    expect(dollars(await card.getByTestId("order-total").textContent())).toBe(Math.round(subtotal * 1.08 * 100) / 100);
    await expect(card.getByTestId("order-total")).toHaveText("$152.28");
    await expect(card.getByRole("list", { name: `Items in order ${number}` }).getByRole("listitem")).toHaveText([
      `${TEE.name} (L / Black)Qty 2`,
      `${SHORTS.name} (M)Qty 1`,
    ]);
    await expect(card.getByTestId("tracking-number")).toHaveText("Not shipped yet");
    // Reorder is for delivered orders only.
    await expect(card.getByRole("button", { name: "Reorder" })).toHaveCount(0);

    // The tabs filter; while a tab loads, the page says so.
    const tabs = page.getByRole("navigation", { name: "Filter orders by status" });
    await expect(tabs.getByRole("link")).toHaveText(["All", "Pending", "Processing", "Shipped", "Delivered", "Cancelled"]);
    await tabs.getByRole("link", { name: "Processing" }).click();
    await expect(page).toHaveURL(/\/orders\?status=processing$/);
    await expect(tabs.getByRole("link", { name: "Processing" })).toHaveAttribute("aria-current", "page");
    await expect(orderCard(page, number)).toBeVisible();
    await tabs.getByRole("link", { name: "Shipped" }).click();
    await expect(page.getByText("No shipped orders found.")).toBeVisible();
    await expect(page.getByTestId("order-card")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Start Shopping" })).toBeVisible();

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/orders.data*", async (route) => {
      await held;
      await route.continue();
    });
    await tabs.getByRole("link", { name: "Cancelled" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading your orders..." })).toBeVisible();
    release();
    await expect(page.getByText("No cancelled orders found.")).toBeVisible();
    await expect(page.getByText("Loading your orders...")).toHaveCount(0);
    await page.unroute("**/orders.data*");
    await tabs.getByRole("link", { name: "All" }).click();
    await expect(orderCard(page, number)).toBeVisible();

    // View Details: snapshot lines, addresses, the masked card, the history.
    await orderCard(page, number).getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
    const lines = page.getByTestId("order-line");
    await expect(lines).toHaveCount(2);
    const tee = lines.filter({ hasText: TEE.name });
    await expect(tee.getByRole("link", { name: TEE.name })).toHaveAttribute("href", `/shop/${TEE.slug}`);
    await expect(tee).toContainText("SKU");
    await expect(tee).toContainText("SizeL");
    await expect(tee).toContainText("ColorBlack");
    await expect(tee).toContainText("Qty2");
    await expect(tee.getByTestId("unit-price")).toHaveText("$48.00 each");
    await expect(tee.getByTestId("line-total")).toHaveText("Line total $96.00");
    await expect(page.getByTestId("order-subtotal")).toHaveText("$141.00");
    await expect(page.getByTestId("order-tax")).toHaveText("$11.28");
    await expect(page.getByTestId("order-shipping")).toHaveText("Free");
    await expect(page.getByTestId("order-total")).toHaveText("$152.28");
    for (const heading of ["Shipping address", "Billing address"]) {
      const section = page.getByRole("region", { name: heading });
      await expect(section).toContainText("Ana Rivera");
      await expect(section).toContainText("2150 Third Ave");
      await expect(section).toContainText("New York, NY 10035");
    }
    await expect(page.getByTestId("payment-method")).toHaveText("Visa ending in 4242");
    await expect(page.getByText("4242 4242 4242 4242")).toHaveCount(0);
    const history = page.getByTestId("status-history").getByRole("listitem");
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText("Pending");
    await expect(history.nth(0)).toContainText("by you");
    await expect(history.nth(0)).toContainText("Order placed");
    await expect(history.nth(1)).toContainText("Processing");
    await expect(history.nth(1)).toContainText("Payment received");

    // Track Package: the shipment timeline and (not yet) the tracking number.
    await page.getByRole("link", { name: "Track Package" }).click();
    await expect(page).toHaveURL(new RegExp(`${orderPath}/track$`));
    await expect(page.getByRole("heading", { level: 1, name: "Track Package" })).toBeVisible();
    await expect(page.getByTestId("tracking-number")).toContainText("Not shipped yet");
    const steps = page.getByTestId("shipment-timeline").getByRole("listitem");
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText("Order placed: Completed");
    await expect(steps.nth(1)).toContainText("Processing: Current step");
    await expect(steps.nth(1)).toHaveAttribute("aria-current", "step");
    await expect(steps.nth(2)).toContainText("Shipped: Not yet");
    await expect(steps.nth(3)).toContainText("Delivered: Not yet");

    // The confirmation mail's link opens the same order.
    const mail = await waitForMail(account.email, new RegExp(`Your East Harlem order ${number}`));
    const link = new URL(linkIn(mail, "http://127.0.0.1"));
    expect(link.pathname).toBe(orderPath);
  });

  test("another shopper opening the order gets Page not found, a guest gets Authentication Required", async ({ page, browser }, testInfo) => {
    const { number } = await shopperWithAnOrder(page, testInfo);
    await page.getByRole("link", { name: "View order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
    const orderPath = new URL(page.url()).pathname;

    const other = await anotherShopper(browser, testInfo, "orders-other");
    for (const path of [orderPath, `${orderPath}/track`, "/orders/AAAAAAAAAAAAAAAA", "/orders/not-an-order"]) {
      const response = await other.page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(other.page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(other.page.getByText(number)).toHaveCount(0);
    }
    // Nor can they reorder it (the form's post answers as if it did not exist).
    const posted = await other.page.request.post(orderPath, { form: { intent: "reorder" }, headers: { Origin: new URL(page.url()).origin } });
    expect(posted.status()).toBe(404);
    await other.page.goto("/orders");
    await expect(other.page.getByText("You haven't placed any orders yet.")).toBeVisible();
    await other.context.close();

    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    const response = await guestPage.goto(orderPath);
    expect(response?.status()).toBe(401);
    await expect(guestPage.getByRole("heading", { level: 1, name: "Authentication Required" })).toBeVisible();
    await expect(guestPage.getByText(number)).toHaveCount(0);
    await guest.close();
  });

  test("the order pages pass axe, light and dark, and fit 320 px", async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const { number } = await shopperWithAnOrder(page, testInfo);
    await page.getByRole("link", { name: "View order" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
    const orderPath = new URL(page.url()).pathname;
    const pages = ["/orders", orderPath, `${orderPath}/track`, "/orders?status=shipped"];
    for (const path of pages) {
      await gotoHydrated(page, path);
      await expectNoAxeViolationsInBothThemes(page, path);
    }
    await page.setViewportSize({ width: 320, height: 800 });
    for (const path of pages) {
      await gotoHydrated(page, path);
      const overflow = await horizontalOverflow(page);
      expect(overflow.scrollWidth, `${path} at 320 px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
    }
  });

});
