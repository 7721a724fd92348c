import { describe, expect, it } from "vitest";
import { estimateMinutes } from "./rules.ts";
import { signTicket, verifyTicket } from "./tokens.ts";

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
});
