export * from "./rules.ts";
export * from "./inputs.ts";
export * from "./throttle.ts";
export * from "./commands.ts";
export * from "./queries.ts";
