import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orderItems, orders, products, reviewHelpfulVotes, reviews, users, variants, type Category } from "../../db/schema/index.ts";
import { PAID_STATUSES } from "../orders/index.ts";
import type { ReviewListQuery } from "./inputs.ts";
import {
  asksFit,
  emptyDistribution,
  REVIEW_PAGE_SIZE,
  reviewerName,
  summarize,
  type FitAnswer,
  type ReviewSummary,
  type Stars,
} from "./rules.ts";

/** What a review says, as its author wrote it and as the store decided (verified). */
interface ReviewContent {
  id: number;
  rating: Stars;
  title: string;
  comment: string;
  size: string | null;
  color: string | null;
  fit: FitAnswer | null;
  verified: boolean;
}

/** A review as a shopper sees it: no account id, no email. */
export interface ReviewView extends ReviewContent {
  helpfulCount: number;
  authorName: string;
  createdAt: Date;
  /** Set when the author changed the review after posting it. */
  editedAt: Date | null;
  /** Written by the viewer. */
  mine: boolean;
  /** The viewer has marked it helpful. */
  votedHelpful: boolean;
}

export interface ReviewPage {
  reviews: ReviewView[];
  /** Reviews matching the filters. */
  total: number;
  /** Pages shown (the list holds pages 1..page). */
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** The reviewer's own review, for the edit form (hidden ones too: the author is told it is hidden). */
export interface OwnReview extends ReviewContent {
  hidden: boolean;
  updatedAt: Date;
}

/** The columns behind ReviewContent. */
const contentColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  comment: reviews.comment,
  size: reviews.size,
  color: reviews.color,
  fit: reviews.fit,
  verified: reviews.verified,
};

/** What a review of a product may say about it: the product's own sizes and colours, and whether fit applies. */
export interface ReviewableProduct {
  id: number;
  name: string;
  category: Category;
  sizes: string[];
  colors: string[];
  /** Fit is asked of clothing only. */
  asksFit: boolean;
}

export async function reviewableProduct(db: Db, productId: number): Promise<ReviewableProduct | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      // Qualified by hand: in a one-table select Drizzle writes columns bare, and a bare "id" in the
      // subquery would be the variant's own.
      sizes: sql<string[] | null>`(select array_agg(distinct v.size) from ${variants} v
        where v.product_id = "products"."id" and v.active and v.size is not null)`,
      colors: sql<string[] | null>`(select array_agg(distinct v.color) from ${variants} v
        where v.product_id = "products"."id" and v.active and v.color is not null)`,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true), eq(products.kind, "merch")))
    .limit(1);
  if (!row) return null;
  return { ...row, sizes: row.sizes ?? [], colors: row.colors ?? [], asksFit: asksFit(row.category) };
}

/**
 * True when the user has a paid order (processing, shipped or delivered) with a line of this product:
 * what makes a review "Verified purchase".
 */
export async function hasPaidOrderFor(db: Db, userId: string, productId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), inArray(orders.status, [...PAID_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

const visible = (productId: number) => and(eq(reviews.productId, productId), eq(reviews.hidden, false));

/** The product's review summary (SPEC section 3) and fit line, from its visible reviews, in one query. */
export async function getReviewSummary(db: Db, productId: number): Promise<ReviewSummary> {
  const count = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [row] = await db
    .select({
      r1: count(sql`${reviews.rating} = 1`),
      r2: count(sql`${reviews.rating} = 2`),
      r3: count(sql`${reviews.rating} = 3`),
      r4: count(sql`${reviews.rating} = 4`),
      r5: count(sql`${reviews.rating} = 5`),
      verified: count(sql`${reviews.verified}`),
      small: count(sql`${reviews.fit} = 'small'`),
      true: count(sql`${reviews.fit} = 'true'`),
      large: count(sql`${reviews.fit} = 'large'`),
    })
    .from(reviews)
    .where(visible(productId));
  const distribution = emptyDistribution();
  if (!row) return summarize({ distribution, verified: 0, fit: { small: 0, true: 0, large: 0 } });
  Object.assign(distribution, { 1: row.r1, 2: row.r2, 3: row.r3, 4: row.r4, 5: row.r5 });
  return summarize({ distribution, verified: row.verified, fit: { small: row.small, true: row.true, large: row.large } });
}

const ORDER: Record<ReviewListQuery["sort"], SQL[]> = {
  newest: [desc(reviews.createdAt), desc(reviews.id)],
  oldest: [asc(reviews.createdAt), asc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), desc(reviews.id)],
  helpful: [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)],
};

/**
 * The visible reviews of a product, filtered and sorted, pages 1..query.page (10 each) in one query;
 * hasMore says whether "see more" has anything left to show.
 */
export async function listReviews(db: Db, productId: number, query: ReviewListQuery, viewerId: string | null = null): Promise<ReviewPage> {
  const where: (SQL | undefined)[] = [visible(productId)];
  if (query.rating) where.push(eq(reviews.rating, query.rating));
  if (query.verified) where.push(eq(reviews.verified, true));
  if (query.size) where.push(sql`lower(${reviews.size}) = lower(${query.size})`);
  if (query.color) where.push(sql`lower(${reviews.color}) = lower(${query.color})`);
  const shown = query.page * REVIEW_PAGE_SIZE;
  const rows = await db
    .select({
      ...contentColumns,
      userId: reviews.userId,
      helpfulCount: reviews.helpfulCount,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      authorDisplayName: users.name,
      authorEmail: users.email,
      authorDeletedAt: users.deletedAt,
      votedHelpful: viewerId
        ? sql<boolean>`exists (select 1 from ${reviewHelpfulVotes} where ${reviewHelpfulVotes.reviewId} = ${reviews.id} and ${reviewHelpfulVotes.userId} = ${viewerId})`
        : sql<boolean>`false`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(...where))
    .orderBy(...ORDER[query.sort])
    .limit(shown + 1);
  const hasMore = rows.length > shown;
  return {
    reviews: rows.slice(0, shown).map((r) => ({
      id: r.id,
      rating: r.rating as Stars,
      title: r.title,
      comment: r.comment,
      size: r.size,
      color: r.color,
      fit: r.fit,
      verified: r.verified,
      helpfulCount: r.helpfulCount,
      authorName: reviewerName(r.authorDisplayName, r.authorEmail, r.authorDeletedAt),
      createdAt: r.createdAt,
      // A moment after posting is not an edit (created and updated are set by separate defaults).
      editedAt: r.updatedAt.getTime() - r.createdAt.getTime() > 1000 ? r.updatedAt : null,
      mine: viewerId !== null && r.userId === viewerId,
      votedHelpful: Boolean(r.votedHelpful),
    })),
    total: rows[0]?.total ?? 0,
    page: query.page,
    pageSize: REVIEW_PAGE_SIZE,
    hasMore,
  };
}

export async function getOwnReview(db: Db, productId: number, userId: string): Promise<OwnReview | null> {
  const [row] = await db
    .select({
      ...contentColumns,
      hidden: reviews.hidden,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
    .limit(1);
  return row ? { ...row, rating: row.rating as Stars } : null;
}

