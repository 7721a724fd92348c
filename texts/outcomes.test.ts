import { describe, expect, it } from "vitest";
import { icuArguments } from "../tests/icu-arguments.ts";
import { knownTexts } from "../core/shared/text.ts";
import en from "./messages/en.ts";
import es from "./messages/es.ts";

// Every core module, loaded through its face: each module's table of texts registers as it loads.
import.meta.glob("../core/*/index.ts", { eager: true });

describe("what core says", () => {
  const texts = [...knownTexts()];

  it("is said by texts the modules declare", () => {
    expect(texts.map(([id]) => id)).toContain("cart.domain.onlyAvailable");
  });

  it("refers only to texts in both languages, taking the values the module gives them", () => {
    for (const [id, names] of texts) {
      const english = (en as Record<string, string>)[id];
      const spanish = (es as Record<string, string>)[id];
      expect(english, id).toBeTypeOf("string");
      expect(spanish, id).toBeTypeOf("string");
      expect(icuArguments(english!), id).toEqual([...names].sort());
      expect(icuArguments(spanish!), id).toEqual([...names].sort());
    }
  });
});
