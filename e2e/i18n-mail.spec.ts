import { expect, test } from "@playwright/test";
import { CLASSIC_TEE, expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow, waitForHydration } from "./helpers.ts";
import { linkIn, waitForMail } from "./mail.ts";
import { addFromProductPage, CARDS, registerShopper } from "./shopper.ts";

// Mails in the recipient's language: a shopper who switches to Español gets their order confirmation in
// Spanish, and its link opens their order in Spanish. The Spanish pages are found by their form fields'
// names and test ids, so this journey holds whatever words the pages use.

test("a shopper switches to Español; the order confirmation mail arrives in Spanish and links to the Spanish order page", async ({ page, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  const shopper = await registerShopper(page, testInfo, "i18n-mail", "Rosa");
  await addFromProductPage(page, CLASSIC_TEE.slug, { size: "M", color: "White" });

  // The header's switcher keeps the choice on the account.
  await page.getByRole("banner").getByRole("button", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/es\/shop\/harlem-classic-tee$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  await gotoHydrated(page, "/es/checkout");
  const form = page.locator("form:has(input[name='idempotencyKey'])");
  await form.locator("input[name='fullName']").fill("Rosa Pagán");
  await form.locator("input[name='street']").fill("2150 Third Ave");
  await form.locator("input[name='city']").fill("New York");
  await form.locator("input[name='state']").fill("NY");
  await form.locator("input[name='zipCode']").fill("10035");
  await form.locator("input[name='cardNumber']").fill(CARDS.good);
  await form.locator("input[name='cardExpiry']").fill("12/34");
  await form.locator("input[name='cardCvc']").fill("123");
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/es\/checkout\/complete/);
  const number = ((await page.getByTestId("order-number").textContent()) ?? "").trim();
  expect(number).toMatch(/^EH-\d+$/);

  const mail = await waitForMail(shopper.email, new RegExp(`^Tu pedido de East Harlem ${number}$`));
  expect(mail.text).toContain("¡Hola, Rosa Pagán!");
  expect(mail.text).toContain(`Gracias por tu pedido ${number}. Ya recibimos tu pago y lo estamos preparando.`);
  expect(mail.text).toContain("Harlem Classic Tee (M / Blanco): $60.00");
  expect(mail.text).toContain("Recibes este correo porque hiciste un pedido");
  expect(mail.text).not.toContain("Thank you for your order");

  // Its link opens the order in Spanish.
  const link = linkIn(mail, `${baseURL}/es/orders/`);
  await page.goto(link);
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/es\/orders\/[A-Za-z0-9_-]+$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  for (const href of await page.getByRole("banner").getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""))) {
    if (href.startsWith("/")) expect(href, "a header link on a Spanish page").toMatch(/^\/es(\/|$)/);
  }
  await expectNoAxeViolationsInBothThemes(page, "the Spanish order page a mail links to");
  await page.setViewportSize({ width: 320, height: 800 });
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, overflow.culprits.join(", ")).toBeLessThanOrEqual(overflow.innerWidth);
});
