import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit, setReviewHidden, type AdminActor } from "../core/admin/index.ts";
import { addToCart, createCartForUser } from "../core/cart/index.ts";
import { getProductBySlug, listProducts, parseShopQuery } from "../core/catalog/index.ts";
import { placeOrder, type CheckoutDeps } from "../core/checkout/index.ts";
import { createTestProvider, type CardInput } from "../core/payments/index.ts";
import {
  createReview,
  DEFAULT_REVIEW_LIST,
  getOwnReview,
  getReviewSummary,
  listReviews,
  markHelpful,
  reviewFormSchema,
  updateReview,
  type ReviewListQuery,
} from "../core/reviews/index.ts";
import { newToken } from "../core/shared/ids.ts";
import { REVIEW_MESSAGES } from "./messages.ts";
import type { Db } from "../db/client.ts";
import { orders, products, reviews } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { TEST_BASE_URL } from "./jobs.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { BILLING, DECLINED_CARD, GOOD_CARD, SHIPPING } from "./purchase.ts";

let database: TestDatabase;
let db: Db;
let deps: CheckoutDeps;


beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  deps = { db, payments: createTestProvider(db), jobs: database.jobs, baseUrl: TEST_BASE_URL, holdTtlMs: 15 * 60_000 };
});
afterAll(() => database?.destroy());

/** The review form as a shopper fills it, parsed the way the route parses it. */
const form = (fields: Record<string, string>) => reviewFormSchema.parse(fields);
const list = (productId: number, query: Partial<ReviewListQuery> = {}, viewerId: string | null = null) =>
  listReviews(db, productId, { ...DEFAULT_REVIEW_LIST, ...query }, viewerId);

/** A tee in sizes S, M, L and colours Black and White. */
async function tee() {
  const made = await makeProduct(db, 5500, [
    { stock: 50, size: "S", color: "Black" },
    { stock: 50, size: "M", color: "Black" },
    { stock: 50, size: "L", color: "White" },
  ]);
  return { product: made.product, variant: made.variants[0]! };
}

/** Pays for one of the variant through the real checkout (test card processor); returns the result's kind. */
async function buy(userId: string, variantId: number, card: CardInput = GOOD_CARD) {
  const cartId = await createCartForUser(db, userId);
  await addToCart(db, cartId, { variantId, quantity: 1 });
  const result = await placeOrder(deps, { userId, cartId, idempotencyKey: newToken(), billing: BILLING, shipping: SHIPPING, card });
  return result.kind;
}

async function caught(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; details: Record<string, unknown> };
  }
  throw new Error("expected a refusal");
}

describe("verified purchase, decided by orders", () => {
  it("is not verified without an order", async () => {
    const { product } = await tee();
    const user = await makeUser(db);
    expect(await createReview(db, { userId: user.id, productId: product.id }, form({ rating: "4" }))).toMatchObject({ verified: false });
    expect((await list(product.id)).reviews.map((r) => r.verified)).toEqual([false]);
  });

  it("is verified after a paid order through the checkout", async () => {
    const { product, variant } = await tee();
    const user = await makeUser(db);
    expect(await buy(user.id, variant.id)).toBe("completed");
    expect(await createReview(db, { userId: user.id, productId: product.id }, form({ rating: "5" }))).toMatchObject({ verified: true });
    const [shown] = (await list(product.id)).reviews;
    expect(shown).toMatchObject({ verified: true, rating: 5 });
    expect((await getReviewSummary(db, product.id)).verifiedPurchaseCount).toBe(1);
  });

  it("is not verified after a failed payment, nor by another product's order", async () => {
    const { product, variant } = await tee();
    const other = await tee();
    const user = await makeUser(db);
    expect(await buy(user.id, variant.id, DECLINED_CARD)).toBe("failed");
    expect(await buy(user.id, other.variant.id)).toBe("completed");
    expect(await createReview(db, { userId: user.id, productId: product.id }, form({ rating: "3" }))).toMatchObject({ verified: false });
  });

  it("is decided again on each edit: a purchase since counts, a cancelled order does not", async () => {
    const { product, variant } = await tee();
    const user = await makeUser(db);
    const author = { userId: user.id, productId: product.id };
    await createReview(db, author, form({ rating: "4" }));
    expect(await buy(user.id, variant.id)).toBe("completed");
    expect(await updateReview(db, author, form({ rating: "5" }))).toMatchObject({ verified: true });
    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.userId, user.id));
    expect(await updateReview(db, author, form({ rating: "5" }))).toMatchObject({ verified: false });
  });
});

