import { expect, test, type Page } from "@playwright/test";
import { cartBadge, dollars, expectNoAxeViolations, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { waitForMail } from "./mail.ts";
import { addFromProductPage, CARDS, checkoutWith, fillCheckout, fillShippingAddress, registerShopper, shippingAddress, stockOnProductPage } from "./shopper.ts";

// Checkout in test mode (the default provider): the shopper pays with the test processor's cards.
// Only this file buys the 116th Street Longsleeve, so its stock moves only by what these journeys buy.
const LONGSLEEVE = { slug: "116th-street-longsleeve", name: "116th Street Longsleeve" } as const;

const payButton = (page: Page) => page.getByTestId("pay-button");
const summaryAmount = async (page: Page, id: "subtotal" | "tax" | "total") => dollars(await page.getByTestId(`summary-${id}`).textContent());

test.describe("checkout", () => {
  test("pay with 4242: the success page, the confirmation mail, the cart emptied and the stock lower", async ({ page }, testInfo) => {
    const { email } = await registerShopper(page, testInfo, "buyer");
    const before = await stockOnProductPage(page, LONGSLEEVE.slug, { size: "M", color: "Black" });
    await addFromProductPage(page, LONGSLEEVE.slug, { size: "M", color: "Black", quantity: 2 });

    await fillCheckout(page, CARDS.good);
    await expect(page.getByTestId("test-mode-note")).toContainText("no money moves");
    const subtotal = await summaryAmount(page, "subtotal");
    expect(subtotal).toBe(2 * 58);
    expect(await summaryAmount(page, "tax")).toBe(9.28);
    expect(await summaryAmount(page, "total")).toBe(125.28);
    await expect(page.getByRole("main")).toContainText("Free");
    await expect(payButton(page)).toHaveText("Pay $125.28");

    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order!" })).toBeVisible();
    const number = (await page.getByTestId("order-number").textContent()) ?? "";
    expect(number).toMatch(/^EH-\d+$/);
    expect(await summaryAmount(page, "total")).toBe(125.28);
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
    await expect(page.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    await expect(cartBadge(page)).toHaveCount(0);

    const mail = await waitForMail(email, new RegExp(`^Your East Harlem order ${number}$`));
    expect(mail.text).toContain("2 x 116th Street Longsleeve (M / Black): $116.00");
    expect(mail.text).toContain("Total: $125.28");
    expect(mail.text).not.toContain("4242 4242");

    expect(await stockOnProductPage(page, LONGSLEEVE.slug, { size: "M", color: "Black" })).toBe(before - 2);
  });

  test("a declined card shows Payment Error, keeps the cart and takes no stock; a typo, then the right card, pays", async ({ page }, testInfo) => {
    await registerShopper(page, testInfo, "declined");
    const before = await stockOnProductPage(page, LONGSLEEVE.slug, { size: "L", color: "White" });
    await addFromProductPage(page, LONGSLEEVE.slug, { size: "L", color: "White" });

    await fillCheckout(page, CARDS.declined);
    await payButton(page).click();
    const banner = page.getByTestId("payment-error");
    await expect(banner).toContainText("Payment Error");
    await expect(banner).toContainText("Your card was declined.");
    // What the shopper typed is still there.
    await expect(page.getByLabel("Full name")).toHaveValue("Ana Rivera");
    await expect(shippingAddress(page).getByLabel("City")).toHaveValue("New York");
    await expect(cartBadge(page)).toHaveText("1");
    // Nothing stays reserved: another tab sees the stock as it was.
    const tab = await page.context().newPage();
    expect(await stockOnProductPage(tab, LONGSLEEVE.slug, { size: "L", color: "White" })).toBe(before);
    await tab.close();

    // A typo the form refuses, then the right number typed into the same form: a new attempt, and it goes through.
    await page.getByLabel("Card number").fill("4242 4242 4242 4241");
    await payButton(page).click();
    await expect(page.getByLabel("Card number")).toHaveAccessibleDescription("Your card number is invalid.");
    await page.getByLabel("Card number").fill(CARDS.good);
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order!" })).toBeVisible();
    await expect(cartBadge(page)).toHaveCount(0);
    expect(await stockOnProductPage(page, LONGSLEEVE.slug, { size: "L", color: "White" })).toBe(before - 1);
  });

  test("the form refuses what it cannot charge, next to the field", async ({ page }, testInfo) => {
    await registerShopper(page, testInfo, "typo");
    await addFromProductPage(page, LONGSLEEVE.slug, { size: "XL", color: "Olive" });
    await fillCheckout(page, "4242 4242 4242 4241");
    await page.getByLabel("Full name").fill("");
    await payButton(page).click();
    await expect(page.getByRole("alert")).toHaveText("Please check the fields marked below.");
    await expect(page.getByLabel("Full name")).toHaveAccessibleDescription("Full name is required.");
    await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Card number")).toHaveAccessibleDescription("Your card number is invalid.");

    await fillCheckout(page, CARDS.good);
    await page.getByLabel("Expiry (MM/YY)").fill("01/20");
    await payButton(page).click();
    await expect(page.getByLabel("Expiry (MM/YY)")).toHaveAccessibleDescription("Your card has expired.");
    await expect(cartBadge(page)).toHaveText("1");
  });

  test("an empty cart has nothing to pay for", async ({ page }, testInfo) => {
    await registerShopper(page, testInfo, "empty");
    await gotoHydrated(page, "/checkout");
    await expect(page.getByText("Your cart is empty")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/shop");
    await expect(payButton(page)).toHaveCount(0);
  });

  test("axe finds nothing on the checkout form, the error banner and the success page, at 320 px too", async ({ page }, testInfo) => {
    await registerShopper(page, testInfo, "a11y");
    await addFromProductPage(page, LONGSLEEVE.slug, { size: "S", color: "White" });
    await fillCheckout(page, CARDS.noFunds);
    await expectNoAxeViolations(page, "/checkout");
    await payButton(page).click();
    await expect(page.getByTestId("payment-error")).toContainText("Your card has insufficient funds.");
    await expectNoAxeViolations(page, "/checkout with the Payment Error banner");
    await page.setViewportSize({ width: 320, height: 800 });
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, overflow.culprits.join(", ")).toBeLessThanOrEqual(overflow.innerWidth);
    await page.setViewportSize({ width: 1280, height: 800 });
    await checkoutWith(page, CARDS.good);
    await expectNoAxeViolations(page, "the success page");
  });
});

test.describe("checkout without JavaScript", () => {
  test("the plain form pays and shows the success page", async ({ browser }, testInfo) => {
    // Register with JavaScript, then carry the session into a context without it.
    const setup = await browser.newContext({ javaScriptEnabled: true });
    const setupPage = await setup.newPage();
    await registerShopper(setupPage, testInfo, "nojs");
    await addFromProductPage(setupPage, LONGSLEEVE.slug, { size: "XL", color: "Black" });
    const state = await setup.storageState();
    await setup.close();

    const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
    const page = await context.newPage();
    await page.goto("/checkout");
    await page.getByLabel("Full name").fill("Ana Rivera");
    await fillShippingAddress(page);
    await page.getByLabel("Card number").fill(CARDS.good);
    await page.getByLabel("Expiry (MM/YY)").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order!" })).toBeVisible();
    await expect(page.getByTestId("order-number")).toHaveText(/^EH-\d+$/);
    await context.close();
  });
});
