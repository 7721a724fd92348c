import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";

export type WishlistErrorCode =
  | "wishlist.not_found"
  | "wishlist.item_not_found"
  | "wishlist.product_not_found"
  | "wishlist.item_exists"
  | "wishlist.invalid_options"
  | "wishlist.limit"
  | "wishlist.first_list"
  | "wishlist.rate_limited";

export class WishlistError extends errorsOf<WishlistErrorCode>({
  "wishlist.not_found": 404,
  "wishlist.item_not_found": 404,
  "wishlist.product_not_found": 404,
  "wishlist.item_exists": 409,
  "wishlist.invalid_options": 400,
  "wishlist.limit": 409,
  "wishlist.first_list": 409,
  "wishlist.rate_limited": 429,
}) {}

/** What the module's refusals say: texts of the catalogue (texts/messages), with the values each takes. */
export const wishlistText = textsOf({
  "wishlist.domain.tooManyLists": ["max"],
  "cart.domain.comboUnavailable": [],
  "shop.wishlist.listFull": [],
  "wishlist.domain.firstListStays": [],
  "wishlist.domain.chooseOption": [],
  "wishlist.domain.listNotFound": [],
  "wishlist.domain.itemNotFound": [],
  "cart.domain.itemGone": [],
  "wishlist.domain.alreadyInWishlist": [],
  "wishlist.domain.tooManyLookups": [],
});

/** Also the answer for someone else's list: it is not told apart from a missing one. */
export const listNotFound = () => new WishlistError("wishlist.not_found", wishlistText("wishlist.domain.listNotFound"));
export const itemNotFound = () => new WishlistError("wishlist.item_not_found", wishlistText("wishlist.domain.itemNotFound"));
export const productNotFound = () => new WishlistError("wishlist.product_not_found", wishlistText("cart.domain.itemGone"));
export const alreadyInWishlist = (listId: number) =>
  new WishlistError("wishlist.item_exists", wishlistText("wishlist.domain.alreadyInWishlist"), { listId });
export const tooManyLookups = () => new WishlistError("wishlist.rate_limited", wishlistText("wishlist.domain.tooManyLookups"));