describe("one review per user and product", () => {
  it("refuses a second review with a clear message, and an edit keeps one row", async () => {
    const { product } = await tee();
    const user = await makeUser(db);
    const author = { userId: user.id, productId: product.id };
    await createReview(db, author, form({ rating: "2", title: "Too tight", size: "S" }));

    const refused = await caught(createReview(db, author, form({ rating: "5", title: "Again" })));
    expect(refused).toMatchObject({ code: "reviews.review_exists", message: REVIEW_MESSAGES.alreadyReviewed });

    await updateReview(db, author, form({ rating: "4", title: "Better after a wash", comment: "Sized up.", size: "M", color: "black", fit: "small" }));
    const rows = await db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(rows).toHaveLength(1);
    // The product's own spelling of the colour is kept.
    expect(rows[0]).toMatchObject({ rating: 4, title: "Better after a wash", comment: "Sized up.", size: "M", color: "Black", fit: "small" });
    expect(await getOwnReview(db, product.id, user.id)).toMatchObject({ rating: 4, title: "Better after a wash", hidden: false });
    const [shown] = (await list(product.id, {}, user.id)).reviews;
    expect(shown).toMatchObject({ title: "Better after a wash", mine: true });
  });

  it("lets only one of two simultaneous first reviews through", async () => {
    const { product } = await tee();
    const user = await makeUser(db);
    const author = { userId: user.id, productId: product.id };
    const results = await Promise.allSettled([createReview(db, author, form({ rating: "5" })), createReview(db, author, form({ rating: "1" }))]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(["reviews.review_exists"]);
    expect(await db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(1);
  });

  it("refuses an edit without a review, sizes and colours the product does not have, and keeps fit to clothing", async () => {
    const { product } = await tee();
    const user = await makeUser(db);
    const author = { userId: user.id, productId: product.id };
    expect(await caught(updateReview(db, author, form({ rating: "4" })))).toMatchObject({ message: REVIEW_MESSAGES.noReviewToEdit });
    expect(await caught(createReview(db, author, form({ rating: "4", size: "XXL" })))).toMatchObject({ code: "reviews.invalid_option", details: { field: "size" } });
    expect(await caught(createReview(db, author, form({ rating: "4", color: "Purple" })))).toMatchObject({ details: { field: "color" } });
    expect(await db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);

    const cap = await tee();
    await db.update(products).set({ category: "accessories" }).where(eq(products.id, cap.product.id));
    await createReview(db, { userId: user.id, productId: cap.product.id }, form({ rating: "4", fit: "large" }));
    expect((await getOwnReview(db, cap.product.id, user.id))?.fit).toBeNull();
  });
});

describe("helpful", () => {
  it("counts once per user, never the author's own", async () => {
    const { product } = await tee();
    const [author, reader, another] = await Promise.all([makeUser(db), makeUser(db), makeUser(db)]);
    const { id } = await createReview(db, { userId: author.id, productId: product.id }, form({ rating: "5" }));

    expect(await markHelpful(db, { userId: reader.id, reviewId: id })).toEqual({ counted: true, helpfulCount: 1 });
    expect(await markHelpful(db, { userId: reader.id, reviewId: id })).toEqual({ counted: false, helpfulCount: 1 });
    expect(await caught(markHelpful(db, { userId: author.id, reviewId: id }))).toMatchObject({ message: REVIEW_MESSAGES.ownReview });
    // Two votes of one user at once still count once.
    await Promise.allSettled([markHelpful(db, { userId: another.id, reviewId: id }), markHelpful(db, { userId: another.id, reviewId: id })]);

    const [shown] = (await list(product.id, {}, reader.id)).reviews;
    expect(shown).toMatchObject({ helpfulCount: 2, votedHelpful: true });
    expect((await list(product.id, {}, author.id)).reviews[0]).toMatchObject({ votedHelpful: false, mine: true });
  });
});

/** Ratings given by new users; fit and verified set as told (verified through a real paid order). */
async function reviewMany(productId: number, variantId: number, specs: { rating: number; fit?: string; verified?: boolean; size?: string; color?: string }[]) {
  const ids: number[] = [];
  for (const spec of specs) {
    const user = await makeUser(db);
    if (spec.verified) expect(await buy(user.id, variantId)).toBe("completed");
    const fields: Record<string, string> = { rating: String(spec.rating), title: `Rated ${spec.rating}` };
    if (spec.fit) fields.fit = spec.fit;
    if (spec.size) fields.size = spec.size;
    if (spec.color) fields.color = spec.color;
    ids.push((await createReview(db, { userId: user.id, productId }, form(fields))).id);
  }
  return ids;
}

describe("the summary", () => {
  it("averages to one decimal, counts each star, verified purchases and the share of 4 or more, and says how it fits", async () => {
    const { product, variant } = await tee();
    expect(await getReviewSummary(db, product.id)).toEqual({
      averageRating: 0,
      totalReviews: 0,
      ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      verifiedPurchaseCount: 0,
      recommendationPercentage: 0,
      fit: null,
    });
    await reviewMany(product.id, variant.id, [
      { rating: 5, fit: "small", verified: true },
      { rating: 5, fit: "small" },
      { rating: 4, fit: "true", verified: true },
      { rating: 3 },
      { rating: 1, fit: "small" },
      { rating: 4 },
    ]);
    // 22 / 6 = 3.666... -> 3.7; 4 of 6 rate 4 or more -> 67%.
    expect(await getReviewSummary(db, product.id)).toEqual({
      averageRating: 3.7,
      totalReviews: 6,
      ratingDistribution: { 1: 1, 2: 0, 3: 1, 4: 2, 5: 2 },
      verifiedPurchaseCount: 2,
      recommendationPercentage: 67,
      fit: { line: "Most buyers say it runs small", verdict: "small", counts: { small: 3, true: 1, large: 0 }, total: 4 },
    });
    // The shop's listing and the product page carry the same average and count.
    expect((await getProductBySlug(db, product.slug))?.rating).toEqual({ average: 3.7, count: 6 });
    await db.update(products).set({ searchText: product.slug }).where(eq(products.id, product.id));
    const shop = await listProducts(db, parseShopQuery(new URLSearchParams({ q: product.slug })));
    expect(shop.items.find((p) => p.id === product.id)?.rating).toEqual({ average: 3.7, count: 6 });
  });

  it("leaves products without reviews unrated in the listing", async () => {
    const { product } = await tee();
    expect((await getProductBySlug(db, product.slug))?.rating).toBeNull();
  });
});

describe("filters, sort and paging", () => {
  it("lists 10 a page with hasMore, filters by rating, verified, size and colour, and sorts five ways", async () => {
    const { product, variant } = await tee();
    const specs = Array.from({ length: 23 }, (_, i) => ({
      rating: (i % 5) + 1,
      verified: i < 3,
      size: i % 2 === 0 ? "S" : "M",
      color: i % 3 === 0 ? "White" : "Black",
    }));
    const ids = await reviewMany(product.id, variant.id, specs);
    // Distinct days, oldest first, so the date sorts are exact; helpful counts 0..22 in a shuffled order.
    for (const [i, id] of ids.entries()) {
      await db
        .update(reviews)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)), updatedAt: new Date(Date.UTC(2026, 0, 1 + i)), helpfulCount: (i * 7) % 23 })
        .where(eq(reviews.id, id));
    }

    const first = await list(product.id);
    expect(first).toMatchObject({ total: 23, page: 1, pageSize: 10, hasMore: true });
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0]!.id).toBe(ids[22]); // newest first by default
    const second = await list(product.id, { page: 2 });
    expect(second.reviews.map((r) => r.id)).toEqual([...ids].reverse().slice(0, 20));
    expect(second.hasMore).toBe(true);
    const all = await list(product.id, { page: 3 });
    expect(all.reviews).toHaveLength(23);
    expect(all.hasMore).toBe(false);

    expect((await list(product.id, { sort: "oldest" })).reviews[0]!.id).toBe(ids[0]);
    const highest = (await list(product.id, { sort: "highest", page: 3 })).reviews;
    expect(highest.map((r) => r.rating)).toEqual([...highest.map((r) => r.rating)].sort((a, b) => b - a));
    expect(highest[0]).toMatchObject({ rating: 5, id: ids[19] }); // the newest of the fives
    const lowest = (await list(product.id, { sort: "lowest" })).reviews;
    expect(lowest[0]).toMatchObject({ rating: 1, id: ids[20] });
    const helpful = (await list(product.id, { sort: "helpful", page: 3 })).reviews.map((r) => r.helpfulCount);
    expect(helpful).toEqual(Array.from({ length: 23 }, (_, i) => 22 - i));

    const fives = await list(product.id, { rating: 5 });
    expect(fives.total).toBe(4);
    expect(fives.reviews.every((r) => r.rating === 5)).toBe(true);
    const verified = await list(product.id, { verified: true });
    expect(verified.reviews.map((r) => r.id).sort()).toEqual(ids.slice(0, 3).sort());
    const mediumWhite = await list(product.id, { size: "M", color: "white" });
    const expected = specs.flatMap((s, i) => (s.size === "M" && s.color === "White" ? [ids[i]] : []));
    expect(mediumWhite.reviews.map((r) => r.id).sort()).toEqual(expected.sort());
    expect(mediumWhite.total).toBe(expected.length);
    expect((await list(product.id, { rating: 2, verified: true })).total).toBe(1);
    expect(await list(product.id, { size: "XL" })).toMatchObject({ total: 0, reviews: [], hasMore: false });
  });
});

