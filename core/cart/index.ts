// The cart module's face: other code imports it from here only (rules.ts and inputs.ts, free of
// the database, may also be imported by browser-bound UI code and by other modules' rules).
export { addressKeyOf, findLimitBreach, limitBreachOf, linesShip, MAX_LINE_QUANTITY, type CartLine, type Holdings, type LimitBreach, type LimitedLine } from "./rules.ts";
export { addByOptionsSchema, addToCartJsonSchema, addToCartSchema, removeLineSchema, setQuantityJsonSchema, setQuantitySchema, variantIdSchema } from "./inputs.ts";
export { CartError, cartText, customerLimitReached, insufficientStock, notOnSaleYet, queueExpired, queueInUse, queueRequired, raffleOnly, signInRequired } from "./errors.ts";
export { customerHoldings, getCart, limitsOfVariants, type CustomerKeys, type VariantLimits } from "./queries.ts";
export { addToCart, attachGuestCart, cartExists, clearCart, createCart, createCartForUser, ensureCartOfUser, findCartOfUser, findVariantByOptions, isGuestCart, lockCart, removeLine, setLineQuantity } from "./commands.ts";
