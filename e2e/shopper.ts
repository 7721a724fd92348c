import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from "@playwright/test";
import { cartBadge, chooseOptions, gotoHydrated, waitForHydration } from "./helpers.ts";

// What a signed-in shopper does in most journeys: register, put a product in the cart, pay.

export const PASSWORD = "harlem-beats-125";

/** The test processor's cards (checkout page, test mode). */
export const CARDS = {
  good: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  noFunds: "4000 0000 0000 9995",
} as const;

let serial = 0;
/** An address nobody else in this run uses. */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  serial += 1;
  return `${label}-${Date.now()}-w${testInfo.workerIndex}-${serial}@example.test`;
}

export const accountMenuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Account menu" });

/** Registers a new account in this page and waits until it is signed in on the home page. */
export async function registerShopper(page: Page, testInfo: TestInfo, label: string, displayName?: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(testInfo, label);
  await gotoHydrated(page, "/login?mode=register");
  if (displayName) await page.getByLabel("Display name").fill(displayName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel("I accept the terms and conditions").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenuButton(page)).toBeVisible();
  await waitForHydration(page);
  return { email, password: PASSWORD };
}

/** A second shopper in a browser of their own (their own cookies), signed in. */
export async function anotherShopper(browser: Browser, testInfo: TestInfo, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await registerShopper(page, testInfo, label);
  return { context, page, ...account };
}

/** The stock label of a size and colour on the product page, as a number ("35 in stock" -> 35, "Out of stock" -> 0). */
export async function stockOnProductPage(page: Page, slug: string, options: { size?: string; color?: string }): Promise<number> {
  await gotoHydrated(page, `/shop/${slug}`);
  await chooseOptions(page.getByRole("main"), options);
  const label = page.getByRole("main").getByTestId("stock-label");
  await expect(label).toHaveText(/in stock|Out of stock/i);
  const text = (await label.textContent()) ?? "";
  return /Out of stock/i.test(text) ? 0 : Number(/(\d+) in stock/.exec(text)?.[1]);
}

/** Adds a product to the cart from its page (size, colour, quantity) and waits for the badge to count it. */
export async function addFromProductPage(page: Page, slug: string, options: { size?: string; color?: string; quantity?: number } = {}): Promise<void> {
  await gotoHydrated(page, `/shop/${slug}`);
  const main = page.getByRole("main");
  await chooseOptions(main, options);
  const before = Number((await cartBadge(page).count()) ? await cartBadge(page).textContent() : 0);
  const quantity = options.quantity ?? 1;
  if (quantity > 1) await main.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await main.getByRole("button", { name: "Add to Cart" }).click();
  await expect(cartBadge(page)).toHaveText(String(before + quantity));
}

/** The checkout form's shipping address fields (a cart of event tickets only has none). */
export const shippingAddress = (page: Page) => page.getByRole("main").getByRole("group", { name: "Shipping address" });

/** Fills the shipping address with the shopper's in East Harlem. */
export async function fillShippingAddress(page: Page): Promise<void> {
  const address = shippingAddress(page);
  await address.getByLabel("Address").fill("2150 Third Ave");
  await address.getByLabel("City").fill("New York");
  await address.getByLabel("State").fill("NY");
  await address.getByLabel("ZIP code").fill("10035");
}

/**
 * Opens the checkout page and fills the billing form, the shipping address when the cart ships, and the test
 * card; does not press Pay.
 */
export async function fillCheckout(page: Page, card: string, billing: { fullName: string; email?: string } = { fullName: "Ana Rivera" }): Promise<void> {
  await gotoHydrated(page, "/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await page.getByLabel("Full name").fill(billing.fullName);
  if (billing.email) await page.getByLabel("Email", { exact: true }).fill(billing.email);
  if (await shippingAddress(page).count()) await fillShippingAddress(page);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
}

/** Pays with the given card and waits for the success page; returns the order number shown ("EH-100001"). */
export async function checkoutWith(page: Page, card: string = CARDS.good): Promise<string> {
  await fillCheckout(page, card);
  await page.getByTestId("pay-button").click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order!" })).toBeVisible();
  return (await page.getByTestId("order-number").textContent()) ?? "";
}

/** The address in ADMIN_EMAILS (playwright.config.ts): it becomes an admin when it registers. */
export const ADMIN_EMAIL = "boss@east-harlem.test";

/** Registers (or, when a journey before has, signs in) over HTTP with the page's own cookies. */
export async function signUpOrIn(request: APIRequestContext, email: string, displayName = "Store Staff"): Promise<void> {
  const registered = await request.post("/login", {
    form: { intent: "register", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on", displayName, redirectTo: "/" },
    maxRedirects: 0,
  });
  if (registered.status() === 302) return;
  const signedIn = await request.post("/login", { form: { intent: "signin", email, password: PASSWORD, redirectTo: "/" }, maxRedirects: 0 });
  expect(signedIn.status()).toBe(302);
}

/** Signs the admin in, in this page's browser context (journeys run in parallel: whichever comes first registers). */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signUpOrIn(page.request, ADMIN_EMAIL, "The Boss");
}
