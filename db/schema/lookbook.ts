import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { collections, products } from "./catalog.ts";
import { pictures } from "./pictures.ts";

/** A collection's lookbook: looks in order, each a picture with hotspots naming the products worn in it. */
export const looks = pgTable(
  "looks",
  {
    id: serial("id").primaryKey(),
    collectionId: integer("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    caption: text("caption").notNull(),
    /** A picture under /images/ (the brand's drawn art). */
    imageSrc: text("image_src").notNull(),
    imageAlt: text("image_alt").notNull(),
    /** An uploaded photograph shown instead of the drawn art; null: the drawn art (imageSrc). */
    pictureId: integer("picture_id").references(() => pictures.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("looks_collection_idx").on(t.collectionId, t.position)],
);

/** A look's texts in a language other than English (the looks row holds the English ones): all three or none. */
export const lookTranslations = pgTable(
  "look_translations",
  {
    lookId: integer("look_id")
      .notNull()
      .references(() => looks.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    caption: text("caption").notNull(),
    /** The picture's description (its alt text), whether the drawn art or an uploaded photograph is shown. */
    imageAlt: text("image_alt").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lookId, t.locale] }),
    check("look_translations_locale_check", sql`${t.locale} in ('es')`),
  ],
);

/** A point on a look's picture, in percent of its width and height, naming one product. */
export const lookHotspots = pgTable(
  "look_hotspots",
  {
    id: serial("id").primaryKey(),
    lookId: integer("look_id")
      .notNull()
      .references(() => looks.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    xPercent: integer("x_percent").notNull(),
    yPercent: integer("y_percent").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("look_hotspots_x_check", sql`${t.xPercent} between 0 and 100`),
    check("look_hotspots_y_check", sql`${t.yPercent} between 0 and 100`),
    index("look_hotspots_look_idx").on(t.lookId, t.position),
  ],
);
