import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers.ts";
import { linkIn, waitForMail } from "./mail.ts";
import { signInAsAdmin } from "./shopper.ts";
import { createProductInBackOffice } from "./back-office.ts";

// Notify me (ADR 0032): a guest asks to hear when a sold-out size comes back; an admin restocks it; the
// mail arrives with the product's link, and the guest buys the size that came back.

test("a guest signs up for a sold-out size, is mailed when it is restocked, and buys it from the mail's link", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const name = `Notify Journey Hoodie ${Date.now()}`;
  await signInAsAdmin(page);
  const slug = await createProductInBackOffice(page, {
    name,
    description: "A heavyweight hoodie, embroidered in Harlem.",
    drawing: "hoodie",
    price: "85.00",
    variants: [
      { size: "S", stock: 3 },
      { size: "M", stock: 0 },
    ],
  });
  const productPage = page.url();

  // The guest: M is sold out, so it is not among the sizes to buy, and Notify me offers it.
  const guest = await (await browser.newContext()).newPage();
  const email = `notify-journey-${Date.now()}@east-harlem.test`;
  await guest.goto(`/shop/${slug}`);
  await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();
  const notify = guest.getByTestId("notify-me");
  await expect(notify).toContainText("Your size sold out? Leave your email and we'll tell you when it's back.");
  await notify.getByLabel("Size and color").selectOption({ label: "M" });
  await notify.getByLabel("Email").fill(email);
  await notify.getByRole("button", { name: "Notify me" }).click();
  await expect(notify.getByRole("status")).toHaveText("You're on the list. We'll email you when it's back.");
  await expectNoAxeViolations(guest, "a product page after a Notify me sign-up");

  // The back office shows the line; the admin restocks M.
  await page.goto(productPage);
  await expect(page.getByTestId("notify-line")).toHaveText("1 person waits for a Notify me mail.");
  await page.getByRole("link", { name: "Stock and history of M" }).click();
  const restock = page.getByRole("region", { name: "Restock" });
  await restock.getByLabel("Units received").fill("2");
  await restock.getByLabel("Reason").fill("Back from the embroiderer");
  await restock.getByRole("button", { name: "Restock" }).click();
  await expect(restock.getByText("Added 2 units.")).toBeVisible();

  // The job worker mails the guest; the link leads to the page, where M can be bought again.
  const mail = await waitForMail(email, new RegExp(`^${name} is back in stock$`), 30_000);
  const link = linkIn(mail, `${baseURL}/shop/`);
  expect(link).toBe(`${baseURL}/shop/${slug}`);
  await guest.goto(link);
  await guest.getByRole("radio", { name: "M" }).check({ force: true });
  await guest.getByRole("button", { name: "Add to Cart" }).click();
  await expect(guest.getByText("Added to cart")).toBeVisible();
  await guest.close();
});
