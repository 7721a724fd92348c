export * from "./rules.ts";
export * from "./errors.ts";
export * from "./inputs.ts";
export * from "./queries.ts";
export * from "./commands.ts";
export * from "./settle.ts";
export * from "./sweep.ts";
export * from "./webhook.ts";
