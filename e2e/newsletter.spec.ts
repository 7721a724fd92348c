import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { linkIn, waitForMail, type StoredMail } from "./mail.ts";
import { signInAsAdmin, uniqueEmail } from "./shopper.ts";

// The newsletter as a fan and the store's staff meet it: the subscribe boxes (footer, shop), the
// confirmation mail, a newsletter sent from the back office, and its unsubscribe links.

const CONFIRM_SUBJECT = /Confirm your East Harlem newsletter subscription/;

/** An administrator writes and sends a newsletter from the back office. */
async function sendNewsletter(browser: Browser, subject: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/newsletter");
  await page.getByLabel("Subject", { exact: true }).fill(subject);
  await page.getByLabel("Message", { exact: true }).fill(`Fresh from 116th Street.\n\n- **Tees** restocked\n- Block party Saturday`);
  await page.getByRole("button", { name: "Preview and send" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`Send "${subject}" to`);
  await expect(page.getByRole("alertdialog").getByRole("strong").filter({ hasText: "Tees" })).toBeVisible();
  await page.getByRole("button", { name: "Send newsletter" }).click();
  await expect(page.getByText("The newsletter is on its way")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: subject })).toBeVisible();
  await context.close();
}

async function confirmFromMail(page: Page, email: string, baseURL: string): Promise<void> {
  const confirmation = await waitForMail(email, CONFIRM_SUBJECT);
  await page.goto(linkIn(confirmation, `${baseURL}/newsletter/confirm?token=`));
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Get the East Harlem newsletter at ${email}?`);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
}

const headerLink = (mail: StoredMail) => /^<([^>]+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1] ?? "";

test("subscribe from the footer, confirm by mail, get a newsletter and leave through its List-Unsubscribe header", async ({ page, browser, baseURL }, testInfo) => {
  const email = uniqueEmail(testInfo, "footer-fan");
  await gotoHydrated(page, "/about");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Email address for the newsletter").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  // Shown in place (the page stays), in a live region.
  await expect(footer.getByRole("status")).toHaveText("Check your inbox to confirm your subscription.");
  await expect(page).toHaveURL(/\/about$/);

  await confirmFromMail(page, email, baseURL!);
  // Asking again once subscribed says the same thing: the box never tells whether an address is known.
  await gotoHydrated(page, "/about");
  await footer.getByLabel("Email address for the newsletter").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toHaveText("Check your inbox to confirm your subscription.");

  const subject = `Uptown weekly ${Date.now()}`;
  await sendNewsletter(browser, subject);
  const letter = await waitForMail(email, new RegExp(subject));
  expect(letter.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const url = headerLink(letter);
  expect(url).toContain(`${baseURL}/newsletter/unsubscribe?token=`);

  // What a mail provider does when the reader presses its Unsubscribe button: a POST, no session.
  const res = await page.request.post(url, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, data: "List-Unsubscribe=One-Click" });
  expect(res.status()).toBe(200);
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
});

test("subscribe from the shop without JavaScript, confirm, and leave through the newsletter's body link", async ({ browser, baseURL }, testInfo) => {
  const email = uniqueEmail(testInfo, "shop-fan");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/shop");
  const box = page.getByRole("region", { name: "Stay in the loop" });
  await box.getByLabel("Email address").fill("not an address");
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Please enter a valid email address.");
  await page.getByRole("main").getByLabel("Email address").fill(email);
  await page.getByRole("main").getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Check your inbox to confirm your subscription.");

  await confirmFromMail(page, email, baseURL!);
  // The link works once.
  const confirmation = await waitForMail(email, CONFIRM_SUBJECT);
  await page.goto(linkIn(confirmation, `${baseURL}/newsletter/confirm?token=`));
  await expect(page.getByRole("alert")).toHaveText(/expired, was already used/);

  const subject = `Shop news ${Date.now()}`;
  await sendNewsletter(browser, subject);
  const letter = await waitForMail(email, new RegExp(subject));
  const link = linkIn(letter, `${baseURL}/newsletter/unsubscribe?token=`);
  await page.goto(link);
  // Opening the link changes nothing by itself (mail scanners open links): the reader presses the button.
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
  await context.close();
});

/** Axe finds nothing, light or dark, and nothing is wider than the 320 px screen. */
async function checkPage(page: Page, label: string): Promise<void> {
  await expectNoAxeViolationsInBothThemes(page, label);
  expect((await horizontalOverflow(page)).culprits, label).toEqual([]);
}

test.describe("newsletter pages at 320 px", () => {
  test.use({ viewport: { width: 320, height: 720 } });
  test.slow();

  test("the newsletter page, and the footer's box showing an error", async ({ page }) => {
    await gotoHydrated(page, "/newsletter");
    await checkPage(page, "/newsletter");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Email address for the newsletter").fill("nope");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toHaveText("Please enter a valid email address.");
    await checkPage(page, "footer box with an error");
  });

  test("the confirmation page, with a working link and a dead one", async ({ page, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, "a11y");
    const res = await page.request.post("/newsletter", { form: { email, source: "page" }, headers: { Origin: baseURL! } });
    expect(res.status()).toBe(200);
    const confirmation = await waitForMail(email, CONFIRM_SUBJECT);
    await gotoHydrated(page, linkIn(confirmation, `${baseURL}/newsletter/confirm?token=`));
    await expect(page.getByRole("button", { name: "Confirm subscription" })).toBeVisible();
    await checkPage(page, "confirmation page");
    await gotoHydrated(page, "/newsletter/confirm?token=expired-or-made-up");
    await expect(page.getByRole("alert")).toBeVisible();
    await checkPage(page, "dead confirmation link");
  });

  test("the unsubscribe page with a link that is not valid", async ({ page }) => {
    await gotoHydrated(page, "/newsletter/unsubscribe?token=1.made-up");
    await expect(page.getByRole("alert")).toHaveText(/not valid/);
    await checkPage(page, "unsubscribe page");
  });

  test("the back office's newsletter page, and its form with errors", async ({ page }) => {
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/newsletter");
    await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
    await checkPage(page, "/admin/newsletter");
    await page.getByRole("button", { name: "Preview and send" }).click();
    await expect(page.getByText("Please enter a subject.")).toBeVisible();
    await checkPage(page, "/admin/newsletter with errors");
  });
});
