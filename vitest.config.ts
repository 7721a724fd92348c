import { defineConfig } from "vitest/config";

// Tests run without the React Router plugin: unit tests of pure rules, and integration tests of the core
// against a real, freshly migrated database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["core/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts", "texts/**/*.test.ts"],
          environment: "node",
          sequence: { groupOrder: 0 },
          // Pure rules and rendering: CPU-bound, one file per core (the default on 2 cores is one in all).
          maxWorkers: 2,
          // Domain errors' messages in English, as the doors word them (texts/outcomes.ts).
          setupFiles: ["texts/outcomes.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Each file gets its own database; run after the unit tests.
          sequence: { groupOrder: 1 },
          // Most of a file's time is spent waiting on another process (the store's server, PostgreSQL):
          // three files at a time keep both cores busy (the default on 2 cores is one).
          maxWorkers: 3,
          globalSetup: ["tests/global-setup.ts"],
          setupFiles: ["texts/outcomes.ts"],
        },
      },
    ],
  },
});
