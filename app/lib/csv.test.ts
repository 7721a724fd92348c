import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv.ts";

describe("csv cells", () => {
  it("quote, double quotes, and defuse formulas", () => {
    expect(csvCell('He said "yo"')).toBe('"He said ""yo"""');
    for (const f of ["=1+1", "+1", "-2", "@SUM(A1)", "\tx"]) expect(csvCell(f)).toBe(`"'${f}"`);
    expect(csvCell(null)).toBe('""');
    expect(csvLine(["a,b", 3])).toBe('"a,b","3"\r\n');
  });
});
