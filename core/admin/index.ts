export * from "./queries.ts";
