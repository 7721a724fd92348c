export { formatCents } from "../../core/shared/money.ts";

export const CATEGORY_LABEL: Record<string, string> = {
  apparel: "Apparel",
  accessories: "Accessories",
  music: "Music",
};
