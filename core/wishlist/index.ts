// The wishlist module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { SHARE_CODE_ALPHABET, SHARE_LOOKUP_THROTTLE, shareLookupThrottleKey } from "./rules.ts";
export { createListSchema, itemIdSchema, listIdSchema, moveToCartSchema, renameListSchema, selectedListSchema, shareCodeSchema, sharingSchema, toggleSchema, updateItemSchema } from "./inputs.ts";
export { WishlistError } from "./errors.ts";
export { getWishlist, listWishlists, lookupSharedWishlist, savedProductIds, type WishlistSummary } from "./queries.ts";
export { createWishlist, deleteWishlist, moveItemToCart, removeItem, removeProductFromWishlists, renameWishlist, saveItem, setWishlistSharing, updateItem } from "./commands.ts";
