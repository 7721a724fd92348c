import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { CLASSIC_TEE, chooseOptions, expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow, productCard } from "./helpers.ts";
import { addFromProductPage, registerShopper, signInAsAdmin } from "./shopper.ts";

// Prices in the shopper's currency: an administrator sets the euro's rate, a shopper picks euros in
// Settings and reads approximate prices ("≈ €50.60", the dollar price beside), and the checkout says the
// charge is in US dollars. On a 320 px phone, in both themes.
//
// The steps run in order in one worker, each within its own time limit; the rate is cleared after the
// last one (or after a failure), in a hook with a limit of its own, since other journeys share this store.

const APPROX_TEE = /^≈\s€50\.60$/; // $55.00 at 0.92
const PHONE = { width: 320, height: 720 };

async function expectNoOverflow(page: Page, label: string) {
  expect((await horizontalOverflow(page)).culprits, label).toEqual([]);
}

async function asAdmin(browser: Browser, work: (admin: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const admin = await context.newPage();
    await signInAsAdmin(admin);
    await gotoHydrated(admin, "/admin/currency");
    await work(admin);
  } finally {
    await context.close();
  }
}

/** A new shopper on a 320 px phone who has chosen euros in Settings. */
async function shopperInEuros(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await registerShopper(page, testInfo, label);
  await gotoHydrated(page, "/settings");
  const currency = page.getByRole("main").getByLabel("Currency");
  // Only dollars and currencies with a rate are offered.
  await expect(currency.locator("option")).toHaveText(["USD (US dollar)", "EUR (Euro)"]);
  await currency.selectOption("EUR");
  await page.getByRole("button", { name: "Save Preferences" }).click();
  await expect(page.getByText("Preferences saved.")).toBeVisible();
}

test.describe("prices in the shopper's currency", () => {
  test.describe.configure({ mode: "serial" });

  test.afterAll(async ({ browser }) => {
    await asAdmin(browser, async (admin) => {
      const clear = admin.getByRole("button", { name: "Clear rate for EUR" });
      if (await clear.count()) {
        await clear.click();
        await expect(admin.getByText("Rate cleared.")).toBeVisible();
      }
    });
  });

  test("an admin sets the euro's rate; a bad rate is refused next to its field", async ({ browser }) => {
    await asAdmin(browser, async (admin) => {
      await expect(admin.getByRole("heading", { level: 1, name: "Currency rates" })).toBeVisible();
      const eur = admin.getByRole("region", { name: "EUR: Euro" });
      await eur.getByLabel("EUR per US dollar").fill("0");
      await eur.getByRole("button", { name: "Save rate for EUR" }).click();
      await expect(eur.getByText("The rate must be between 0.0001 and 10000.00.")).toBeVisible();
      await eur.getByLabel("EUR per US dollar").fill("0.92");
      await eur.getByRole("button", { name: "Save rate for EUR" }).click();
      await expect(admin.getByText("Rate saved.")).toBeVisible();
      await expect(admin.getByTestId("rate-EUR-status")).toContainText("1 USD = 0.92 EUR, so $55.00 shows as about €50.60.");
      await expectNoOverflow(admin, "admin currency at 320 px");
      await expectNoAxeViolationsInBothThemes(admin, "admin currency");
    });
  });

  test("a shopper who picks euros reads approximate prices on the shop and the product page, the dollar price beside", async ({ page }, testInfo) => {
    await shopperInEuros(page, testInfo, "euros-browse");

    await gotoHydrated(page, "/shop");
    const card = productCard(page, CLASSIC_TEE.name);
    await expect(card.getByTestId("price")).toHaveText(APPROX_TEE);
    await expect(card.getByTestId("price-usd")).toHaveText("$55.00");
    await expectNoOverflow(page, "shop at 320 px");
    await expectNoAxeViolationsInBothThemes(page, "shop in euros");

    await gotoHydrated(page, `/shop/${CLASSIC_TEE.slug}`);
    const main = page.getByRole("main");
    await expect(main.getByTestId("price").first()).toHaveText(APPROX_TEE);
    await chooseOptions(main, { size: "S", color: "White" });
    await expect(main.getByTestId("price").first()).toHaveText(/^≈\s€55\.20$/); // $60.00
    await expect(main.getByTestId("price-usd").first()).toHaveText("$60.00");
    await expectNoOverflow(page, "product page at 320 px");
    await expectNoAxeViolationsInBothThemes(page, "product page in euros");
  });

  test("the checkout shows the amounts about in euros and charges in dollars", async ({ page }, testInfo) => {
    await shopperInEuros(page, testInfo, "euros-checkout");
    // $55.00 + 8% tax = $59.40.
    await addFromProductPage(page, CLASSIC_TEE.slug, { size: "S", color: "Black" });
    await gotoHydrated(page, "/checkout");
    await expect(page.getByTestId("summary-total")).toHaveText(/^≈\s€54\.65\s*\$59\.40$/);
    await expect(page.getByTestId("charge-note")).toHaveText("Prices in EUR are approximate. You will be charged $59.40 USD.");
    await expect(page.getByTestId("pay-button")).toHaveText("Pay $59.40");
    await expectNoOverflow(page, "checkout at 320 px");
    await expectNoAxeViolationsInBothThemes(page, "checkout in euros");
  });
});
