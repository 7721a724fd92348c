// ESLint: typescript-eslint's recommended rules, the hooks rules for React, and the layering of the store
// (DESIGN.md, ADR 0011): core imports no UI or web framework and nothing from app/ or server/; other code
// reaches a core module only through its index.ts, or its database-free rules.ts and inputs.ts, which
// browser-bound UI code needs (the index brings the database layer along); no import cycles.
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A path into another module's inside: core/<module>/<file> where <file> is not one of the faces allowed. */
const pastTheFace = (allowed) => `(^|/)core/(?!shared/)[a-z-]+/(?!(${allowed.join("|")})\\.ts$)[^/]+$`;

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
          patterns: [{ regex: pastTheFace(["index", "rules", "inputs"]), message: "Import a core module through its index.ts (or its rules.ts / inputs.ts in browser-bound code)." }],
          // Links and forms keep the page's language (/es): app/i18n wraps React Router's.
          paths: [{ name: "react-router", importNames: ["Link", "NavLink", "Form"], message: "Import Link, NavLink and Form from app/i18n: they keep the page's language." }],
        },
      ],
    },
  },
  {
    files: ["app/i18n/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ regex: pastTheFace(["index", "rules", "inputs"]), message: "Import a core module through its index.ts." }] }] },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern: `({}, use)` is how one says none.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    files: ["server/**/*.ts", "scripts/**/*.ts", "db/**/*.ts", "tests/**/*.ts", "e2e/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: pastTheFace(["index"]), message: "Import a core module through its index.ts." }] }],
    },
  },
  {
    files: ["core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^(react|react-dom|react-router|@react-router|express)(/|$)", message: "core is the domain: no UI or web framework." },
            { regex: "(^|/)(app|server)/", message: "core imports nothing from app/ or server/." },
            { regex: "^\\.\\./(?!shared/|\\.\\./)[a-z-]+/(?!index\\.ts$)[^/]+$", message: "Import another core module through its index.ts." },
          ],
        },
      ],
    },
  },
  {
    // A module's database-free faces stay database-free: they may lean on other modules' rules only.
    files: ["core/*/rules.ts", "core/*/inputs.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./(?!shared/|\\.\\./)[a-z-]+/(?!rules\\.ts$)[^/]+$", message: "rules.ts and inputs.ts import only other modules' rules.ts (they reach the browser)." },
            { regex: "^\\./(queries|commands)", message: "rules.ts and inputs.ts stay free of the database." },
            { regex: "(^|/)db/(client|seed)", message: "rules.ts and inputs.ts stay free of the database." },
          ],
        },
      ],
    },
  },
);
