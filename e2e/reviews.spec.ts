import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated, horizontalOverflow, productCard } from "./helpers.ts";
import { addFromProductPage, checkoutWith, PASSWORD, registerShopper, uniqueEmail } from "./shopper.ts";

// Each journey reviews its own product, so journeys running side by side never see each other's reviews.
const BOUGHT = { slug: "fire-escape-longsleeve", name: "Fire Escape Longsleeve" };
const LISTED = { slug: "third-avenue-crewneck", name: "Third Avenue Crewneck" };
const PLAIN = { slug: "116th-street-longsleeve", name: "116th Street Longsleeve" };

const reviewsSection = (page: Page) => page.locator("section#reviews");
const summary = (page: Page) => page.getByTestId("review-summary");
const reviewTitles = (page: Page) => reviewsSection(page).getByTestId("review").getByRole("heading", { level: 3 });

/** Picks a star in the review form by its label ("4 stars"); the radio itself is visually hidden. */
async function chooseStars(page: Page, stars: number) {
  const form = page.getByTestId("review-form");
  await form.locator("label").filter({ hasText: stars === 1 ? /^1 star$/ : new RegExp(`^${stars} stars$`) }).click();
  await expect(form.getByRole("radio", { name: stars === 1 ? "1 star" : `${stars} stars`, exact: true })).toBeChecked();
}

async function chooseFit(page: Page, fit: "Runs small" | "True to size" | "Runs large") {
  const group = page.getByTestId("review-form").getByRole("group", { name: /How does it fit/ });
  await group.locator("label").filter({ hasText: fit }).click();
  await expect(group.getByRole("radio", { name: fit })).toBeChecked();
}

/**
 * Another shopper, registered and reviewing over plain HTTP (their own cookies), as a browser without
 * JavaScript would post the forms: the quick way to give a product several reviewers.
 */
