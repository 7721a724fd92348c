import zlib from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { seedArticles } from "../db/seed/articles.ts";
import { waitForHydration } from "./helpers.ts";

/*
 * The JavaScript budget of the browse pages (issue 16, ADR 0030), checked in CI: a page loads at most
 * 100 KB of gzipped JavaScript with it (its inline scripts and any script file); the app, which it loads
 * on the visitor's first interaction, is printed (its files arrive over time, so it is not asserted). Sizes are the gzipped bytes
 * (level 9, as the store's static files are served), 1 KB = 1024 bytes. Each page's figures are printed.
 */
const PAGE_BUDGET_KB = 100;

const BROWSE_PAGES = ["/", "/shop", "/shop/harlem-classic-tee", "/music", `/culture/${seedArticles[0]!.slug}`, "/es/shop"];

const gzipKb = (text: string | Buffer) => zlib.gzipSync(text, { level: 9 }).length / 1024;

/** Every script file the page fetches, with its body, from now on. */
function recordScripts(page: Page): Map<string, number> {
  const files = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => null);
    if (body) files.set(response.url(), gzipKb(body));
  });
  return files;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

for (const path of BROWSE_PAGES) {
  test(`${path} loads at most ${PAGE_BUDGET_KB} KB of JavaScript, and the app on the first interaction`, async ({ page }) => {
    const files = recordScripts(page);
    await page.goto(path);
    await page.waitForLoadState("load");
    // Inline scripts: the page's own (hash links, the loader) and the route data React Router writes.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")].filter((s) => s.getAttribute("type") !== "text/x-app" && s.getAttribute("type") !== "application/ld+json").map((s) => s.textContent ?? ""),
    );
    const inlineKb = gzipKb(inline.join("\n"));
    const withPage = inlineKb + sum(files.values());
    expect([...files.keys()], "no script file is fetched before the visitor interacts").toEqual([]);

    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await expect.poll(() => files.size).toBeGreaterThan(0);
    const app = sum(files.values());
    console.log(`${path}: with the page ${withPage.toFixed(1)} KB (inline ${inlineKb.toFixed(1)} KB); the app on interaction ${app.toFixed(1)} KB in ${files.size} files`);
    expect(withPage, `${path}: JavaScript loaded with the page, KB gzipped`).toBeLessThanOrEqual(PAGE_BUDGET_KB);
  });
}

test("a page that is not a browse page starts the app at once", async ({ page }) => {
  const files = recordScripts(page);
  await page.goto("/cart");
  await page.waitForFunction(() => (window as Window & { __appReady?: boolean }).__appReady === true);
  expect(files.size).toBeGreaterThan(0);
});
