export * from "./catalog.ts";
export * from "./cart.ts";
export * from "./auth.ts";
export * from "./inventory.ts";
