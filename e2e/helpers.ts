import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

/** The WCAG rule sets the store is held to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The product we use most: $55, Black and White (White costs $60), sizes S M L XL. */
export const CLASSIC_TEE = {
  slug: "harlem-classic-tee",
  name: "Harlem Classic Tee",
} as const;

/**
 * Waits until React has hydrated the page, so clicks are handled by the app rather than by the
 * plain-HTML fallbacks (which work too, but behave differently: a full page load instead of in place).
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Browse pages start the app on the visitor's first interaction (ADR 0030): a mouse move is one.
  await page.mouse.move(3, 3);
  await page.mouse.move(4, 5);
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="cart-button"]');
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber") || k.startsWith("__reactProps"));
  });
}

export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** The header's Menu disclosure (below 1024 px); on a phone it shows an icon and says "Menu" to screen readers. */
export function menuButton(page: Page): Locator {
  return page.getByRole("banner").locator("summary", { hasText: /^Menu$/ });
}

export function cartButton(page: Page): Locator {
  return page.getByTestId("cart-button");
}

export function cartBadge(page: Page): Locator {
  return page.getByTestId("cart-badge");
}

export function cartDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: /Shopping Cart/ });
}

export async function openCart(page: Page): Promise<Locator> {
  await cartButton(page).click();
  const dialog = cartDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The product card whose name is exactly `name`. */
export function productCard(page: Page, name: string): Locator {
  return page.getByTestId("product-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** Opens the card's "Choose options" panel (a <details>) if it is closed. */
export async function openOptions(card: Locator): Promise<void> {
  // The summary exists once React has taken over the card (before that, "Choose options" is a link).
  const details = card.locator("details");
  if ((await details.getAttribute("open")) === null) {
    await card.getByText("Choose options").click();
  }
  await expect(details).toHaveAttribute("open", "");
}

/**
 * Picks a size and/or a colour in an options form (a card or the product page) by clicking the
 * button-like label the shopper sees; the radio inside it is visually hidden.
 */
export async function chooseOptions(scope: Locator | Page, { size, color }: { size?: string; color?: string }): Promise<void> {
  const choose = async (group: Locator, name: string) => {
    const radio = group.getByRole("radio", { name, exact: true });
    if (!(await radio.isChecked())) {
      // (A filter's inner locator is matched inside each label, so it starts from the page.)
      await group.locator("label").filter({ has: group.page().getByRole("radio", { name, exact: true }) }).click();
    }
    await expect(radio).toBeChecked();
  };
  if (size) await choose(scope.getByRole("group", { name: "Size" }), size);
  if (color) await choose(scope.getByRole("group", { name: /^Color/ }), color);
}

/** Reads "$1,234.50" as 1234.5. */
export function dollars(text: string | null): number {
  const match = /\$([\d,]+\.\d{2})/.exec(text ?? "");
  if (!match?.[1]) throw new Error(`No price in ${JSON.stringify(text)}`);
  return Number(match[1].replace(/,/g, ""));
}

/** Runs axe with the WCAG tags and fails with a readable list of what is wrong. */
export async function expectNoAxeViolations(page: Page, label: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const report = results.violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map((n) => {
          const summary = (n.failureSummary ?? "")
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
            .join(" ");
          return `      - ${n.target.join(" ")}\n        ${n.html.slice(0, 200)}${summary ? `\n        ${summary.slice(0, 300)}` : ""}`;
        })
        .join("\n");
      const more = v.nodes.length > 8 ? `\n      ... and ${v.nodes.length - 8} more` : "";
      return `  [${v.impact ?? "?"}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join("\n");
  expect(results.violations.map((v) => v.id), `axe found ${results.violations.length} violation(s) on ${label}:\n${report}`).toEqual([]);
}

/** True when the page is wider than the window (a horizontal scrollbar). */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > innerWidth + 1) {
        const id = el.id ? `#${el.id}` : "";
        const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 4).join(".")}` : "";
        culprits.push(`${el.tagName.toLowerCase()}${id}${cls} (right=${Math.round(r.right)})`);
        if (culprits.length >= 5) break;
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits };
  });
}

/**
 * Runs axe on the page as it is, in the light theme and then in the dark one (a guest's theme, and an
 * account's "auto" one, follow the system's), waiting for colour transitions to end before each look.
 */
export async function expectNoAxeViolationsInBothThemes(page: Page, label: string, include?: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await expectNoAxeViolations(page, `${label} (${colorScheme})`, include);
  }
}
