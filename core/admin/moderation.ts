import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, reviews, users } from "../../db/schema/index.ts";
import { recordAudit, type AdminActor } from "./commands.ts";
import { adminText, AdminError } from "./errors.ts";
import type { AdminReviewQuery } from "./inputs.ts";
import { ADMIN_PAGE_SIZE } from "./queries.ts";
import { pageWindow } from "../shared/paging.ts";

export interface AdminReviewRow {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  authorEmail: string;
  rating: number;
  title: string;
  comment: string;
  createdAt: Date;
  hidden: boolean;
  hiddenAt: Date | null;
  hiddenByEmail: string | null;
  hiddenReason: string | null;
}

/** Reviews for moderation, newest first, by visibility, rating and product, 20 to a page. */
export async function listReviewsForModeration(
  db: Db,
  query: Partial<AdminReviewQuery> = {},
): Promise<{ rows: AdminReviewRow[]; total: number; page: number; pages: number }> {
  const where = and(
    query.visibility ? eq(reviews.hidden, query.visibility === "hidden") : undefined,
    query.rating ? eq(reviews.rating, query.rating) : undefined,
    query.product ? eq(reviews.productId, query.product) : undefined,
  );
  const [counted] = await db.select({ n: count() }).from(reviews).where(where);
  const total = Number(counted?.n ?? 0);
  const { page, pages, offset } = pageWindow(total, query.page, ADMIN_PAGE_SIZE);
  const author = db.select({ id: users.id, email: users.email }).from(users).as("author");
  const moderator = db.select({ id: users.id, email: users.email }).from(users).as("moderator");
  const rows = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productName: products.name,
      productSlug: products.slug,
      authorEmail: author.email,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      hidden: reviews.hidden,
      hiddenAt: reviews.hiddenAt,
      hiddenByEmail: moderator.email,
      hiddenReason: reviews.hiddenReason,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(author, eq(author.id, reviews.userId))
    .leftJoin(moderator, eq(moderator.id, reviews.hiddenBy))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pages };
}

/** Products that have reviews, for the filter's choices. */
export async function reviewedProducts(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectDistinct({ id: products.id, name: products.name }).from(products).innerJoin(reviews, eq(reviews.productId, products.id)).orderBy(products.name);
}

/**
 * Hides a review ("reviews" update) with the reason given, keeping who and when, or shows it again.
 * The change and its audit row commit together; a review already in the asked state is left as it is.
 */
export async function setReviewHidden(
  db: Db,
  actor: AdminActor,
  reviewId: number,
  change: { hidden: true; reason: string } | { hidden: false },
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
    if (!review) throw new AdminError("admin.review_not_found", adminText("admin.domain.reviewGone"));
    if (review.hidden === change.hidden) return { changed: false };
    const before = { hidden: review.hidden, hiddenReason: review.hiddenReason };
    if (change.hidden) {
      await tx.update(reviews).set({ hidden: true, hiddenAt: new Date(), hiddenBy: actor.id, hiddenReason: change.reason }).where(eq(reviews.id, reviewId));
    } else {
      await tx.update(reviews).set({ hidden: false, hiddenAt: null, hiddenBy: null, hiddenReason: null }).where(eq(reviews.id, reviewId));
    }
    await recordAudit(tx, actor, {
      entity: "review",
      entityId: reviewId,
      action: change.hidden ? "hide" : "unhide",
      before,
      after: change.hidden ? { hidden: true, hiddenReason: change.reason } : { hidden: false, hiddenReason: null },
    });
    return { changed: true };
  });
}
