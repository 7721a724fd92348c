import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { registerShopper } from "./shopper.ts";

// Settings: the shopper sees which mails ignore the switches, and downloads everything the store holds
// about them, on a 320 px phone and with or without JavaScript.

test("a shopper downloads their data from Settings on a small phone", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const { email } = await registerShopper(page, testInfo, "my-data");
  await gotoHydrated(page, "/settings");
  await expect(page.getByText("Order receipts, tickets, RSVP emails you asked for, and account emails (verification, password reset) are always sent.")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Restock alerts" })).toBeVisible();
  const link = page.getByRole("link", { name: "Download my data" });
  await expect(link).toBeVisible();
  expect((await horizontalOverflow(page)).culprits).toEqual([]);
  await expectNoAxeViolationsInBothThemes(page, "settings");

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^east-harlem-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as { account: { email: string }; orders: unknown[] };
  expect(file.account.email).toBe(email);
  expect(file.orders).toEqual([]);
  // The page stays as it was.
  await expect(page).toHaveURL(/\/settings$/);
});
