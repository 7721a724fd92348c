export * from "./catalog.ts";
export * from "./cart.ts";