async function reviewAs(request: APIRequestContext, testInfo: TestInfo, slug: string, displayName: string, review: Record<string, string>) {
  const email = uniqueEmail(testInfo, "reviewer");
  const registered = await request.post("/login", {
    form: { intent: "register", email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: "on", displayName, redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(302);
  const posted = await request.post(`/shop/${slug}/reviews`, { form: { intent: "create", ...review, redirectTo: `/shop/${slug}` }, maxRedirects: 0 });
  expect(posted.status(), await posted.text()).toBe(303);
}

test.describe("reviews", () => {
  test("a buyer reviews what they bought: verified, the summary and fit line follow, markup stays text", async ({ page }, testInfo) => {
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await registerShopper(page, testInfo, "buyer", "Maya Torres");
    await gotoHydrated(page, `/shop/${BOUGHT.slug}`);
    await expect(summary(page)).toContainText("No reviews yet");
    await expect(summary(page).getByTestId("fit-line")).toHaveCount(0);

    await addFromProductPage(page, BOUGHT.slug, { size: "M", color: "Gray" });
    await checkoutWith(page);

    await gotoHydrated(page, `/shop/${BOUGHT.slug}`);
    await reviewsSection(page).getByText("Write a review").click();
    const form = page.getByTestId("review-form");
    const markup = "<b>bold</b><img src=x onerror=alert(1)>";
    await chooseStars(page, 4);
    await form.getByLabel("Title").fill("Warm, and <i>roomy</i>");
    await form.getByLabel("Your review").fill(markup);
    await form.getByLabel("Size you have").selectOption("M");
    await form.getByLabel("Color you have").selectOption("Gray");
    await chooseFit(page, "Runs small");
    await form.getByRole("button", { name: "Submit review" }).click();
    await expect(form.getByRole("status")).toHaveText("Thanks! Your review is posted. It shows as a verified purchase.");

    const review = reviewsSection(page).getByTestId("review");
    await expect(review).toHaveCount(1);
    await expect(review.getByTestId("verified-badge")).toHaveText("Verified purchase");
    await expect(review.getByRole("heading", { level: 3 })).toHaveText("Warm, and <i>roomy</i>");
    await expect(review.getByText(markup, { exact: true })).toBeVisible();
    await expect(review).toContainText("Maya T.");
    await expect(review).toContainText("Size: M · Color: Gray · Fit: Runs small");
    // The markup was never made into elements.
    await expect(reviewsSection(page).locator("img[src='x'], b, i")).toHaveCount(0);

    await expect(summary(page).getByTestId("review-average")).toHaveText("4.0");
    await expect(summary(page).getByTestId("review-total")).toHaveText("1 review");
    await expect(summary(page).getByTestId("review-verified-count")).toHaveText("1 verified purchase");
    await expect(summary(page).getByTestId("review-recommend")).toHaveText("100% of reviewers rate it 4 stars or more");
    await expect(summary(page).getByTestId("fit-line")).toHaveText("1 buyer says it runs small");
    await expect(page.getByRole("link", { name: "Rated 4.0 out of 5, 1 review" })).toBeVisible();

    // Their review comes back in the form for editing; the change shows at once.
    await page.reload();
    await reviewsSection(page).getByText("Edit your review").click();
    await expect(form.getByRole("radio", { name: "4 stars", exact: true })).toBeChecked();
    await expect(form.getByLabel("Title")).toHaveValue("Warm, and <i>roomy</i>");
    await chooseStars(page, 2);
    await chooseFit(page, "Runs large");
    await form.getByRole("button", { name: "Update review" }).click();
    await expect(form.getByRole("status")).toHaveText("Your review is updated. It shows as a verified purchase.");
    await expect(summary(page).getByTestId("review-average")).toHaveText("2.0");
    await expect(summary(page).getByTestId("review-recommend")).toHaveText("0% of reviewers rate it 4 stars or more");
    await expect(summary(page).getByTestId("fit-line")).toHaveText("1 buyer says it runs large");
    await expect(reviewsSection(page).getByTestId("review")).toHaveCount(1);

    // The shop's card shows the same rating.
    await gotoHydrated(page, `/shop?q=${encodeURIComponent(BOUGHT.name)}`);
    await expect(productCard(page, BOUGHT.name).getByRole("img", { name: "Rated 2.0 out of 5, 1 review" })).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test("sort, filter and see more through the URL; axe and 320 px on a page with reviews", async ({ page, playwright, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    // Eleven reviewers: ratings 5,4,3,2,1,5,4,3,2,1,5 (oldest first), sizes S, M, L in turn.
    const sizes = ["S", "M", "L"];
    for (let i = 0; i < 11; i++) {
      const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
      const rating = 5 - (i % 5);
      await reviewAs(request, testInfo, LISTED.slug, `Reviewer ${i + 1} Harlem`, {
        rating: String(rating),
        title: `Review ${i + 1}: ${rating} stars`,
        comment: `Review number ${i + 1}.`,
        size: sizes[i % 3]!,
        fit: i % 4 === 0 ? "large" : "true",
      });
      await request.dispose();
    }

    await gotoHydrated(page, `/shop/${LISTED.slug}`);
    await expect(summary(page).getByTestId("review-total")).toHaveText("11 reviews");
    await expect(summary(page).getByTestId("review-average")).toHaveText("3.2"); // 35 / 11
    await expect(summary(page).getByTestId("fit-line")).toHaveText("Most buyers say it runs true to size"); // 8 of 11
    await expect(reviewTitles(page)).toHaveCount(10);
    await expect(reviewTitles(page).first()).toHaveText("Review 11: 5 stars");
    await expect(page.getByTestId("review-count")).toHaveText("Showing 10 of 11 reviews");

    // "See more" is a link: the next ten join the list.
    await page.getByTestId("see-more-reviews").click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(reviewTitles(page)).toHaveCount(11);
    await expect(reviewTitles(page).last()).toHaveText("Review 1: 5 stars");
    await expect(page.getByTestId("see-more-reviews")).toHaveCount(0);

    // Sorting from the form puts it in the URL.
    await reviewsSection(page).getByLabel("Sort reviews", { exact: true }).selectOption("lowest");
    await expect(page).toHaveURL(/[?&]sort=lowest/);
    await expect(reviewTitles(page).first()).toHaveText("Review 10: 1 stars");

    // A typed URL is read the same way by the server, without the form.
    await page.goto(`/shop/${LISTED.slug}?rating=5&sort=oldest`);
    await expect(reviewTitles(page)).toHaveText(["Review 1: 5 stars", "Review 6: 5 stars", "Review 11: 5 stars"]);
    await expect(page.getByTestId("review-count")).toHaveText("Showing 3 of 3 reviews matching these filters");
    await expect(reviewsSection(page).getByLabel("Rating", { exact: true })).toHaveValue("5");
    await page.goto(`/shop/${LISTED.slug}?size=M&sort=highest`);
    await expect(reviewTitles(page)).toHaveText(["Review 11: 5 stars", "Review 2: 4 stars", "Review 8: 3 stars", "Review 5: 1 stars"]);

    // The summary's rows filter too.
    await gotoHydrated(page, `/shop/${LISTED.slug}`);
    await summary(page).getByRole("link", { name: /^2 stars/ }).click();
    await expect(page).toHaveURL(/[?&]rating=2/);
    await expect(reviewTitles(page)).toHaveText(["Review 9: 2 stars", "Review 4: 2 stars"]);

    // A guest is told to sign in for "Helpful".
    await reviewsSection(page).getByTestId("review").first().getByRole("button", { name: "Helpful" }).click();
    await expect(reviewsSection(page).getByText("Please sign in to mark reviews as helpful.")).toBeVisible();

    // Signed in, with the form open: axe finds nothing, and nothing scrolls sideways at 320 px.
    await registerShopper(page, testInfo, "reader");
    await gotoHydrated(page, `/shop/${LISTED.slug}`);
    const first = reviewsSection(page).getByTestId("review").first();
    await first.getByRole("button", { name: "Helpful" }).click();
    await expect(first).toContainText("You found this helpful");
    await expect(first).toContainText("1 person found this helpful");
    await reviewsSection(page).getByText("Write a review").click();
    await expect(page.getByTestId("review-form")).toBeVisible();
    await expectNoAxeViolations(page, `/shop/${LISTED.slug} with reviews`);

    await page.setViewportSize({ width: 320, height: 720 });
    const overflow = await horizontalOverflow(page);
    expect(overflow.scrollWidth, `320 px: ${overflow.culprits.join(", ")}`).toBeLessThanOrEqual(overflow.innerWidth);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page, `/shop/${LISTED.slug} with reviews (dark, 320 px)`);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the review form and the filters are plain forms", async ({ page }, testInfo) => {
      await page.goto("/login?mode=register");
      await page.getByLabel("Display name").fill("Luis Ortiz");
      await page.getByLabel("Email", { exact: true }).fill(uniqueEmail(testInfo, "plain"));
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm password").fill(PASSWORD);
      await page.getByLabel("I accept the terms and conditions").check();
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(/\/$/);

      await page.goto(`/shop/${PLAIN.slug}`);
      await reviewsSection(page).getByText("Write a review").click();
      const form = page.getByTestId("review-form");
      // The browser itself asks for the required rating before anything is sent.
      await form.getByRole("button", { name: "Submit review" }).click();
      await expect(page).toHaveURL(new RegExp(`/shop/${PLAIN.slug}$`));
      await chooseStars(page, 5);
      await form.getByLabel("Title").fill("Plain and simple");
      await form.getByLabel("Size you have").selectOption("L");
      await chooseFit(page, "True to size");
      await form.getByRole("button", { name: "Submit review" }).click();
      await expect(page).toHaveURL(new RegExp(`/shop/${PLAIN.slug}#reviews$`));
      await expect(reviewTitles(page)).toHaveText(["Plain and simple"]);
      await expect(summary(page).getByTestId("fit-line")).toHaveText("1 buyer says it runs true to size");
      await expect(reviewsSection(page).getByText("Edit your review")).toBeVisible();
      // Not bought: not verified.
      await expect(reviewsSection(page).getByTestId("verified-badge")).toHaveCount(0);

      await reviewsSection(page).getByLabel("Sort reviews", { exact: true }).selectOption("helpful");
      await reviewsSection(page).getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(/[?&]sort=helpful/);
      await expect(reviewsSection(page).getByLabel("Sort reviews", { exact: true })).toHaveValue("helpful");
    });
  });
});
