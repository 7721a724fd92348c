export * from "./rules.ts";
export * from "./create.ts";
