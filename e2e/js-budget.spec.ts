import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { seedArticles } from "../db/seed/articles.ts";
import { waitForHydration } from "./helpers.ts";

/*
 * The JavaScript budget of the browse pages (issue 16, ADR 0030), checked in CI: a page loads at most
 * 100 KB of gzipped JavaScript with it (its inline scripts and any script file). The app, which it loads
 * on the visitor's first interaction, is measured from the build's manifest (the modules of the routes on
 * screen and everything they import, not what the network happens to fetch: hovering a link prefetches
 * other routes) and held to APP_BUDGET_KB, so it cannot grow unnoticed. Sizes are the gzipped bytes
 * (level 9, as the store's static files are served), 1 KB = 1024 bytes. Each page's figures are printed.
 */
const PAGE_BUDGET_KB = 100;
/** React and React Router are about 107 KB of it; the store's own code on a browse page 55 to 65 KB. */
const APP_BUDGET_KB = 180;

interface RouterManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

/** The build's route manifest (React Router writes it as a script that assigns it to a global). */
function readManifest(): RouterManifest {
  const assets = path.resolve("build/client/assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("no route manifest in build/client/assets");
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as RouterManifest;
}

/** The app a page starts: the client entry and the modules of its routes, with every module they import. */
function appKb(manifest: RouterManifest, routeIds: string[]): { kb: number; files: number } {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  return { kb: sum([...files].map((file) => gzipKb(fs.readFileSync(path.join("build/client", file))))), files: files.size };
}

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
    const routeIds = await page.evaluate(() => Object.keys((window as Window & { __reactRouterRouteModules?: object }).__reactRouterRouteModules ?? {}));
    const app = appKb(readManifest(), routeIds);
    console.log(`${path}: with the page ${withPage.toFixed(1)} KB (inline ${inlineKb.toFixed(1)} KB); the app on interaction ${app.kb.toFixed(1)} KB in ${app.files} files (${routeIds.join(", ")})`);
    expect(withPage, `${path}: JavaScript loaded with the page, KB gzipped`).toBeLessThanOrEqual(PAGE_BUDGET_KB);
    expect(app.kb, `${path}: the app it starts on the first interaction, KB gzipped`).toBeLessThanOrEqual(APP_BUDGET_KB);
  });
}

test("a page that is not a browse page starts the app at once", async ({ page }) => {
  const files = recordScripts(page);
  await page.goto("/cart");
  await page.waitForFunction(() => (window as Window & { __appReady?: boolean }).__appReady === true);
  expect(files.size).toBeGreaterThan(0);
});
