// The wishlist module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { availabilityLabel, SHARE_CODE_ALPHABET, SHARE_LOOKUP_THROTTLE, shareLookupThrottleKey, wishlistField, WISHLIST_PRIORITIES } from "./rules.ts";
export { createListSchema, itemIdSchema, listIdSchema, moveToCartJsonSchema, moveToCartSchema, renameListSchema, saveItemJsonSchema, selectedListSchema, shareCodeSchema, sharingSchema, toggleSchema, updateItemSchema } from "./inputs.ts";
export { WishlistError } from "./errors.ts";
export { getWishlist, listWishlists, lookupSharedWishlist, savedProductIds, type SharedWishlist, type WishlistSummary } from "./queries.ts";
export { createWishlist, deleteWishlist, moveItemToCart, removeItem, removeProductFromWishlists, renameWishlist, saveItem, setWishlistSharing, updateItem } from "./commands.ts";
