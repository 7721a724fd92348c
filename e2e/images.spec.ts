import { expect, test, type Page } from "@playwright/test";
import { CLASSIC_TEE } from "./helpers.ts";

// How pictures are placed: every <img> says its width and height (the page does not shift while they
// load), the page's largest picture is fetched first (not lazy, fetchpriority="high"; of a row of cards
// of one size, the first) and pictures well below the fold wait (loading="lazy"). On a wide screen and on
// a phone.

const PAGES = ["/", "/shop", `/shop/${CLASSIC_TEE.slug}`, "/culture", "/collections"];
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

interface Img {
  src: string;
  width: string | null;
  height: string | null;
  loading: string | null;
  fetchPriority: string | null;
  top: number;
  /** The part of it inside the first screen, in square pixels. */
  visibleArea: number;
}

async function images(page: Page): Promise<Img[]> {
  return page.locator("img").evaluateAll((els) =>
    els.map((el) => {
      const img = el as HTMLImageElement;
      const r = img.getBoundingClientRect();
      const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
      const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
      const shown = getComputedStyle(img).visibility !== "hidden" && r.width > 0 && r.height > 0;
      return {
        src: img.currentSrc || img.src,
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        fetchPriority: img.getAttribute("fetchpriority"),
        top: r.top + scrollY,
        visibleArea: shown ? w * h : 0,
      };
    }),
  );
}

/** The browser's own largest-contentful-paint element, if it is a picture: its src. */
async function lcpImage(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          const el = last?.element;
          resolve(el instanceof HTMLImageElement ? el.currentSrc || el.src : null);
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(null), 3000);
      }),
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`pictures on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of PAGES) {
      test(`${path}: sized, largest first, the rest lazy`, async ({ page }) => {
        await page.goto(path, { waitUntil: "load" });
        const all = await images(page);
        expect(all.length, "pictures on the page").toBeGreaterThan(0);

        for (const img of all) {
          expect(img.width, `width of ${img.src}`).toMatch(/^[1-9]\d*$/);
          expect(img.height, `height of ${img.src}`).toMatch(/^[1-9]\d*$/);
        }

        // The largest picture in the first screen is the page's main one: fetched first.
        const main = [...all].sort((a, b) => b.visibleArea - a.visibleArea)[0]!;
        if (main.visibleArea > 0) {
          expect(main.loading, `loading of ${main.src}`).not.toBe("lazy");
          expect(main.fetchPriority, `fetchpriority of ${main.src}`).toBe("high");
        }

        // The browser's LCP element, when it is a picture, is one the page does not hold back.
        const lcp = await lcpImage(page);
        if (lcp) {
          const img = all.find((i) => i.src === lcp);
          expect(img, `LCP picture ${lcp}`).toBeDefined();
          expect(img!.loading, `loading of the LCP picture ${lcp}`).not.toBe("lazy");
          // It is asked for first, or it ties with one that is: of a row of cards of one size, only the first is.
          const tied = all.filter((i) => i.visibleArea > 0 && i.visibleArea >= img!.visibleArea);
          expect(tied.find((i) => i.fetchPriority === "high")?.visibleArea, `fetchpriority of the LCP picture ${lcp} or one as large`).toBe(img!.visibleArea);
        }

        // Pictures more than a screen below the first one wait until they are scrolled to.
        for (const img of all.filter((i) => i.top > viewport.height * 2)) {
          expect(img.loading, `loading of ${img.src} (${Math.round(img.top)} px down)`).toBe("lazy");
        }
      });
    }
  });
}
