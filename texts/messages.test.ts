import { icuArguments } from "../tests/icu-arguments.ts";
import { describe, expect, it } from "vitest";
import en, { AREAS as EN_AREAS } from "./messages/en.ts";
import es, { AREAS as ES_AREAS } from "./messages/es.ts";

describe("the storefront's texts", () => {
  it("have one id for one text: no id is written in two areas' files", () => {
    for (const areas of [EN_AREAS, ES_AREAS]) {
      const ids = Object.values(areas).flatMap((area) => Object.keys(area));
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    }
    expect(Object.keys(ES_AREAS).sort()).toEqual(Object.keys(EN_AREAS).sort());
  });

  it("exist in Spanish for every English text, and no other", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
  });

  it("are valid ICU messages taking the same values in both languages", () => {
    for (const [id, english] of Object.entries(en)) {
      const spanish = (es as Record<string, string>)[id]!;
      expect(icuArguments(spanish), id).toEqual(icuArguments(english));
    }
  });

  it("are translated: a Spanish text equal to its English one is a name or a number", () => {
    const same = Object.entries(en).filter(([id, english]) => (es as Record<string, string>)[id] === english && /[a-z]{3}/.test(english.replace(/\{[^{}]*\}/g, "")));
    expect(same.map(([id]) => id)).toEqual([]);
  });
});
