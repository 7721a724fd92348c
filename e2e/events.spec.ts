import { expect, test } from "@playwright/test";
import { cartBadge, expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { linkIn, waitForMail } from "./mail.ts";
import { addFromProductPage, checkoutWith, registerShopper, signInAsAdmin, uniqueEmail } from "./shopper.ts";

// Event tickets go through the shop's own cart and checkout; free events take RSVPs; staff check tickets in.

const LIVE = { slug: "rooftop-frequencies-live-session", title: "Rooftop Frequencies: Live Session" } as const;
const PAINT = { slug: "paint-the-block-art-exhibition", title: "Paint the Block: Art Exhibition" } as const;
const TEE = { slug: "wildstyle-wall-tee", size: "M", color: "Black" } as const; // no other journey counts its stock

test("Get Tickets: two tickets and a tee in one checkout, mailed with QR codes and a calendar file, listed on the order, checked in once at the door", async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const shopper = await registerShopper(page, testInfo, "tickets");
  await addFromProductPage(page, TEE.slug, { size: TEE.size, color: TEE.color });

  // From /music's Upcoming Event to the event page.
  await gotoHydrated(page, "/music");
  await page.getByRole("link", { name: /Get Tickets.*Rooftop Frequencies/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: LIVE.title })).toBeVisible();
  const general = page.getByTestId("ticket-type").filter({ has: page.getByRole("heading", { name: "General" }) });
  await expect(general).toContainText("$25.00");
  await general.getByLabel(/Quantity/).selectOption("2");
  await general.getByRole("button", { name: /Add to cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartBadge(page)).toHaveText("3");
  await expect(page.getByRole("main").getByRole("link", { name: LIVE.title })).toBeVisible();
  await expect(page.getByRole("main").getByText("General ticket")).toBeVisible();

  await checkoutWith(page);

  // The tickets mail: a QR code per ticket and an .ics file.
  const mail = await waitForMail(shopper.email, /^Your tickets: Rooftop Frequencies/);
  const pngs = mail.attachments.filter((a) => a.contentType === "image/png");
  expect(pngs).toHaveLength(2);
  for (const png of pngs) expect(Buffer.from(png.contentBase64, "base64").subarray(1, 4).toString()).toBe("PNG");
  const ics = mail.attachments.find((a) => a.filename.endsWith(".ics"));
  expect(ics?.contentType).toMatch(/text\/calendar/);
  expect(Buffer.from(ics!.contentBase64, "base64").toString()).toContain(`SUMMARY:${LIVE.title}`);
  const codes = [...mail.text.matchAll(/General: ([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})/g)].map((m) => m[1]!);
  expect(codes).toHaveLength(2);

  // The order page lists both tickets with their codes and QR codes.
  await page.getByRole("link", { name: "View order" }).click();
  const tickets = page.getByTestId("ticket");
  await expect(tickets).toHaveCount(2);
  for (const code of codes) await expect(page.getByTestId("tickets")).toContainText(code);
  await expect(tickets.first().getByRole("img", { name: /QR code of ticket/ })).toBeVisible();

  // At the door: the first scan admits, the second says when the ticket was used.
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff);
  await gotoHydrated(staff, "/admin");
  await staff.getByRole("link", { name: "Events and check-in" }).click();
  await staff.getByRole("link", { name: "Check tickets in" }).click();
  await staff.getByLabel("Ticket code").fill(codes[0]!.toLowerCase());
  await staff.getByRole("button", { name: "Check in" }).click();
  await expect(staff.getByTestId("check-in-result")).toContainText("Admit");
  await staff.getByLabel("Ticket code").fill(codes[0]!);
  await staff.getByLabel("Ticket code").press("Enter");
  await expect(staff.getByTestId("check-in-result")).toContainText(/Already checked in at \d{1,2}:\d{2} (AM|PM)/);
  await staff.getByLabel("Ticket code").fill("NOTA-REAL-CODE-HERE");
  await staff.getByRole("button", { name: "Check in" }).click();
  await expect(staff.getByTestId("check-in-result")).toContainText("No ticket has this code");

  // The customer sees the used ticket as used.
  await page.reload();
  await expect(page.getByTestId("tickets")).toContainText("Used");
});

test("RSVP Now as a guest: confirm by the mail link, get the calendar file and a cancel link", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail(testInfo, "rsvp");
  await gotoHydrated(page, "/culture");
  await page.getByRole("link", { name: /RSVP Now.*Paint the Block/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: PAINT.title })).toBeVisible();

  // Refused without a name, next to the field.
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: /RSVP|Join the waitlist/ }).click();
  await expect(page.getByText("Enter your name.")).toBeVisible();

  await page.getByLabel("Name").fill("Guest Rivera");
  await page.getByLabel("Party size").selectOption("2");
  await page.getByRole("button", { name: /RSVP|Join the waitlist/ }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(`we sent a link to ${email}`);

  const ask = await waitForMail(email, /^Confirm your RSVP/);
  await page.goto(linkIn(ask, "http"));
  await expect(page.getByRole("main").getByRole("status")).toContainText(`You're on the list for ${PAINT.title} (2 people)`);
  const confirmed = await waitForMail(email, /^You're on the list/);
  expect(confirmed.attachments.some((a) => a.filename.endsWith(".ics") && /text\/calendar/.test(a.contentType))).toBe(true);

  // The cancel link asks first, then frees the places.
  await page.goto(linkIn(confirmed, "http"));
  await page.getByRole("button", { name: "Cancel my RSVP" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("is cancelled");
});

const PAGES = [`/events/${LIVE.slug}`, `/events/${PAINT.slug}`, `/events/rsvp/cancel?token=${"x".repeat(43)}`, "/admin/events", "/admin/events/check-in", LIVE.title, PAINT.title];

test.describe("event pages", () => {
  // Each page its own test, light and dark at two widths: axe is slow on a busy machine.
  for (const target of PAGES) {
    test(`${target}: no axe violations, fits a 320 px phone`, async ({ page }) => {
      test.setTimeout(120_000);
      await signInAsAdmin(page);
      let path = target;
      if (!target.startsWith("/")) {
        // An event's back-office page, found from the list.
        await gotoHydrated(page, "/admin/events");
        path = (await page.getByRole("link", { name: target }).getAttribute("href"))!;
      }
      for (const width of [1280, 320]) {
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, path);
        await expectNoAxeViolationsInBothThemes(page, `${path} at ${width}px`);
        const overflow = await horizontalOverflow(page);
        expect(overflow.scrollWidth, `${path} at ${width}px overflows: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
      }
    });
  }
});
