import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Core says texts by id (ADR 0011): a zod check's message, an issue it adds and an error it returns name a
// text of the catalogue, never an English sentence. The card processors' own words are the exception: the
// test provider answers as Stripe does, in English, and the checkout records them as they came.
const PROVIDERS_WORDS = new Set(["core/payments/rules.ts", "core/payments/test-provider.ts"]);

/** A sentence given where core states a check or a refusal: a zod check's message, or a `message:`/`error:` field. */
const SENTENCE = /(\.(min|max|length|regex|refine|superRefine|email|int|positive|nonnegative|url|string|number|enum|literal|array|object|boolean|date)\(([^()]*, *)?|\b(message|error): *)("|`)[A-Z][a-z']* /;

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "mail" || entry.name === "seed" ? [] : sourcesOf(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.includes("seed") ? [path] : [];
  });
}

describe("core's words", () => {
  it("are ids of the catalogue: no English sentence in a check, an issue or a refusal", () => {
    const files = sourcesOf("core");
    expect(files.length).toBeGreaterThan(100);
    const english = files
      .filter((file) => !PROVIDERS_WORDS.has(file))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) => (SENTENCE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(english).toEqual([]);
  });

  it("would find one", () => {
    expect(SENTENCE.test('  name: z.string().trim().min(1, "Enter the name.")')).toBe(true);
    expect(SENTENCE.test('    ctx.addIssue({ code: "custom", message: "Entries must close after they open." });')).toBe(true);
    expect(SENTENCE.test('  name: z.string().trim().min(1, field("admin.domain.enterName"))')).toBe(false);
  });
});
