// The rooms' boundaries (ADR 0047): one planted violation of each arrow the table forbids, linted as if it sat
// in the tree (ESLint's lintText with a filePath: nothing is written), expecting the rule that guards it to fire;
// a type-only cycle, which import-x/no-cycle leaves out, is found by scripts/import-graph.ts; the real tree
// passes the graph's check.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { buildGraph, check } from "../scripts/import-graph.ts";

// Each planted file is linted with the tree's configuration, running only the rule its case is about:
// import-x/no-cycle walks every import a file reaches, which the arrows' cases need not wait for.
const arrows = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === "no-restricted-imports" });
const cycles = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === "import-x/no-cycle" });
const typeImports = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === "@typescript-eslint/no-import-type-side-effects" });

async function rulesFired(filePath: string, code: string, eslint = arrows): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const planted: [string, string, string][] = [
  ["core imports react", "core/cart/__planted.ts", 'import { useState } from "react";\nexport const x = useState;\n'],
  ["core's rules.ts imports the server", "core/cart/rules.ts", 'import type { StoreContext } from "../../app/context.ts";\nimport { x } from "../../server/x.ts";\nexport type Y = StoreContext | typeof x;\n'],
  ["core's inputs.ts imports express", "core/cart/inputs.ts", 'import express from "express";\nexport const e = express;\n'],
  ["core imports the sample data", "core/events/__planted.ts", 'import { SEED_EVENTS } from "../../db/seed/events.ts";\nexport const s = SEED_EVENTS;\n'],
  ["app imports the server (type-only)", "app/lib/__planted.server.ts", 'import type { Jobs } from "../../server/jobs.ts";\nexport type J = Jobs;\n'],
  ["app imports the database", "app/lib/__planted.ts", 'import type { Db } from "../../db/client.ts";\nexport type D = Db;\n'],
  ["server imports a page helper", "server/__planted.ts", 'import { getViewer } from "../app/lib/session.server.ts";\nexport const g = getViewer;\n'],
  ["db/schema imports core", "db/schema/__planted.ts", 'import { CURRENCY } from "../../core/shared/money.ts";\nexport const c = CURRENCY;\n'],
  ["texts imports a core module", "texts/__planted.ts", 'import { cartSummary } from "../core/cart/index.ts";\nexport const c = cartSummary;\n'],
];

describe("the rooms' arrows", () => {
  it.each(planted)("%s: no-restricted-imports fires", async (_what, filePath, code) => {
    expect(await rulesFired(filePath, code)).toContain("no-restricted-imports");
  });

  it("the allowed arrows pass: server -> app/context.ts, app -> core, db/seed -> core, texts -> core/shared", async () => {
    expect(await rulesFired("server/__planted.ts", 'import type { StoreContext } from "../app/context.ts";\nexport type S = StoreContext;\n')).not.toContain("no-restricted-imports");
    expect(await rulesFired("app/lib/__planted.ts", 'import { getCart } from "../../core/cart/index.ts";\nexport const g = getCart;\n')).not.toContain("no-restricted-imports");
    expect(await rulesFired("db/seed/__planted.ts", 'import { makeSku } from "../../core/catalog/index.ts";\nexport const m = makeSku;\n')).not.toContain("no-restricted-imports");
    expect(await rulesFired("texts/__planted.ts", 'import type { Locale } from "../core/shared/locale.ts";\nexport type L = Locale;\n')).not.toContain("no-restricted-imports");
  });

  it("no room of server/ is excused: the JSON API may not import the pages' words from app/ either", async () => {
    const code = 'import { colorLabel } from "../../app/lib/format.ts";\nexport const c = colorLabel;\n';
    expect(await rulesFired("server/api/__planted.ts", code)).toContain("no-restricted-imports");
    expect(await rulesFired("server/jobs/__planted.ts", code)).toContain("no-restricted-imports");
  });

  it("a value cycle fails the lint (import-x/no-cycle)", async () => {
    // app/components/cart/types.ts is imported by the cart's components; a component importing the route that imports it closes a loop.
    expect(await rulesFired("app/components/cart/cart-contents.tsx", 'import { action } from "../../routes/cart.tsx";\nexport const a = action;\n', cycles)).toContain("import-x/no-cycle");
  });

  it("a route importing only types as `import { type X }` fails the lint: it would keep the module (its queries) in the page's browser bundle", async () => {
    const rule = "@typescript-eslint/no-import-type-side-effects";
    expect(await rulesFired("app/routes/__planted.tsx", 'import { type QueueStatus } from "../../core/queue/index.ts";\nexport type Q = QueueStatus;\n', typeImports)).toContain(rule);
    expect(await rulesFired("app/routes/__planted.tsx", 'import type { QueueStatus } from "../../core/queue/index.ts";\nexport type Q = QueueStatus;\n', typeImports)).not.toContain(rule);
  });

  it("a type-only cycle fails the graph's check, and the real tree passes it", () => {
    const clean = check(buildGraph());
    expect(clean.violations).toEqual([]);
    expect(clean.cycles).toEqual([]);
    const planted = check(
      buildGraph({
        "core/checkout/deps.ts": 'import type { PlaceOrderInput } from "./commands.ts";\nexport type CheckoutDeps = { input: PlaceOrderInput };\n',
      }),
    );
    expect(planted.cycles.some((cycle) => cycle.includes("core/checkout/deps.ts") && cycle.includes("core/checkout/commands.ts"))).toBe(true);
  });

  it("an arrow against the table fails the graph's check", () => {
    const report = check(buildGraph({ "core/cart/__planted.ts": 'import type { StoreContext } from "../../app/context.ts";\nexport type S = StoreContext;\n' }));
    expect(report.violations).toContainEqual({ from: "core/cart/__planted.ts", to: "app/context.ts" });
  });
});
