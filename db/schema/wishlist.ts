import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { products, variants } from "./catalog.ts";

export const WISHLIST_PRIORITIES = ["high", "medium", "low"] as const;
export type WishlistPriority = (typeof WISHLIST_PRIORITIES)[number];

/** A user's named list of saved products; the first, "My Favorites", is made on first use. */
export const wishlists = pgTable(
  "wishlists",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    isPublic: boolean("is_public").notNull().default(false),
    /** 6 uppercase characters while the list is public; null when private, so an old link stops working. */
    shareCode: text("share_code").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("wishlists_user_idx").on(t.userId, t.createdAt),
    check("wishlists_share_code_check", sql`${t.shareCode} is null or ${t.shareCode} ~ '^[A-Z0-9]{6}$'`),
  ],
);

/** Invariant: one line per (list, product, size, colour); a second add is refused ("Item already in wishlist"). */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: serial("id").primaryKey(),
    wishlistId: integer("wishlist_id")
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    size: text("size"),
    color: text("color"),
    notes: text("notes").notNull().default(""),
    priority: text("priority").$type<WishlistPriority>().notNull().default("medium"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("wishlist_items_unique").on(t.wishlistId, t.productId, t.size, t.color).nullsNotDistinct(),
    check("wishlist_items_priority_check", sql`${t.priority} in ('high', 'medium', 'low')`),
    index("wishlist_items_user_product_idx").on(t.userId, t.productId),
  ],
);
