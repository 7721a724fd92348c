import { errorsOf } from "../shared/errors.ts";
import { WISHLIST_MESSAGES } from "./rules.ts";

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

/** Also the answer for someone else's list: it is not told apart from a missing one. */
export const listNotFound = () => new WishlistError("wishlist.not_found", WISHLIST_MESSAGES.listNotFound);
export const itemNotFound = () => new WishlistError("wishlist.item_not_found", WISHLIST_MESSAGES.itemNotFound);
export const productNotFound = () => new WishlistError("wishlist.product_not_found", WISHLIST_MESSAGES.productUnavailable);
export const alreadyInWishlist = (listId: number) =>
  new WishlistError("wishlist.item_exists", WISHLIST_MESSAGES.alreadyInWishlist, { listId });
export const tooManyLookups = () => new WishlistError("wishlist.rate_limited", WISHLIST_MESSAGES.tooManyLookups);
