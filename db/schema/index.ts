export * from "./catalog.ts";
export * from "./cart.ts";
export * from "./auth.ts";
export * from "./inventory.ts";
export * from "./orders.ts";
export * from "./wishlist.ts";
export * from "./reviews.ts";
export * from "./mail.ts";
