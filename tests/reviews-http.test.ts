import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { REVIEW_MESSAGES } from "./messages.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

// The production server as its own process: on PostgreSQL when TEST_DATABASE_URL is set, else embedded.
let store: SeededStore;
let server: RunningServer;
const ADMIN = "boss@east-harlem.test";
let counter = 0;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  server = store.server;
}, 240_000);

afterAll(() => store?.stop());

describe("reviews over HTTP", () => {
  async function signedIn(email = `reviewer${++counter}-${Date.now()}@east-harlem.test`, displayName = "Ana Rivera") {
    const c = new Client(server.url);
    await registerOverHttp(c, email, displayName);
    return c;
  }

  const reviewsOf = (slug: string) => `/shop/${slug}/reviews`;
  const back = (slug: string) => ({ redirectTo: `/shop/${slug}` });

  it("tells guests to sign in, and writes nothing", async () => {
    const guest = new Client(server.url);
    const slug = "east-harlem-hoodie";
    const create = await guest.post(reviewsOf(slug), { intent: "create", rating: "5", title: "Guest review", ...back(slug) });
    expect(create.status).toBe(401);
    const text = await Client.text(create);
    expect(text).toContain(REVIEW_MESSAGES.signInToReview);
    expect(text).toContain("Sign In");
    const helpful = await guest.post(reviewsOf(slug), { intent: "helpful", reviewId: "1", ...back(slug) });
    expect(helpful.status).toBe(401);
    expect(await Client.text(helpful)).toContain(REVIEW_MESSAGES.signInForHelpful);
    // Hiding is not a product-page action at all (the back office does it, with a reason and an audit row).
    expect((await guest.post(reviewsOf(slug), { intent: "hide", reviewId: "1" })).status).toBe(400);

    const page = await Client.text(await guest.get(`/shop/${slug}`));
    expect(page).not.toContain("Guest review");
    expect(page).toContain("Sign in to write a review");
  });

  it("takes the author from the session, shows markup as text, counts helpful once and sends admins to the back office to moderate", async () => {
    const slug = "vintage-barrio-tee";
    const author = await signedIn();
    const markup = `<b>bold</b><img src=x onerror=alert(1)>`;
    // Fields a browser must not decide are ignored: the author is the session's viewer, verified comes from orders.
    const posted = await author.post(reviewsOf(slug), {
      intent: "create",
      rating: "4",
      title: "Fits like it should",
      comment: markup,
      userId: "someone-else",
      verified: "true",
      ...back(slug),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`/shop/${slug}#reviews`);

    const html = await (await new Client(server.url).get(`/shop/${slug}`)).text();
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("Ana R.");
    expect(html).not.toContain(`data-testid="verified-badge"`);
    expect(html).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":4,"reviewCount":1}');

    const again = await author.post(reviewsOf(slug), { intent: "create", rating: "1", ...back(slug) });
    expect(again.status).toBe(409);
    expect(await Client.text(again)).toContain(REVIEW_MESSAGES.alreadyReviewed);
    const bad = await author.post(reviewsOf(slug), { intent: "update", rating: "7", ...back(slug) });
    expect(bad.status).toBe(400);
    expect(await Client.text(bad)).toContain("Please choose a rating from 1 to 5 stars.");

    const reviewId = /id="review-(\d+)-title"/.exec(html)?.[1];
    expect(reviewId).toBeTruthy();
    const reader = await signedIn();
    for (let i = 0; i < 2; i++) {
      expect((await reader.post(reviewsOf(slug), { intent: "helpful", reviewId: reviewId!, ...back(slug) })).status).toBe(303);
    }
    expect(await Client.text(await reader.get(`/shop/${slug}`))).toContain("1 person found this helpful");

    const productId = /name="productId" value="(\d+)"/.exec(html)?.[1];
    expect(productId).toBeTruthy();
    const moderate = `/admin/reviews?product=${productId}`;
    const readerPage = await Client.text(await reader.get(`/shop/${slug}`));
    expect(readerPage).not.toContain("Moderate review");
    expect(readerPage).not.toContain("/admin/reviews");

    // The product page no longer hides: the old "hide" post is refused, by a customer and by an admin alike.
    const admin = await signedIn(ADMIN, "Store Boss");
    for (const who of [reader, admin]) {
      const hide = await who.post(reviewsOf(slug), { intent: "hide", reviewId: reviewId!, ...back(slug) });
      expect(hide.status).toBe(400);
      expect(await Client.text(hide)).toContain("Unknown review action.");
    }
    expect(await Client.text(await reader.get(`/shop/${slug}`))).toContain("Fits like it should");

    // An admin sees, on each review, a link to the back office's review screen filtered to this product.
    const adminPage = await Client.text(await admin.get(`/shop/${slug}`));
    expect(adminPage).not.toContain("Hide review");
    const link = new RegExp(`<a ([^>]*)>Moderate review</a>`).exec(adminPage)?.[1] ?? "";
    expect(link).toContain(`href="${moderate}"`);
    // Screen readers hear which review the link is for: its heading.
    expect(link).toContain(`aria-describedby="review-${reviewId}-title"`);
    const screen = await admin.get(moderate);
    expect(screen.status).toBe(200);
    expect(await Client.text(screen)).toContain("Fits like it should");

    // There, hiding asks a reason and lands in the audit log.
    const hidden = await admin.post(moderate, { intent: "hide", reviewId: reviewId!, reason: "Off-topic", confirmed: "yes" });
    expect(hidden.status).toBe(302);
    const audit = await Client.text(await admin.get("/admin/audit?entity=review"));
    expect(audit.replace(/<[^>]+>/g, "")).toContain("hiddenReason: none → Off-topic");
    const after = await Client.text(await new Client(server.url).get(`/shop/${slug}`));
    expect(after).not.toContain("Fits like it should");
    expect(after).toContain("No reviews yet");
    expect(after).not.toContain("aggregateRating");
  });
});
