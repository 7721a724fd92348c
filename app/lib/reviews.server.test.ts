import { describe, expect, it } from "vitest";
import { FORMER_CUSTOMER, UNNAMED_REVIEWER } from "../../core/reviews/index.ts";
import { localeT } from "./i18n.server.ts";
import { reviewerLabel } from "./reviews.server.ts";

describe("a reviewer's name in Spanish", () => {
  const t = localeT("es");

  it("translates the names the store gives, and no one's own", () => {
    expect(reviewerLabel(t, FORMER_CUSTOMER)).toBe(t("shop.reviews.formerCustomer"));
    expect(reviewerLabel(t, FORMER_CUSTOMER)).not.toBe(FORMER_CUSTOMER);
    expect(reviewerLabel(t, UNNAMED_REVIEWER)).toBe(t("shop.reviews.unnamed"));
    for (const name of ["Ana R.", "constructor", "toString", "__proto__"]) expect(reviewerLabel(t, name)).toBe(name);
  });
});
