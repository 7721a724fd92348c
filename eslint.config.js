// ESLint: typescript-eslint's recommended rules, the hooks rules for React, and the layering of the store
// (DESIGN.md, ADR 0011, ADR 0047): core imports no UI or web framework and nothing from app/ or server/; other
// code reaches a core module only through its index.ts, or its database-free rules.ts and inputs.ts, which
// browser-bound UI code needs (the index brings the database layer along); the rooms' arrows run one way
// (ADR 0047's table: app -> core, texts; server -> core, texts, db, and app/context.ts only; core -> db/schema,
// db/client; db/seed -> core; texts -> core/shared); no import cycles (scripts/import-graph.ts also counts
// type-only ones, which import-x/no-cycle leaves out).
//
// A file gets one `no-restricted-imports`: the last block that matches it. So each room's block below lists
// every pattern that room needs, built from the pieces here, and test files (*.test.ts, tests/, e2e/) keep
// the face rules only: a test may reach any room, like a script.
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A path into another module's inside: core/<module>/<file> where <file> is not one of the faces allowed. */
const pastTheFace = (allowed) => `(^|/)core/(?!shared/)[a-z-]+/(?!(${allowed.join("|")})\\.ts$)[^/]+$`;

/** A relative import that climbs out of its room into <room>/ (any number of ../ first). */
const into = (room) => `^(\\.\\./)+${room}/`;
/** The one place of app/ the server may import: the pages' load context (what the server hands every loader). */
const LOAD_CONTEXT = "context\\.ts$";

const CORE_FACE = { regex: pastTheFace(["index"]), message: "Import a core module through its index.ts." };
const APP_CORE_FACE = { regex: pastTheFace(["index", "rules", "inputs"]), message: "Import a core module through its index.ts (or its rules.ts / inputs.ts in browser-bound code)." };
const FRAMEWORKS = { regex: "^(react|react-dom|react-router|@react-router|express)(/|$)", message: "core is the domain: no UI or web framework." };
const CORE_OUT = { regex: "(^|/)(app|server|texts|scripts)/", message: "core imports nothing from app/, server/, texts/ or scripts/." };
const CORE_NO_SEED = { regex: "(^|/)db/seed(/|$)", message: "core does not import the sample data (db/seed imports core, not the other way)." };
const CORE_OTHER_MODULE = { regex: "^\\.\\./(?!shared/|\\.\\./)[a-z-]+/(?!index\\.ts$)[^/]+$", message: "Import another core module through its index.ts." };
const APP_NO_SERVER = { regex: into("server"), message: "app imports nothing from server/ (type-only imports too): what the pages are handed is declared in app/context.ts." };
const APP_NO_DB = { regex: into("db"), message: "app reaches the database only through core: import core's types and functions." };
const APP_NO_SCRIPTS = { regex: into("(scripts|tests|e2e)"), message: "app imports nothing from scripts/ or the tests." };
const SERVER_NO_APP = {
  regex: `${into("app")}(?!${LOAD_CONTEXT})`,
  message: "server imports from app/ only app/context.ts, the pages' load context (the build of the pages is handed to server/react-router-handler.ts).",
};
const DB_NO_CORE = { regex: into("core"), message: "db/schema, db/client and the migrations import nothing from core: core imports them." };
const DB_OUT = { regex: into("(app|server|texts|scripts)"), message: "db imports nothing from app/, server/, texts/ or scripts/." };
const TEXTS_OUT = { regex: `${into("(app|server|db|scripts|tests|e2e)")}|${into("core")}(?!shared/)`, message: "texts imports only core/shared." };
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", "test-results/**", "playwright-report/**", "public/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: "module" },
    plugins: { "import-x": importX },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // With verbatimModuleSyntax, `import { type X } from "m"` stays `import "m"` in the output: in a route
      // module that pulls the whole module (its queries, the database driver) into the browser's bundle.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js"] })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          patterns: [APP_CORE_FACE],
          // Links and forms keep the page's language (/es): app/i18n wraps React Router's.
          paths: [{ name: "react-router", importNames: ["Link", "NavLink", "Form"], message: "Import Link, NavLink and Form from app/i18n: they keep the page's language." }],
        },
      ],
    },
  },
  {
    files: ["app/i18n/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [APP_CORE_FACE] }] },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern: `({}, use)` is how one says none.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["server/**/*.ts", "scripts/**/*.ts", "db/**/*.ts", "tests/**/*.ts", "e2e/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [CORE_FACE] }],
    },
  },
  {
    files: ["core/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [FRAMEWORKS, CORE_OUT, CORE_NO_SEED, CORE_OTHER_MODULE] }] },
  },
  {
    // A module's database-free faces stay database-free: they may lean on other modules' rules only. The core
    // patterns are listed again: this block's value replaces the one above for these files.
    files: ["core/*/rules.ts", "core/*/inputs.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            FRAMEWORKS,
            CORE_OUT,
            CORE_NO_SEED,
            { regex: "^\\.\\./(?!shared/|\\.\\./)[a-z-]+/(?!rules\\.ts$)[^/]+$", message: "rules.ts and inputs.ts import only other modules' rules.ts (they reach the browser)." },
            { regex: "^\\./(queries|commands)", message: "rules.ts and inputs.ts stay free of the database." },
            { regex: "(^|/)db/(client|seed)", message: "rules.ts and inputs.ts stay free of the database." },
          ],
        },
      ],
    },
  },
  // The rooms' arrows (ADR 0047), for the rooms' own code (tests keep the blocks above).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: [...TESTS, "app/i18n/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [APP_CORE_FACE, APP_NO_SERVER, APP_NO_DB, APP_NO_SCRIPTS],
          paths: [{ name: "react-router", importNames: ["Link", "NavLink", "Form"], message: "Import Link, NavLink and Form from app/i18n: they keep the page's language." }],
        },
      ],
    },
  },
  {
    files: ["app/i18n/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: { "no-restricted-imports": ["error", { patterns: [APP_CORE_FACE, APP_NO_SERVER, APP_NO_DB, APP_NO_SCRIPTS] }] },
  },
  {
    files: ["server/**/*.ts"],
    ignores: TESTS,
    rules: { "no-restricted-imports": ["error", { patterns: [CORE_FACE, SERVER_NO_APP] }] },
  },
  {
    files: ["db/**/*.ts"],
    ignores: [...TESTS, "db/seed/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [DB_NO_CORE, DB_OUT] }] },
  },
  {
    files: ["db/seed/**/*.ts"],
    ignores: TESTS,
    rules: { "no-restricted-imports": ["error", { patterns: [CORE_FACE, DB_OUT] }] },
  },
  {
    files: ["texts/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: { "no-restricted-imports": ["error", { patterns: [TEXTS_OUT] }] },
  },
);
