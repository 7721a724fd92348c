import { expect, test } from "@playwright/test";
import { cartBadge, chooseOptions, expectNoAxeViolations, gotoHydrated, horizontalOverflow, waitForHydration } from "./helpers.ts";
import { anotherShopper, checkoutWith, signInAsAdmin } from "./shopper.ts";
import { createProductInBackOffice } from "./back-office.ts";

// A drop's waiting room (ADR 0034): one shopper served at once. The first is let in and holds the place; the
// second waits on the light waiting page with their place, and when the first has bought, that page opens the
// product page by itself and they buy.

test("the waiting room admits and the visitor buys", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const name = `Line Up Hoodie ${Date.now()}`;
  await signInAsAdmin(page);
  const slug = await createProductInBackOffice(page, {
    name,
    description: "A heavyweight hoodie, one run only.",
    drawing: "hoodie",
    price: "90.00",
    fields: { "Shoppers served at once": "1", "Let in per minute": "60", "Minutes to check out": "10" },
    variants: [{ size: "L", stock: 5 }],
  });

  // The first shopper is let in at once and holds the only place.
  const first = await anotherShopper(browser, testInfo, "first-in-line");
  // (Its page starts the app on the first interaction, ADR 0030: the helper makes one and waits for it.)
  await gotoHydrated(first.page, `/shop/${slug}`);
  await expect(first.page.getByTestId("queue-admitted")).toContainText(/It's your turn: you have until \d{1,2}:\d{2} [AP]M to check out\./);

  // The second waits at the product's address on the waiting page: their place, no Add to Cart, no app.
  const second = await anotherShopper(browser, testInfo, "second-in-line");
  await second.page.setViewportSize({ width: 320, height: 800 });
  await second.page.goto(`/shop/${slug}`);
  await expect(second.page.getByRole("heading", { level: 1, name })).toBeVisible();
  const room = second.page.getByTestId("waiting-room");
  await expect(room.getByRole("heading", { name: "You're in line" })).toBeVisible();
  await expect(room.getByTestId("queue-position")).toHaveText("Your place in line: 1");
  await expect(room).toContainText("Nobody is ahead of you.");
  await expect(room.getByRole("link", { name: "Check my place" })).toBeVisible();
  await expect(second.page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  expect((await horizontalOverflow(second.page)).culprits).toEqual([]);
  await expectNoAxeViolations(second.page, "the waiting room");

  // The first buys: their place is done, and the line moves.
  const main = first.page.getByRole("main");
  await chooseOptions(main, { size: "L" });
  await main.getByRole("button", { name: "Add to Cart" }).click();
  await expect(cartBadge(first.page)).toHaveText("1");
  await checkoutWith(first.page);

  // The waiting page asks for its place every few seconds and, let in, opens the product page.
  const addToCart = second.page.getByRole("button", { name: "Add to Cart" });
  await expect(addToCart).toBeVisible({ timeout: 20_000 });
  await expect(second.page).toHaveURL(new RegExp(`/shop/${slug}$`));
  await waitForHydration(second.page);
  await expect(second.page.getByTestId("queue-admitted")).toContainText("It's your turn");
  await expect(room).toHaveCount(0);
  await expectNoAxeViolations(second.page, "a product page once let in");
  await chooseOptions(second.page.getByRole("main"), { size: "L" });
  await addToCart.click();
  await expect(cartBadge(second.page)).toHaveText("1");
  await second.page.setViewportSize({ width: 1280, height: 800 });
  // The checkout says until when the pass holds.
  await gotoHydrated(second.page, "/checkout");
  await expect(second.page.getByTestId("summary-line-pass")).toHaveText(/^Check out by \d{1,2}:\d{2} [AP]M: your turn in line ends then\.$/);
  await checkoutWith(second.page);
  await first.context.close();
  await second.context.close();
});
