import { expect, test } from "@playwright/test";
import { gotoHydrated, menuButton } from "./helpers.ts";

test.describe("content pages", () => {
  test("home shows the brand and its tagline", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/East Harlem/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("East Harlem");
    await expect(page.getByRole("main").getByText("Hip Hop Culture in East Harlem", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "East Harlem, home" })).toBeVisible();
  });

  test("about tells the story and its three values", async ({ page }) => {
    await page.goto("/about");
    await expect(page).toHaveTitle(/About/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const main = page.getByRole("main");
    for (const value of ["Authenticity", "Community", "Innovation"]) {
      await expect(main.getByRole("heading", { name: value, exact: true })).toBeVisible();
    }
    await expect(main.getByRole("img").first()).toBeVisible();
  });

  test("history walks through four decades and the cultural impact", async ({ page }) => {
    await page.goto("/history");
    await expect(page).toHaveTitle(/History/);
    const main = page.getByRole("main");
    const timeline = [
      ["1970s", "The Birth of a Movement"],
      ["1980s", "The Golden Era"],
      ["1990s", "Cultural Renaissance"],
      ["2000s", "Modern Evolution"],
    ] as const;
    for (const [decade, title] of timeline) {
      await expect(main.getByText(decade, { exact: true }).first()).toBeVisible();
      await expect(main.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(main.getByRole("heading", { name: "Cultural Impact" })).toBeVisible();
    for (const area of ["Music", "Dance", "Art", "Community"]) {
      await expect(main.getByRole("heading", { name: area, exact: true })).toBeVisible();
    }
  });

  test("music has the featured mix, playlists and the June 15 event", async ({ page }) => {
    // The Play buttons are the app's (before it is alive they are links to the audio files).
    await gotoHydrated(page, "/music");
    await expect(page).toHaveTitle(/Music/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Featured Mix" })).toBeVisible();
    await expect(main.getByRole("button", { name: /^Play\b/ }).first()).toBeVisible();
    await expect(main.getByRole("button", { name: /Play Playlist/ })).toHaveCount(3);
    await expect(main.getByText("June 15").first()).toBeVisible();
    await expect(main.getByRole("link", { name: /Get Tickets/ })).toBeVisible();
  });

  test("culture has articles with Read More and the July 20 event", async ({ page }) => {
    await page.goto("/culture");
    await expect(page).toHaveTitle(/Culture/);
    const main = page.getByRole("main");
    // A featured article and three article cards.
    expect(await main.getByRole("link", { name: /Read More/ }).count()).toBeGreaterThanOrEqual(3);
    await expect(main.getByText("July 20").first()).toBeVisible();
    await expect(main.getByRole("link", { name: /RSVP Now/ })).toBeVisible();
  });

  test("collections shows the featured collection, the three collections with their counts and Behind the Design", async ({ page }) => {
    await page.goto("/collections");
    await expect(page).toHaveTitle(/Collections/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Spring 2024: Urban Renaissance" })).toBeVisible();
    await expect(main.getByRole("link", { name: /Shop Collection/ })).toBeVisible();
    await expect(main.getByRole("link", { name: /View Lookbook/ })).toBeVisible();
    const cards = [
      ["Street Essentials", "8 items"],
      ["Underground Classics", "12 items"],
      ["Limited Edition", "6 items"],
    ] as const;
    for (const [name, count] of cards) {
      const card = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(count);
    }
    await expect(main.getByRole("heading", { name: "Behind the Design" })).toBeVisible();
  });

  test("signed-in-only pages ask the visitor to sign in", async ({ page }) => {
    for (const path of ["/checkout", "/dashboard", "/profile", "/orders"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(401);
      await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Go Home" })).toBeVisible();
    }
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Go to Login" })).toBeVisible();
    // The analytics page's own words (SPEC section 2).
    await page.goto("/analytics");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toBeVisible();
  });
});

test.describe("navigation", () => {
  const destinations = [
    { label: "About", path: "/about", heading: /./ },
    { label: "History", path: "/history", heading: /./ },
    { label: "Music", path: "/music", heading: /Music/i },
    { label: "Culture", path: "/culture", heading: /Culture/i },
    { label: "Shop", path: "/shop", heading: /Shop/i },
    { label: "Collections", path: "/collections", heading: /Collections/i },
    { label: "Dashboard", path: "/dashboard", heading: /Authentication Required/ },
  ];

  test("every top-nav link leads to its page, and the logo leads home", async ({ page }) => {
    await gotoHydrated(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const { label, path, heading } of destinations) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    }
    // Analytics is only in the menu of those who may read it.
    await expect(nav.getByRole("link", { name: "Analytics", exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "East Harlem, home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("main").getByText("Hip Hop Culture in East Harlem", { exact: true })).toBeVisible();
  });

  test("on a phone the links sit in the Menu", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated(page, "/");
    await menuButton(page).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveCount(destinations.length);
    await nav.getByRole("link", { name: "Collections", exact: true }).click();
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole("heading", { name: "Spring 2024: Urban Renaissance" })).toBeVisible();
    // The menu closes after choosing.
    await expect(nav).toBeHidden();
  });

  test("the old hash links land on the real pages", async ({ page }) => {
    const hashes = [
      ["/#/shop", "/shop"],
      ["/#/about", "/about"],
      ["/#/history", "/history"],
      ["/#/music", "/music"],
      ["/#/culture", "/culture"],
      ["/#/collections", "/collections"],
      ["/#/", "/"],
    ] as const;
    for (const [hash, path] of hashes) {
      await page.goto(hash);
      await expect(page, hash).toHaveURL(new RegExp(`^[^#]*${path === "/" ? "/" : path}$`));
    }
    await page.goto("/#/shop");
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
    await expect(page.getByTestId("product-card").first()).toBeVisible();
  });

  test("an old hash link followed from a page already open lands on the real page too", async ({ page }) => {
    await gotoHydrated(page, "/");
    // Only the hash changes, so the browser does not load a new page by itself.
    await page.goto("/#/collections");
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole("heading", { name: "Spring 2024: Urban Renaissance" })).toBeVisible();
    await page.goto("/collections#/shop");
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
  });

  test("an unknown address shows Page not found", async ({ page }) => {
    const response = await page.goto("/no-such-page/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await page.getByRole("main").getByRole("link", { name: "Go Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the service answers health checks, robots.txt and the sitemap", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(health.headers()["content-type"]).toContain("application/json");
    expect(await health.json()).toMatchObject({ status: "ok" });

    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/Sitemap: \S+\/sitemap\.xml/);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    for (const path of ["/about", "/history", "/music", "/culture", "/shop", "/collections"]) {
      expect(xml).toContain(`${path}</loc>`);
    }
  });
});
