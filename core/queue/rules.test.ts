import { describe, expect, it } from "vitest";
import { aheadInPicture, checkAgainMs, estimateMinutes, placeIn } from "./rules.ts";
import { readPlace, signPlace, signTicket, verifyTicket } from "./tokens.ts";

describe("the waiting room's rules", () => {
  it("estimates whole minutes at the rate, at least one", () => {
    expect(estimateMinutes(0, 60)).toBe(1);
    expect(estimateMinutes(119, 60)).toBe(2);
    expect(estimateMinutes(5, 1)).toBe(6);
    expect(estimateMinutes(1233, 200)).toBe(7);
  });

  it("accepts only its own signature on a well-formed ticket id", () => {
    const id = "abcdefghijklmnopqrstuvwxyz012345";
    const token = signTicket(id, "s3cret");
    expect(verifyTicket(token, "s3cret")).toBe(id);
    expect(verifyTicket(token, "other")).toBeNull();
    expect(verifyTicket(`${token}x`, "s3cret")).toBeNull();
    expect(verifyTicket(token.replace(/^a/, "b"), "s3cret")).toBeNull();
    expect(verifyTicket(`short.${token.split(".")[1]}`, "s3cret")).toBeNull();
    expect(verifyTicket(null, "s3cret")).toBeNull();
    expect(verifyTicket("x".repeat(500), "s3cret")).toBeNull();
  });

  it("finds a place in a picture of its line: waiting with those ahead, past, or joined after the picture", () => {
    const waiting = [4, 5, 9, 12];
    expect(placeIn(waiting, 15, 4)).toEqual({ state: "waiting", ahead: 0 });
    expect(placeIn(waiting, 15, 12)).toEqual({ state: "waiting", ahead: 3 });
    expect(placeIn(waiting, 15, 3)).toEqual({ state: "past" });
    expect(placeIn(waiting, 15, 10)).toEqual({ state: "past" });
    expect(placeIn(waiting, 15, 15)).toEqual({ state: "unknown" });
    expect(placeIn([], 1, 1)).toEqual({ state: "unknown" });
  });

  it("signs a page's place with its product, number and state, and refuses any change to them", () => {
    const place = { ticketId: "abcdefghijklmnopqrstuvwxyz012345", productId: 7, seq: 1234, admitted: false };
    const token = signPlace(place, "s3cret");
    expect(readPlace(token, "s3cret")).toEqual(place);
    expect(readPlace(signPlace({ ...place, admitted: true }, "s3cret"), "s3cret")).toEqual({ ...place, admitted: true });
    expect(readPlace(token, "other")).toBeNull();
    expect(readPlace(token.replace(".1234.", ".1.").replace(".w.", ".w."), "s3cret")).toBeNull();
    expect(readPlace(token.replace(".w.", ".a."), "s3cret")).toBeNull();
    expect(readPlace(token.replace(".7.", ".8."), "s3cret")).toBeNull();
    // A place's token is not a ticket token, nor the other way round.
    expect(verifyTicket(token, "s3cret")).toBeNull();
    expect(readPlace(signTicket(place.ticketId, "s3cret"), "s3cret")).toBeNull();
  });

  it("asks every 5 s near the front of the line and less often farther back, at most every 30 s", () => {
    expect(checkAgainMs(0, 600)).toBe(5000);
    expect(checkAgainMs(249, 600)).toBe(5000);
    expect(checkAgainMs(499, 600)).toBe(10_000);
    expect(checkAgainMs(4000, 600)).toBe(30_000);
    expect(checkAgainMs(3, 1)).toBe(30_000);
  });

  it("counts those ahead of a new place from a picture of its line and the numbers given since", () => {
    expect(aheadInPicture([4, 5, 9, 12], 15, 15)).toBe(4);
    expect(aheadInPicture([4, 5, 9, 12], 15, 18)).toBe(7);
    expect(aheadInPicture([], 30, 30)).toBe(0);
    expect(aheadInPicture([4, 5], 10, 5)).toBe(1);
  });
});
