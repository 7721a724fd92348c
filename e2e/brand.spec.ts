import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { CLASSIC_TEE, expectNoAxeViolationsInBothThemes, gotoHydrated } from "./helpers.ts";

// The label's look as a visitor's browser (and a sharing site's crawler) gets it: its own fonts, loaded
// without moving anything; its marks in the header, the tab and on a phone's home screen; a picture for
// every shared link.

/** Sums the page's layout shifts (those not caused by input), from before it starts loading. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __shifts: string[] };
    w.__shift = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        w.__shift += entry.value;
        w.__shifts.push(`${entry.value.toFixed(4)}: ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? "?").join(" | ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function settledShift(page: Page): Promise<{ total: number; shifts: string[] }> {
  await page.evaluate(() => document.fonts.ready);
  // Two frames after the fonts: any shift they caused has been reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const w = window as unknown as { __shift: number; __shifts: string[] };
    return { total: w.__shift, shifts: w.__shifts };
  });
}

test.describe("the label's look", () => {
  test("headings are set in Anton and text in Archivo, both loaded from the store", async ({ page }) => {
    await gotoHydrated(page, "/");
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.status === "loaded").map((f) => `${f.family.replace(/["']/g, "")} ${f.weight}`);
    });
    expect(loaded).toContain("Anton 100 900");
    // Archivo's text, semibold and bold weights, each its own file (app/fonts.css).
    for (const weights of ["100 500", "501 650", "651 800"]) expect(loaded).toContain(`Archivo ${weights}`);
    const h1 = await page.locator("h1").first().evaluate((el) => getComputedStyle(el).fontFamily);
    expect(h1).toMatch(/^"?Anton"?,/);
    const body = await page.locator("body").evaluate((el) => getComputedStyle(el).fontFamily);
    expect(body).toMatch(/^"?Archivo"?,/);
    // The preloaded files are the ones the stylesheet uses: each is fetched once.
    const preloads = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(preloads).toHaveLength(4);
    const woff2 = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.endsWith(".woff2")));
    for (const href of preloads) expect(woff2.filter((n) => n === href)).toHaveLength(1);
    // A page in the store's own words needs only the core of the latin characters (scripts/font-subsets.ts).
    expect(woff2.filter((n) => /-rest-/.test(n))).toEqual([]);
  });

  test("a latin character outside the store's own texts comes from the rest of its face, fetched only for it", async ({ page }) => {
    await gotoHydrated(page, "/es/shop");
    const rest = await page.evaluate(async () => {
      const before = performance.getEntriesByType("resource").filter((e) => /-rest-/.test(e.name)).length;
      const faces = await document.fonts.load("400 16px Archivo", "Øresund");
      return {
        before,
        faces: faces.map((f) => `${f.family.replace(/["']/g, "")} ${f.weight} ${f.status}`),
        files: performance.getEntriesByType("resource").map((e) => e.name).filter((n) => /-rest-/.test(n)),
      };
    });
    // The Spanish shop needed none of it; a name with an Ø needs the one file.
    expect(rest.before).toBe(0);
    expect(rest.files).toHaveLength(1);
    expect(rest.files[0]).toMatch(/\/assets\/archivo-latin-rest-400-[\w-]+\.woff2$/);
    expect(rest.faces).toContain("Archivo 100 500 loaded");
  });

  for (const path of ["/", "/shop", `/shop/${CLASSIC_TEE.slug}`]) {
    test(`nothing moves while ${path} loads its fonts (CLS 0)`, async ({ page }) => {
      await watchLayoutShifts(page);
      await page.goto(path, { waitUntil: "load" });
      const { total, shifts } = await settledShift(page);
      expect(total, shifts.join("\n")).toBe(0);
    });
  }

  test("until the fonts arrive, the metric-matched fallbacks take the room the fonts will take", async ({ browser }) => {
    const measure = async (blockFonts: boolean) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      if (blockFonts) await page.route(/\.woff2$/, (route) => route.abort());
      await page.goto("/about", { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready);
      const boxes = await page.evaluate(() =>
        ["h1", "main h2", "main .text-lede"].map((selector) => {
          const el = document.querySelector(selector)!;
          const r = el.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(el);
          return { selector, height: r.height, textWidth: range.getBoundingClientRect().width, font: getComputedStyle(el).fontFamily };
        }),
      );
      const families = await page.evaluate(() => [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family.replace(/["']/g, "")));
      await context.close();
      return { boxes, families };
    };
    const fallback = await measure(true);
    const fonts = await measure(false);
    expect(fallback.families).not.toContain("Anton");
    expect(fonts.families).toContain("Anton");
    for (let i = 0; i < fonts.boxes.length; i++) {
      const [f, w] = [fallback.boxes[i]!, fonts.boxes[i]!];
      expect(Math.abs(f.height - w.height), `${w.selector}: same number of lines at the same height`).toBeLessThanOrEqual(2);
      expect(Math.abs(f.textWidth - w.textWidth) / w.textWidth, `${w.selector}: about as wide`).toBeLessThan(0.08);
    }
  });

  test("the tab, the home screen and the manifest have the label's icons", async ({ page, browser, request }) => {
    await page.goto("/");
    const head = page.locator("head");
    await expect(head.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");

    // The tab's icon is the label's mark written into the page (the same drawing as /favicon.svg), and the
    // browser draws it at its size.
    const favicon = await request.get("/favicon.svg");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
    const iconHref = (await head.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href")) ?? "";
    expect(iconHref).toMatch(/^data:image\/svg\+xml,/);
    const drawing = (svg: string) => [...svg.matchAll(/ d=["']([^"']+)["']/g)].map((m) => m[1]);
    const inPage = decodeURIComponent(iconHref.slice("data:image/svg+xml,".length));
    expect(inPage).toContain("<title>East Harlem</title>");
    expect(drawing(inPage)).toEqual(drawing(await favicon.text()));
    expect(drawing(inPage)).toHaveLength(3);
    const drawn = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, iconHref);
    expect(drawn).toEqual([64, 64]);

    // The manifest is linked once the page has loaded; without scripts, from the start.
    await expect(head.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScripts.newPage();
    await plain.goto("/");
    await expect(plain.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await noScripts.close();

    const touch = await request.get("/apple-touch-icon.png");
    expect(touch.headers()["content-type"]).toBe("image/png");
    expect(await sharp(await touch.body()).metadata()).toMatchObject({ format: "png", width: 180, height: 180 });

    const manifestResponse = await request.get("/manifest.webmanifest");
    expect(manifestResponse.status()).toBe(200);
    const manifest = (await manifestResponse.json()) as { name: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest.name).toBe("East Harlem");
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()["content-type"], icon.src).toBe(icon.type);
      if (icon.type === "image/png") {
        const [w, h] = icon.sizes.split("x").map(Number);
        expect(await sharp(await res.body()).metadata(), icon.src).toMatchObject({ width: w, height: h });
      }
    }
  });

  test("a shared product link shows a 1200x630 PNG card, cached for good under its version", async ({ page, request }) => {
    await page.goto(`/shop/${CLASSIC_TEE.slug}`);
    const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute("content");
    const image = await meta('property="og:image"');
    expect(image).toMatch(/^https?:\/\/[^/]+\/social\/product\/harlem-classic-tee\.png\?v=[a-z0-9]+$/);
    expect(await meta('property="og:image:type"')).toBe("image/png");
    expect(await meta('property="og:image:width"')).toBe("1200");
    expect(await meta('property="og:image:height"')).toBe("630");
    expect(await meta('name="twitter:card"')).toBe("summary_large_image");
    expect(await meta('name="twitter:image"')).toBe(image);

    const res = await request.get(image!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(res.headers()["cache-control"]).toContain("immutable");
    expect(await sharp(await res.body()).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });

    // An old version's address gets today's card, cached briefly; an unknown product, nothing.
    const stale = await request.get(`/social/product/${CLASSIC_TEE.slug}.png?v=old`);
    expect(stale.status()).toBe(200);
    expect(stale.headers()["cache-control"]).not.toContain("immutable");
    expect((await request.get("/social/product/no-such-thing.png")).status()).toBe(404);
  });

  test("the home page and the shop share branded cards too", async ({ page, request }) => {
    for (const path of ["/", "/shop"]) {
      await page.goto(path);
      const image = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(image, path).toMatch(/\/social\/page\/[a-z]+\.png\?v=/);
      const res = await request.get(image!);
      expect(res.headers()["content-type"], path).toBe("image/png");
      expect(await sharp(await res.body()).metadata(), path).toMatchObject({ width: 1200, height: 630 });
    }
  });

  test("the header's marks pass axe in both themes, and the logo link keeps its name", async ({ page }) => {
    await gotoHydrated(page, "/");
    const logo = page.getByRole("banner").getByRole("link", { name: "East Harlem, home" });
    await expect(logo).toBeVisible();
    await expect(logo.locator("svg")).toHaveCount(2);
    await expectNoAxeViolationsInBothThemes(page, "the header", "header");
    await expectNoAxeViolationsInBothThemes(page, "the footer", "footer");
  });
});
