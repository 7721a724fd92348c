import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./helpers.ts";
import { signInAsAdmin } from "./shopper.ts";
import { createProductInBackOffice, newYorkLocal } from "./back-office.ts";

// A drop: an admin schedules a product with a waiting room to go on sale a few seconds from now; a guest
// waiting on its page sees the moment and a countdown; at the moment the page takes a place in the line by
// itself (the first is let in at once) and turns into Add to Cart with the deadline, without a reload.

test("a scheduled product counts down and, at the moment, joins its line and turns into Add to Cart, without a reload", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const name = `Drop Day Varsity Jacket ${Date.now()}`;
  await signInAsAdmin(page);
  // Far ahead while it is being prepared: a shopper who finds it early cannot buy it.
  const slug = await createProductInBackOffice(page, {
    name,
    description: "A wool varsity jacket with chenille letters, one run only.",
    drawing: "jacket",
    price: "180.00",
    fields: { "On sale from (New York time)": "2099-01-01T12:00:00", "Shoppers served at once": "5", "Let in per minute": "60", "Minutes to check out": "10" },
    variants: [{ size: "L", stock: 5 }],
  });

  // The release moment: twenty-five seconds from now (time enough to open the page on a busy machine).
  const moment = new Date(Date.now() + 25_000);
  const details = page.getByRole("region", { name: "Details" });
  await details.getByLabel("On sale from (New York time)").fill(newYorkLocal(moment));
  await details.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("The product was saved.")).toBeVisible();

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/shop/${slug}`);
  await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();
  const release = guest.getByTestId("release");
  await expect(release.getByRole("heading", { name: "Coming soon" })).toBeVisible();
  await expect(release).toContainText(/On sale \w+ \d+, \d{4}, \d+:\d{2} [AP]M ET/);
  await expect(guest.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
  // The countdown ticks on its own: no interaction starts anything.
  const timer = guest.getByRole("timer");
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? "", { timeout: 3000 });
  expect(Date.now()).toBeLessThan(moment.getTime());
  await expectNoAxeViolations(guest, "an upcoming product's page");

  // At the moment (within the page cache's two seconds), the page joins the line, is let in, and shows Add
  // to Cart with until when; the server sells it.
  const button = guest.getByRole("button", { name: "Add to Cart" });
  await expect(button).toBeVisible({ timeout: moment.getTime() - Date.now() + 4000 });
  await expect(guest.getByRole("timer")).toHaveCount(0);
  await expect(guest.getByTestId("queue-admitted")).toContainText(/It's your turn: you have until \d{1,2}:\d{2} [AP]M to check out\./);
  await guest.getByRole("radio", { name: "L" }).check({ force: true });
  await button.click();
  await expect(guest.getByText("Added to cart")).toBeVisible();
  await expectNoAxeViolations(guest, "a released product's page");
  await guest.close();
});
