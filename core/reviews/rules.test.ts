import { averageRating } from "../catalog/index.ts";
import { describe, expect, it } from "vitest";
import { starParts } from "../catalog/index.ts";
import { parseReviewListQuery, reviewFormSchema } from "./inputs.ts";
import { englishFirst } from "../../tests/field-words.ts";
import {
  DEFAULT_REVIEW_LIST,
  fitSummary,
  recommendationPercentage,
  reviewerName,
  reviewSearchParams,
  summarize,
} from "./rules.ts";

describe("the review summary's arithmetic", () => {
  it("averages to one decimal, halves rounded up", () => {
    expect(averageRating(13, 3)).toBe(4.3); // 4.333...
    expect(averageRating(14, 3)).toBe(4.7); // 4.666...
    expect(averageRating(17, 4)).toBe(4.3); // 4.25 -> 4.3
    expect(averageRating(9, 4)).toBe(2.3); // 2.25 -> 2.3
    expect(averageRating(5, 1)).toBe(5);
    expect(averageRating(0, 0)).toBe(0);
  });

  it("gives the share of ratings of 4 or more in whole percent", () => {
    expect(recommendationPercentage({ 1: 1, 2: 0, 3: 1, 4: 1, 5: 3 })).toBe(67); // 4 of 6
    expect(recommendationPercentage({ 1: 0, 2: 1, 3: 0, 4: 0, 5: 1 })).toBe(50);
    expect(recommendationPercentage({ 1: 7, 2: 0, 3: 0, 4: 1, 5: 0 })).toBe(13); // 12.5 -> 13
    expect(recommendationPercentage({ 1: 2, 2: 2, 3: 2, 4: 0, 5: 0 })).toBe(0);
    expect(recommendationPercentage({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 })).toBe(0);
  });

  it("summarises counts into SPEC section 3's summary", () => {
    const summary = summarize({
      distribution: { 1: 1, 2: 0, 3: 2, 4: 3, 5: 4 },
      verified: 6,
      fit: { small: 0, true: 0, large: 0 },
    });
    expect(summary).toEqual({
      averageRating: 3.9, // 39 / 10
      totalReviews: 10,
      ratingDistribution: { 1: 1, 2: 0, 3: 2, 4: 3, 5: 4 },
      verifiedPurchaseCount: 6,
      recommendationPercentage: 70,
      fit: null,
    });
  });
});

describe("half stars", () => {
  it("shows the one-decimal average to the nearest half star", () => {
    // The stars follow the average the shopper reads beside them.
    expect(starParts(averageRating(13, 3))).toEqual({ full: 4, half: true, empty: 0 }); // 4.3 -> 4.5
    expect(starParts(averageRating(21, 5))).toEqual({ full: 4, half: false, empty: 1 }); // 4.2 -> 4
    expect(starParts(averageRating(17, 4))).toEqual({ full: 4, half: true, empty: 0 }); // 4.25 -> 4.3 -> 4.5
    expect(starParts(4.75)).toEqual({ full: 5, half: false, empty: 0 });
    expect(starParts(1.7)).toEqual({ full: 1, half: true, empty: 3 });
    expect(starParts(2.8)).toEqual({ full: 3, half: false, empty: 2 });
  });
});

describe("the fit line", () => {
  it("says nothing without answers", () => {
    expect(fitSummary({ small: 0, true: 0, large: 0 })).toBeNull();
  });

  it("speaks for most buyers only when more than half of at least three agree", () => {
    expect(fitSummary({ small: 2, true: 1, large: 0 })).toMatchObject({ line: "Most buyers say it runs small", verdict: "small", total: 3 });
    expect(fitSummary({ small: 1, true: 5, large: 1 })?.line).toBe("Most buyers say it runs true to size");
    expect(fitSummary({ small: 0, true: 1, large: 3 })?.line).toBe("Most buyers say it runs large");
  });

  it("counts a few answers instead of generalising them", () => {
    expect(fitSummary({ small: 1, true: 0, large: 0 })).toMatchObject({ line: "1 buyer says it runs small", verdict: "small" });
    expect(fitSummary({ small: 0, true: 0, large: 2 })?.line).toBe("2 buyers say it runs large");
  });

  it("calls ties and pluralities split, never picking a side", () => {
    expect(fitSummary({ small: 1, true: 0, large: 1 })).toMatchObject({ line: "Buyers are split on fit", verdict: null });
    expect(fitSummary({ small: 2, true: 2, large: 0 })?.line).toBe("Buyers are split on fit");
    expect(fitSummary({ small: 2, true: 1, large: 1 })?.line).toBe("Buyers are split on fit"); // 2 of 4 is not more than half
    expect(fitSummary({ small: 3, true: 3, large: 3 })).toMatchObject({ verdict: null, counts: { small: 3, true: 3, large: 3 }, total: 9 });
  });
});

