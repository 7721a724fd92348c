import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { linkIn, waitForMail } from "./mail.ts";
import { checkoutWith, registerShopper, signInAsAdmin } from "./shopper.ts";
import { createProductInBackOffice, newYorkLocal } from "./back-office.ts";

// A raffle (ADR 0035): an admin puts a product up by raffle, closing in a few seconds; a shopper with a
// verified email enters on the product page; the store's own job draws when entries close; the win mail's
// link buys the unit held for the winner. Anyone can check the draw from the revealed seed.

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

test("a raffle entry, a win mail, a purchase through the link", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const name = `Raffle Night Coach Jacket ${Date.now()}`;
  // A route module that cannot load in the browser (node-only code in its bundle) reloads the page: caught here.
  const moduleErrors: string[] = [];
  page.on("console", (m) => void (/Error loading route module/.test(m.text()) && moduleErrors.push(m.text())));
  await signInAsAdmin(page);
  const slug = await createProductInBackOffice(page, {
    name,
    description: "A satin coach jacket, one unit, sold by raffle.",
    drawing: "jacket",
    price: "150.00",
    variants: [{ size: "L", stock: 1 }],
  });

  // The shopper signs up and verifies the email first: entries must be made before the close.
  const context = await browser.newContext();
  const shopper = await context.newPage();
  shopper.on("console", (m) => void (/Error loading route module/.test(m.text()) && moduleErrors.push(m.text())));
  const { email } = await registerShopper(shopper, testInfo, "raffle-fan", "Raffle Fan");
  const verification = await waitForMail(email, /^Verify your email address$/);
  await shopper.goto(linkIn(verification, `${baseURL}/api/auth/verify-email?token=`));
  await expect(shopper).toHaveURL(/\/dashboard\?verified=1$/);

  // The raffle: open now, closing forty seconds from now.
  await page.getByRole("link", { name: "Raffle", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Raffle: ${name}` })).toBeVisible();
  await page.getByLabel("Entries open (New York time)").fill(newYorkLocal(new Date(Date.now() - 3_600_000)));
  const closesAt = new Date(Date.now() + 40_000);
  await page.getByLabel("Entries close and draw (New York time)").fill(newYorkLocal(closesAt));
  await page.getByLabel("Hours a winner has to buy").fill("24");
  await page.getByRole("button", { name: "Create raffle" }).click();
  await expect(page.getByText("The raffle was saved.")).toBeVisible();

  await gotoHydrated(shopper, `/shop/${slug}`);
  const raffle = shopper.getByTestId("raffle");
  await expect(raffle.getByRole("heading", { name: "Raffle" })).toBeVisible();
  await expect(raffle).toContainText(/Entries close \w+ \d+, \d{4}, \d+:\d{2} [AP]M ET\./);
  const hash = (await raffle.getByTestId("raffle-seed-hash").textContent()) ?? "";
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(shopper.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  await expectNoAxeViolations(shopper, "a raffle's product page");
  await shopper.setViewportSize({ width: 320, height: 800 });
  expect((await horizontalOverflow(shopper)).culprits).toEqual([]);

  await raffle.getByLabel("Size").selectOption({ label: "L" });
  await raffle.getByRole("button", { name: "Enter the raffle" }).click();
  await expect(raffle.getByRole("status")).toHaveText(/^You're in\. Your entry code is [A-Z2-9]{10} \(L\)\.$/);
  const code = /code is ([A-Z2-9]{10})/.exec((await raffle.getByRole("status").textContent()) ?? "")![1]!;
  await expectNoAxeViolations(shopper, "a raffle's page after entering");

  // The draw runs when entries close (the store's job), and the win mail leaves.
  const won = await waitForMail(email, new RegExp(`^You won the ${name} raffle$`), closesAt.getTime() - Date.now() + 45_000);
  expect(won.text).toContain(`Your entry ${code} was drawn`);

  // Anyone can check the draw: the revealed seed hashes to the published hash, and ranks the entries.
  await shopper.goto(`/shop/${slug}`);
  await raffle.getByText("How the draw is fair").click();
  const seed = (await raffle.getByTestId("raffle-seed").textContent()) ?? "";
  expect(sha256(seed)).toBe(hash);
  await expect(raffle.getByTestId("raffle-ranking").getByRole("listitem")).toHaveText([code]);
  await expect(raffle).toContainText(`Your entry ${code} won! Check your email for your purchase link.`);

  // The link in the mail buys the unit held for the winner.
  await shopper.setViewportSize({ width: 1280, height: 800 });
  await shopper.goto(linkIn(won, `${baseURL}/raffles/claim/`));
  await expect(shopper.getByRole("heading", { level: 1, name: "Your raffle win" })).toBeVisible();
  await expectNoAxeViolations(shopper, "a raffle win's purchase page");
  await shopper.getByRole("button", { name: "Buy it now" }).click();
  await expect(shopper).toHaveURL(/\/checkout$/);
  await checkoutWith(shopper);
  await context.close();
  expect(moduleErrors).toEqual([]);
});
