import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { products } from "./catalog.ts";

export const FITS = ["small", "true", "large"] as const;
/** How a garment fits: runs small, true to size, runs large. */
export type Fit = (typeof FITS)[number];

/** One review per user per product (unique); the author may edit it. Hidden reviews leave the list and the summary. */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    comment: text("comment").notNull().default(""),
    size: text("size"),
    color: text("color"),
    fit: text("fit").$type<Fit>(),
    /** Decided on the server: the author has a paid order containing the product. */
    verified: boolean("verified").notNull().default(false),
    helpfulCount: integer("helpful_count").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by"),
    /** Why an administrator hid it (required when hiding from the back office). */
    hiddenReason: text("hidden_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("reviews_product_user_unique").on(t.productId, t.userId),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_fit_check", sql`${t.fit} is null or ${t.fit} in ('small', 'true', 'large')`),
    check("reviews_helpful_check", sql`${t.helpfulCount} >= 0`),
    index("reviews_product_idx").on(t.productId, t.createdAt),
  ],
);

/** "Helpful" counts once per user: the primary key refuses a second vote. */
export const reviewHelpfulVotes = pgTable(
  "review_helpful_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);
