import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolationsInBothThemes, gotoHydrated, horizontalOverflow } from "./helpers.ts";
import { signInAsAdmin } from "./shopper.ts";

// The Music page's player: the featured mix plays and its progress moves; the mini player in the layout
// keeps playing across a client-side page change; Play Playlist plays that list from its first track and
// Next goes on to the second. There may be no sound card: what is asserted is the <audio> element's state
// and what the page shows.

const audioState = (page: Page) =>
  page.getByTestId("site-audio").evaluate((el: HTMLAudioElement) => ({ paused: el.paused, time: el.currentTime, src: el.currentSrc }));

async function expectAdvancing(page: Page) {
  const before = (await audioState(page)).time;
  await expect.poll(async () => (await audioState(page)).time, { timeout: 20_000 }).toBeGreaterThan(before + 0.5);
  expect((await audioState(page)).paused).toBe(false);
}

const miniPlayer = (page: Page) => page.getByRole("region", { name: "Music player" });

test.describe("music player", () => {
  // Each journey listens to real seconds of audio: a loaded machine needs room.
  test.describe.configure({ timeout: 120_000 });
  test("the featured mix plays, and the player goes on across pages", async ({ page }) => {
    await gotoHydrated(page, "/music");
    const mix = page.getByRole("article", { name: "Vol. 1: Uptown After Dark" });
    await expect(mix.getByTestId("mix-length")).toContainText("4 tracks");
    await mix.getByRole("button", { name: "Play: Vol. 1: Uptown After Dark" }).click();

    await expect(miniPlayer(page).getByTestId("mini-player-title")).toHaveText("Rooftop Intro");
    await expectAdvancing(page);
    // The mix's own progress moves: its slider's value and its clock.
    const slider = mix.getByRole("slider", { name: "Seek in Rooftop Intro" });
    await expect.poll(async () => Number(await slider.inputValue()), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect(mix.getByRole("button", { name: "Pause: Vol. 1: Uptown After Dark" })).toBeVisible();

    // A client-side page change (a link, no reload): the marker survives, and so does the music.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole("banner").getByRole("link", { name: "Shop", exact: true }).click();
    await expect(page).toHaveURL(/\/shop$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // (On a slow machine the first track may have ended by now: the mix goes on with the next one.)
    await expect(miniPlayer(page)).toContainText("Uptown After Dark");
    await expectAdvancing(page);

    // Keyboard: Pause and Play by Enter; the slider seeks (Home to the start, an arrow 5 s on). Paused
    // first, so the clock does not run between a key and its check on a slow machine.
    await miniPlayer(page).getByRole("button", { name: "Pause", exact: true }).press("Enter");
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    const seek = miniPlayer(page).getByRole("slider", { name: /^Seek in / });
    await seek.press("Home");
    await expect.poll(async () => (await audioState(page)).time).toBeLessThan(1);
    await seek.press("ArrowRight");
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThanOrEqual(4.5);
    expect((await audioState(page)).time).toBeLessThan(7);
    await miniPlayer(page).getByRole("button", { name: "Play", exact: true }).press("Enter");
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  });

  test("Play pressed before the page's app is alive plays here, rather than opening the audio file", async ({ page }) => {
    // No interaction yet: the app starts on the press itself, and the press is replayed on the player's button.
    await page.goto("/music");
    const mix = page.getByRole("article", { name: "Vol. 1: Uptown After Dark" });
    await mix.getByRole("link", { name: "Play: Vol. 1: Uptown After Dark" }).click();
    await expect(miniPlayer(page).getByTestId("mini-player-title")).toHaveText("Rooftop Intro");
    await expect(page).toHaveURL(/\/music$/);
    await expectAdvancing(page);
  });

  test("Play Playlist plays that list in order, and Next goes to its second track", async ({ page }) => {
    await gotoHydrated(page, "/music");
    const card = page.getByRole("article", { name: "Harlem Classics" });
    await expect(card.getByTestId("playlist-track-count")).toHaveText("4 tracks");
    await card.getByRole("button", { name: "Play Playlist: Harlem Classics" }).click();
    await expect(miniPlayer(page).getByTestId("mini-player-title")).toHaveText("116th Street Break");
    await expect.poll(async () => (await audioState(page)).src).toMatch(/\/audio\/seed\/classics-1-[0-9a-f]+\.mp3$/);
    await expectAdvancing(page);

    await miniPlayer(page).getByRole("button", { name: "Next track" }).click();
    await expect(miniPlayer(page).getByTestId("mini-player-title")).toHaveText("Stoop Kings");
    await expect.poll(async () => (await audioState(page)).src).toMatch(/\/audio\/seed\/classics-2-[0-9a-f]+\.mp3$/);
    await expectAdvancing(page);
    await expect(miniPlayer(page)).toContainText("Harlem Classics (2/4)");

    // Previous at the start of a track goes back one (paused and sought to 0:00 first, so a slow machine
    // cannot let three seconds pass, after which Previous restarts the track instead).
    await miniPlayer(page).getByRole("button", { name: "Pause", exact: true }).click();
    await miniPlayer(page).getByRole("slider", { name: "Seek in Stoop Kings" }).press("Home");
    await expect.poll(async () => (await audioState(page)).time).toBeLessThan(1);
    await miniPlayer(page).getByRole("button", { name: "Previous track" }).click();
    await expect(miniPlayer(page).getByTestId("mini-player-title")).toHaveText("116th Street Break");
    await card.getByText("Track list").click();
    await expect(card.getByTestId("track").first()).toHaveAttribute("aria-current", "true");
  });

  // Each test looks at its pages in the light theme and then in the dark one.
  test("the Music page meets WCAG 2.2 AA, fits 320 px and respects reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, "/music");
    await expectNoAxeViolationsInBothThemes(page, "/music");
    // With the mini player open too.
    await page.getByRole("article", { name: "Underground Heat" }).getByRole("button", { name: "Play Playlist: Underground Heat" }).click();
    await expect(miniPlayer(page)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, "/music playing");
    // Reduced motion: the equalizer's bars stand still.
    const animation = await page.getByTestId("equalizer").locator("span").first().evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe("none");
    await page.setViewportSize({ width: 320, height: 720 });
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, overflow.culprits.join(", ")).toBeLessThanOrEqual(overflow.innerWidth);
  });

  test("the music back office meets WCAG 2.2 AA and fits 320 px", async ({ page }) => {
    await signInAsAdmin(page);
    await gotoHydrated(page, "/admin/music");
    await expect(page.getByTestId("admin-playlist").filter({ hasText: "Uptown After Dark" })).toContainText("4 tracks");
    await expectNoAxeViolationsInBothThemes(page, "/admin/music");
    await page.getByRole("link", { name: "Vol. 1: Uptown After Dark" }).click();
    await expect(page.getByTestId("admin-track")).toHaveCount(4);
    await expectNoAxeViolationsInBothThemes(page, "a playlist's page");
    await page.setViewportSize({ width: 320, height: 720 });
    const adminOverflow = await horizontalOverflow(page);
    expect(adminOverflow.scrollWidth, adminOverflow.culprits.join(", ")).toBeLessThanOrEqual(adminOverflow.innerWidth);
  });
});
