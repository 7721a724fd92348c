import { describe, expect, it } from "vitest";
import { intlFor, type MessageId } from "../i18n/index.ts";
import "../i18n/messages.server.ts";
import { seedProducts } from "../../db/seed/catalogue.ts";
import { colorLabel, itemLabel } from "./format.ts";
import { describeItem } from "../../core/orders/rules.ts";
import { mailColor } from "../../core/mail/index.ts";

const tFor = (locale: "en" | "es") => {
  const intl = intlFor(locale);
  return (id: MessageId) => intl.formatMessage({ id });
};

describe("colorLabel", () => {
  it("names a colour in the page's language", () => {
    expect(colorLabel(tFor("es"), "Black")).toBe("Negro");
    expect(colorLabel(tFor("es"), "Heather Gray")).toBe("Gris jaspeado");
    expect(colorLabel(tFor("en"), "Black")).toBe("Black");
    expect(colorLabel(tFor("en"), "Heather Gray")).toBe("Heather Gray");
  });

  it("falls back to the stored name for a colour without a text", () => {
    expect(colorLabel(tFor("es"), "Ultraviolet")).toBe("Ultraviolet");
    expect(colorLabel(tFor("en"), "Ultraviolet")).toBe("Ultraviolet");
  });

  it("has a Spanish name for every colour of the sample catalogue", () => {
    const colors = new Set(seedProducts.flatMap((p) => p.variants.flatMap((v) => (v.color ? [v.color] : []))));
    for (const color of colors) {
      expect(colorLabel(tFor("en"), color), color).toBe(color);
      expect(colorLabel(tFor("es"), color), color).not.toBe(color);
    }
  });
});

describe("itemLabel", () => {
  it("names an order line as core does, its colour in the page's language", () => {
    const line = { name: "Harlem Classic Tee", size: "M", color: "Black" };
    expect(itemLabel(tFor("en"), line)).toBe(describeItem(line));
    expect(itemLabel(tFor("es"), line)).toBe("Harlem Classic Tee (M / Negro)");
    expect(itemLabel(tFor("es"), { name: "Uptown Sessions Vinyl", size: null, color: null })).toBe("Uptown Sessions Vinyl");
  });
});

describe("the mails' colour names", () => {
  it("are the pages' own, in both languages", () => {
    for (const { variants } of seedProducts) {
      for (const { color } of variants) {
        if (!color) continue;
        expect(mailColor(color, "en"), color).toBe(colorLabel(tFor("en"), color));
        expect(mailColor(color, "es"), color).toBe(colorLabel(tFor("es"), color));
      }
    }
    expect(mailColor("Ultraviolet", "es")).toBe("Ultraviolet");
  });
});
