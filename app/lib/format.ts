export { formatCents } from "../../core/shared/money.ts";
import type { MessageId } from "../i18n/index.ts";

/** Each category's text id; CATEGORY_LABEL below is its English, kept for the back office and exports. */
export const CATEGORY_LABEL_ID: Readonly<Record<string, MessageId>> = {
  apparel: "shop.category.apparel",
  accessories: "shop.category.accessories",
  music: "shop.category.music",
};

/** A category's name in the page's language: `categoryLabel(t, product.category)`. */
export function categoryLabel(t: (id: MessageId) => string, category: string): string {
  const id = CATEGORY_LABEL_ID[category];
  return id ? t(id) : category;
}

export const CATEGORY_LABEL: Record<string, string> = {
  apparel: "Apparel",
  accessories: "Accessories",
  music: "Music",
};