describe("naming reviewers", () => {
  it("shows a first name and the last name's initial", () => {
    expect(reviewerName("Ana Rivera", "ana@example.test")).toBe("Ana R.");
    expect(reviewerName("  José  luis  Ortiz ", "jl@example.test")).toBe("José O.");
    expect(reviewerName("Ana", "ana.r@example.test")).toBe("Ana");
  });

  it("never shows a name made from the email address", () => {
    expect(reviewerName("ana.rivera", "ana.rivera@example.test")).toBe("East Harlem shopper");
    expect(reviewerName("", "x@example.test")).toBe("East Harlem shopper");
    expect(reviewerName("someone@else.test", "x@example.test")).toBe("East Harlem shopper");
  });

  it("names a deleted account's reviews after no one, whatever its row still holds", () => {
    expect(reviewerName("Ana Rivera", "ana@example.test", new Date())).toBe("Former customer");
    expect(reviewerName("", "deleted:abc", new Date())).toBe("Former customer");
  });
});

describe("the review list's URL", () => {
  it("parses filters, sort and page, falling back to defaults for anything unreadable", () => {
    expect(parseReviewListQuery(new URLSearchParams(""))).toEqual(DEFAULT_REVIEW_LIST);
    expect(parseReviewListQuery(new URLSearchParams("rating=4&verified=1&size=M&color=Black&sort=helpful&page=3"))).toEqual({
      rating: 4,
      verified: true,
      size: "M",
      color: "Black",
      sort: "helpful",
      page: 3,
    });
    expect(parseReviewListQuery(new URLSearchParams("rating=9&verified=maybe&sort=best&page=-2&size="))).toEqual(DEFAULT_REVIEW_LIST);
    expect(parseReviewListQuery(new URLSearchParams("page=100000")).page).toBe(1);
  });

  it("writes each view as one canonical URL", () => {
    expect(reviewSearchParams(DEFAULT_REVIEW_LIST).toString()).toBe("");
    expect(reviewSearchParams({ ...DEFAULT_REVIEW_LIST, rating: 5, verified: true, sort: "lowest", page: 2 }).toString()).toBe(
      "rating=5&verified=1&sort=lowest&page=2",
    );
  });
});

describe("the review form", () => {
  it("requires a rating from 1 to 5", () => {
    for (const rating of [undefined, "", "0", "6", "4.5", "five"]) {
      const parsed = reviewFormSchema.safeParse({ rating });
      expect(parsed.success, String(rating)).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ["rating"] });
      expect(englishFirst(parsed.error!)).toBe("Please choose a rating from 1 to 5 stars.");
    }
    expect(reviewFormSchema.parse({ rating: "4" })).toEqual({ rating: 4, title: "", comment: "", size: null, color: null, fit: null });
  });

  it("trims and limits the text, and knows the three fits", () => {
    const parsed = reviewFormSchema.parse({ rating: "5", title: "  Great   tee ", comment: " Fits well.\r\nWashes well. ", fit: "small", size: " M " });
    expect(parsed).toMatchObject({ title: "Great tee", comment: "Fits well.\nWashes well.", fit: "small", size: "M" });
    expect(reviewFormSchema.safeParse({ rating: "5", title: "x".repeat(121) }).error?.issues[0]?.path).toEqual(["title"]);
    expect(reviewFormSchema.safeParse({ rating: "5", comment: "x".repeat(4001) }).error?.issues[0]?.path).toEqual(["comment"]);
    expect(reviewFormSchema.safeParse({ rating: "5", fit: "baggy" }).error?.issues[0]?.path).toEqual(["fit"]);
  });
});
