export * from "./rules.ts";
export * from "./errors.ts";
export * from "./queries.ts";
export * from "./commands.ts";
