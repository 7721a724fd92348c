export * from "./provider.ts";
export * from "./rules.ts";
export * from "./inputs.ts";
export * from "./errors.ts";
export { createTestProvider } from "./test-provider.ts";
