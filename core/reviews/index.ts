export * from "./rules.ts";
export * from "./errors.ts";
export * from "./inputs.ts";
export * from "./queries.ts";
export * from "./commands.ts";
