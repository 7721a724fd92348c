export * from "./rules.ts";
export * from "./inputs.ts";
export * from "./queries.ts";
export * from "./shop-params.ts";