describe("hiding", () => {
  // Hiding is the back office's (core/admin setReviewHidden, with a reason and an audit row); here, what it does to the shop's reviews.
  const actorOf = (u: { id: string; email: string; role: "customer" | "admin" | "super_admin" }): AdminActor => ({ id: u.id, email: u.email, role: u.role, clientIp: null });

  it("takes a review hidden in the back office out of the list, the summary and the rating, keeping who, when and why", async () => {
    const { product, variant } = await tee();
    const [five, one] = await reviewMany(product.id, variant.id, [{ rating: 5, verified: true, fit: "large" }, { rating: 1 }]);
    const customer = await makeUser(db);
    const admin = await makeUser(db, "admin");
    expect((await getReviewSummary(db, product.id)).totalReviews).toBe(2);

    const before = Date.now();
    expect(await setReviewHidden(db, actorOf(admin), five!, { hidden: true, reason: "Spam" })).toEqual({ changed: true });
    const [row] = await db.select().from(reviews).where(eq(reviews.id, five!));
    expect(row).toMatchObject({ hidden: true, hiddenBy: admin.id, hiddenReason: "Spam" });
    expect(row!.hiddenAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await listAudit(db, { entity: "review" })).rows.filter((r) => r.entityId === String(five))).toMatchObject([{ action: "hide", actorEmail: admin.email }]);

    expect((await list(product.id)).reviews.map((r) => r.id)).toEqual([one]);
    expect(await getReviewSummary(db, product.id)).toMatchObject({ averageRating: 1, totalReviews: 1, verifiedPurchaseCount: 0, recommendationPercentage: 0, fit: null });
    expect((await getProductBySlug(db, product.slug))?.rating).toEqual({ average: 1, count: 1 });

    // Hiding again keeps the first record.
    const other = await makeUser(db, "admin");
    expect(await setReviewHidden(db, actorOf(other), five!, { hidden: true, reason: "Again" })).toEqual({ changed: false });
    expect((await db.select().from(reviews).where(eq(reviews.id, five!)))[0]).toMatchObject({ hiddenBy: admin.id, hiddenReason: "Spam" });
    // A hidden review takes no votes, and its author's edit does not bring it back.
    expect(await caught(markHelpful(db, { userId: customer.id, reviewId: five! }))).toMatchObject({ code: "reviews.review_not_found" });
    const [authorRow] = await db.select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, five!));
    await updateReview(db, { userId: authorRow!.userId, productId: product.id }, form({ rating: "5", title: "Still great" }));
    expect(await getOwnReview(db, product.id, authorRow!.userId)).toMatchObject({ hidden: true, title: "Still great" });
    expect((await list(product.id)).total).toBe(1);
  });
});
