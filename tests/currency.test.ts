import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminActor } from "../core/admin/index.ts";
import { clearRate, convertUsdCents, CurrencyError, currentRates, listRates, requireOffered, setRate, shownCurrency, type ForeignCurrency } from "../core/currency/index.ts";
import { taxCents } from "../core/shared/money.ts";
import type { Db } from "../db/client.ts";
import { auditLog } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { makeUser } from "./factories.ts";

let database: TestDatabase;
let db: Db;
let ana: AdminActor;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const user = await makeUser(db, "admin");
  ana = { id: user.id, email: user.email, role: "admin", clientIp: "203.0.113.9" };
});
afterAll(() => database?.destroy());

const stored = async (currency: ForeignCurrency) => {
  const rate = (await currentRates(db)).find((r) => r.currency === currency);
  if (!rate) throw new Error(`no ${currency} rate`);
  return rate.rateMicros;
};
const auditOf = (currency: string) => db.select().from(auditLog).where(eq(auditLog.entityId, currency)).orderBy(auditLog.id);

describe("currency conversion rounding", () => {
  it("stores each rate exactly and converts the catalogue's prices from it, half away from zero", async () => {
    await setRate(db, ana, "EUR", 930_700); // 0.9307
    await setRate(db, ana, "GBP", 786_543);
    await setRate(db, ana, "MXN", 17_050_000);
    await setRate(db, ana, "DOP", 59_123_456);
    // The numeric column gives back the very millionths written: no float on the way.
    expect(await currentRates(db)).toEqual([
      { currency: "DOP", rateMicros: 59_123_456 },
      { currency: "EUR", rateMicros: 930_700 },
      { currency: "GBP", rateMicros: 786_543 },
      { currency: "MXN", rateMicros: 17_050_000 },
    ]);
    // The Classic Tee ($55), its white variant ($60), the hoodie ($85), the cap ($35), the vinyl deluxe ($180).
    const eur = await stored("EUR");
    expect([5500, 6000, 8500, 3500, 18000].map((c) => convertUsdCents(c, eur, "EUR"))).toEqual([5119, 5584, 7911, 3257, 16753]); // 5118.85, 5584.2, 7910.95, 3257.45, 16752.6
    expect(convertUsdCents(8500, await stored("GBP"), "GBP")).toBe(6686); // 6685.6155
    expect(convertUsdCents(3500, await stored("MXN"), "MXN")).toBe(59675); // exactly 596.75
    expect(convertUsdCents(12000, await stored("DOP"), "DOP")).toBe(709481); // 709481.472
  });

  it("rounds an exact half of a minor unit up, and just under a half down", async () => {
    await setRate(db, ana, "EUR", 500_000); // 0.5: odd cents land on a half
    const half = await stored("EUR");
    expect([1, 3, 5, 5501].map((c) => convertUsdCents(c, half, "EUR"))).toEqual([1, 2, 3, 2751]);
    await setRate(db, ana, "EUR", 499_999);
    expect(convertUsdCents(1, await stored("EUR"), "EUR")).toBe(0);
  });

  it("converts a total from the USD total, which is what is charged", async () => {
    await setRate(db, ana, "EUR", 930_700);
    const rate = await stored("EUR");
    // Two tees and a cap: $145.00 + 8% tax = $156.60 charged; shown as about €145.75.
    const subtotal = 2 * 5500 + 3500;
    const total = subtotal + taxCents(subtotal);
    expect(total).toBe(15660);
    expect(convertUsdCents(total, rate, "EUR")).toBe(14575); // 14574.762
    // Lines converted one by one may differ from it by a cent: the shown amounts are approximate.
    const lineByLine = convertUsdCents(11000, rate, "EUR") + convertUsdCents(3500, rate, "EUR") + convertUsdCents(taxCents(subtotal), rate, "EUR");
    expect(Math.abs(lineByLine - 14575)).toBeLessThanOrEqual(1);
  });
});

describe("exchange rates", () => {
  it("keeps who set a rate and when, and audits every change (none when nothing changes)", async () => {
    const before = (await auditOf("GBP")).length;
    expect(await setRate(db, ana, "GBP", 786_543)).toEqual({ changed: false });
    expect(await setRate(db, ana, "GBP", 790_000)).toEqual({ changed: true });
    const row = (await listRates(db)).find((r) => r.currency === "GBP")!;
    expect(row).toMatchObject({ rateMicros: 790_000, setByEmail: ana.email });
    expect(Date.now() - row.setAt.getTime()).toBeLessThan(60_000);
    const audit = await auditOf("GBP");
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({ actorEmail: ana.email, clientIp: "203.0.113.9", entity: "currency_rate", action: "set", before: { rate: "0.786543" }, after: { rate: "0.79" } });
  });

  it("clears a rate: the currency is no longer offered and a shopper who chose it sees dollars", async () => {
    expect(await clearRate(db, ana, "GBP")).toEqual({ changed: true });
    expect(await clearRate(db, ana, "GBP")).toEqual({ changed: false });
    expect((await auditOf("GBP")).at(-1)).toMatchObject({ action: "clear", before: { rate: "0.79" }, after: null });
    expect(shownCurrency("GBP", await currentRates(db))).toBeNull();
    await expect(requireOffered(db, "GBP")).rejects.toBeInstanceOf(CurrencyError);
    await expect(requireOffered(db, "EUR")).resolves.toBe("EUR");
    await expect(requireOffered(db, "USD")).resolves.toBe("USD");
  });

  it("refuses, in the database too, a rate out of bounds or a currency not offered", async () => {
    const insert = (currency: string, rate: string) =>
      db.execute(sql`insert into currency_rates (currency, rate, set_by_email) values (${currency}, ${rate}, 'someone@east-harlem.test')`).then(
        () => "stored",
        () => "refused",
      );
    expect(await insert("GBP", "0")).toBe("refused");
    expect(await insert("GBP", "10000.5")).toBe("refused");
    expect(await insert("JPY", "150")).toBe("refused");
    expect(await insert("USD", "1")).toBe("refused");
    expect(await insert("GBP", "0.0001")).toBe("stored");
  });
});
