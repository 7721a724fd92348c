import { describe, expect, it } from "vitest";
import { intlFor, type MessageId } from "../i18n/index.ts";
import "../i18n/messages.server.ts";
import { seedProducts } from "../../db/seed/catalogue.ts";
import { tagLabel } from "./format.ts";

const tFor = (locale: "en" | "es") => {
  const intl = intlFor(locale);
  return (id: MessageId) => intl.formatMessage({ id });
};

/** Tags of the sample catalogue written the same in Spanish (names, loanwords, numbers): shown as written. */
const SAME_IN_SPANISH = ["180g", "bodega", "boom-bap", "breaks", "cypher", "instrumental", "joggers", "local", "logo", "lp", "mixtape", "mural", "nylon", "paisley", "salsa", "shorts", "snapback", "tote", "tricot", "vintage"];

describe("tagLabel", () => {
  it("shows a tag in the page's language", () => {
    expect(tagLabel(tFor("es"), "tee")).toBe("camiseta");
    expect(tagLabel(tFor("es"), "cotton")).toBe("algodón");
    expect(tagLabel(tFor("es"), "classic")).toBe("clásico");
    expect(tagLabel(tFor("en"), "cotton")).toBe("cotton");
  });

  it("shows a tag the glossary does not know as written", () => {
    expect(tagLabel(tFor("es"), "afrobeat")).toBe("afrobeat");
    expect(tagLabel(tFor("es"), "logo")).toBe("logo");
    expect(tagLabel(tFor("en"), "afrobeat")).toBe("afrobeat");
  });

  it("has Spanish for every tag of the sample catalogue but those written the same", () => {
    const tags = new Set(seedProducts.flatMap((p) => p.tags));
    for (const tag of tags) {
      expect(tagLabel(tFor("en"), tag), tag).toBe(tag);
      if (SAME_IN_SPANISH.includes(tag)) expect(tagLabel(tFor("es"), tag), tag).toBe(tag);
      else expect(tagLabel(tFor("es"), tag), tag).not.toBe(tag);
    }
    for (const tag of SAME_IN_SPANISH) expect(tags.has(tag), tag).toBe(true);
  });
});
