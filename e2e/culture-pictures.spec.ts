import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoAxeViolations, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { signInAsAdmin } from "./shopper.ts";

// An administrator gives a story a photograph of their own: it is uploaded with the story's form, and the
// story page shows it (a resized file from /media, not the drawn art). The changed admin page passes axe and
// fits a 320 px phone.

async function photo(): Promise<Buffer> {
  const width = 900;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 29) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

test("an admin uploads a picture for a story and sees it on the story page", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const title = `Block Party Photos ${Date.now()}`;
  await signInAsAdmin(page);
  await gotoHydrated(page, "/admin/articles/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Category", { exact: true }).fill("Community");
  await page.getByLabel("Author").fill("Ana Rivera");
  await page.getByLabel("Excerpt", { exact: true }).fill("The block party, in our own photographs.");
  await page.getByLabel("Picture description", { exact: true }).fill("Neighbours dancing under string lights on 116th Street.");
  await page.getByLabel(/^Upload a photo/).setInputFiles({ name: "block-party.png", mimeType: "image/png", buffer: await photo() });
  await page.getByLabel("Body (markdown)", { exact: true }).fill("Every August the street closes and the speakers come out.");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByTestId("article-status")).toHaveText(/Draft/, { timeout: 30_000 });
  // The edit page shows the uploaded photo with the box that keeps it.
  await expect(page.getByLabel(/Show the uploaded photo/)).toBeChecked();
  const editUrl = page.url().replace(/\?.*$/, "");

  await page.getByRole("button", { name: new RegExp(`^Publish\\s*: ${title}$`) }).click();
  await expect(page.getByTestId("article-status")).toHaveText(/Published/, { timeout: 30_000 });
  const slug = await page.getByRole("main").getByLabel("Address").inputValue();

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/culture/${slug}`);
  await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const picture = guest.getByRole("img", { name: "Neighbours dancing under string lights on 116th Street." });
  await expect(picture).toHaveAttribute("src", /^\/media\/pictures\/[A-Za-z0-9_-]+-\d+\.webp$/);
  await expect(picture).toHaveAttribute("srcset", /320w/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await guestContext.close();

  // The changed admin page: axe in both colour schemes, and no sideways scrolling on a 320 px phone.
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await gotoHydrated(page, editUrl);
    await expectNoAxeViolations(page, `admin story with an uploaded photo (${colorScheme})`);
  }
  await page.setViewportSize({ width: 320, height: 800 });
  await gotoHydrated(page, editUrl);
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth, overflow.culprits.join(", ")).toBeLessThanOrEqual(overflow.innerWidth);
});

test("the other changed admin pages (a collection's looks, a playlist, an event) pass axe and fit a phone", async ({ page }) => {
  test.setTimeout(150_000);
  await signInAsAdmin(page);
  const firstLink = async (list: string, pattern: RegExp) => {
    await gotoHydrated(page, list);
    const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    return hrefs.find((h) => pattern.test(h))!;
  };
  const pages = [await firstLink("/admin/collections", /^\/admin\/collections\/\d+$/), await firstLink("/admin/music", /^\/admin\/music\/\d+$/), await firstLink("/admin/events", /^\/admin\/events\/\d+$/)];
  for (const path of pages) {
    expect(path).toBeTruthy();
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, path);
    await expect(page.getByLabel(/^Upload a (photo|cover photo|poster photo)/).first()).toBeAttached();
    await expectNoAxeViolations(page, path);
    await page.setViewportSize({ width: 320, height: 800 });
    await gotoHydrated(page, path);
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, `${path}: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
  }
});
