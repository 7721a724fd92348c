// Promotions in the database (ADR 0049): the candidates a cart may take, and the uses a checkout holds,
// spends or gives back. The race for a code's last use runs on PostgreSQL (two transactions at once).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPromotion, holdPromotionUses, promotionCandidates, refusalOf, releasePromotionUses, type PromotionUse } from "../core/promotions/index.ts";
import { newToken } from "../core/shared/ids.ts";
import type { Db } from "../db/client.ts";
import { checkoutAttempts, promotionCodes, promotions, promotionUses } from "../db/schema/index.ts";
import { sayIn } from "../texts/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { makeUser } from "./factories.ts";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.destroy();
});

const ADDRESS = { street: "2150 Third Ave", city: "New York", state: "NY", zipCode: "10035", country: "US" };

/** A checkout in progress for `user`, as placing an order writes it. */
async function attemptOf(user: { id: string; email: string }): Promise<string> {
  const id = newToken();
  await db.insert(checkoutAttempts).values({
    id,
    idempotencyKey: newToken(),
    userId: user.id,
    status: "charging",
    provider: "test",
    lines: [],
    subtotalCents: 7000,
    taxCents: 560,
    shippingCents: 0,
    totalCents: 7560,
    customerEmail: user.email,
    billingAddress: { ...ADDRESS, fullName: "Ana" } as never,
    reservedUntil: new Date(Date.now() + 600_000),
  });
  return id;
}

const LINE = { key: "1", productId: 1, category: "apparel", collectionIds: [], special: false, unitPriceCents: 3500, quantity: 2 };
const NOW = new Date();
const usesOf = async (promotionId: number) => (await db.select({ uses: promotions.uses }).from(promotions).where(eq(promotions.id, promotionId)))[0]!.uses;

describe("a cart's promotions", () => {
  it("are the automatic ones and the one whose code was typed, in any case", async () => {
    const automatic = await createPromotion(db, { name: "Winter 10", kind: "percent", automatic: true, percentBasisPoints: 1000 });
    const crew = await createPromotion(db, { name: "Crew", kind: "percent", percentBasisPoints: 2000, codes: [{ code: "CREW20" }] });
    const { candidates, unknownCode } = await promotionCandidates(db, { code: " crew20 ", userId: null, email: "ana@east-harlem.test" });
    expect(unknownCode).toBe(false);
    expect(candidates.map((c) => c.promotion.id)).toEqual(expect.arrayContaining([automatic, crew]));
    expect(candidates.find((c) => c.promotion.id === crew)).toMatchObject({ promotion: { code: "CREW20", usesLeft: null } });
    expect((await promotionCandidates(db, { code: "NOPE", userId: null, email: null })).unknownCode).toBe(true);
  });

  it("hold a use while the checkout is paid, and give it back when it is not", async () => {
    const user = await makeUser(db);
    const id = await createPromotion(db, { name: "Two left", kind: "fixed", amountCents: 500, maxUses: 2, codes: [{ code: "TWOLEFT" }] });
    const [code] = await db.select().from(promotionCodes).where(eq(promotionCodes.promotionId, id));
    const use: PromotionUse = { promotionId: id, codeId: code!.id, code: "TWOLEFT", discountCents: 500 };
    const first = await attemptOf(user);
    await db.transaction((tx) => holdPromotionUses(tx, { attemptId: first, userId: user.id, email: user.email, uses: [use] }));
    expect(await usesOf(id)).toBe(1);
    expect(await db.transaction((tx) => releasePromotionUses(tx, first))).toBe(1);
    expect(await usesOf(id)).toBe(0);
    // Released twice is released once.
    expect(await db.transaction((tx) => releasePromotionUses(tx, first))).toBe(0);
    expect(await db.select({ state: promotionUses.state }).from(promotionUses).where(eq(promotionUses.attemptId, first))).toEqual([{ state: "released" }]);
    // Both uses are there again for two other checkouts, and a third finds none.
    const takers = [await makeUser(db), await makeUser(db), await makeUser(db)];
    for (const taker of takers.slice(0, 2)) {
      const attemptId = await attemptOf(taker);
      await db.transaction((tx) => holdPromotionUses(tx, { attemptId, userId: taker.id, email: taker.email, uses: [use] }));
    }
    const third = await attemptOf(takers[2]!);
    await expect(db.transaction((tx) => holdPromotionUses(tx, { attemptId: third, userId: takers[2]!.id, email: takers[2]!.email, uses: [use] }))).rejects.toMatchObject({ code: "promotions.used_up" });
    expect(await usesOf(id)).toBe(2);
  });

  it("refuse a used-up code and one the customer has used, undoing the checkout's transaction", async () => {
    const user = await makeUser(db);
    const single = await createPromotion(db, { name: "Pop-up", kind: "percent", percentBasisPoints: 1500, codes: [{ code: "POPUP-001", maxUses: 1 }] });
    const [code] = await db.select().from(promotionCodes).where(eq(promotionCodes.promotionId, single));
    const use: PromotionUse = { promotionId: single, codeId: code!.id, code: "POPUP-001", discountCents: 1050 };
    const first = await attemptOf(user);
    await db.transaction((tx) => holdPromotionUses(tx, { attemptId: first, userId: user.id, email: user.email, uses: [use] }));
    const other = await makeUser(db);
    const otherAttempt = await attemptOf(other);
    const refused = await db.transaction((tx) => holdPromotionUses(tx, { attemptId: otherAttempt, userId: other.id, email: other.email, uses: [use] })).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: "promotions.used_up", status: 409 });
    expect(sayIn("en", (refused as { text: never }).text)).toBe("The code POPUP-001 has been used up.");
    expect(sayIn("es", (refused as { text: never }).text)).toBe("El código POPUP-001 ya se agotó.");
    // The code's candidate says it is gone, before any checkout tries.
    const [candidate] = (await promotionCandidates(db, { code: "popup-001", userId: other.id, email: other.email })).candidates.filter((c) => c.promotion.id === single);
    expect(refusalOf(candidate!.promotion, [LINE], { email: other.email, userId: other.id, hasOrdered: false }, NOW)).toBe("used_up");

    const once = await createPromotion(db, { name: "Once each", kind: "percent", percentBasisPoints: 1000, maxUsesPerCustomer: 1, codes: [{ code: "ONCE" }] });
    const [onceCode] = await db.select().from(promotionCodes).where(eq(promotionCodes.promotionId, once));
    const onceUse: PromotionUse = { promotionId: once, codeId: onceCode!.id, code: "ONCE", discountCents: 700 };
    const onceFirst = await attemptOf(user);
    await db.transaction((tx) => holdPromotionUses(tx, { attemptId: onceFirst, userId: user.id, email: user.email, uses: [onceUse] }));
    const again = await attemptOf(user);
    const mine = await db.transaction((tx) => holdPromotionUses(tx, { attemptId: again, userId: user.id, email: user.email, uses: [onceUse] })).catch((e: unknown) => e);
    expect(mine).toMatchObject({ code: "promotions.used_by_you" });
    // The refused hold left nothing behind: one use counted, one row.
    expect(await usesOf(once)).toBe(1);
    expect(await db.select().from(promotionUses).where(eq(promotionUses.attemptId, again))).toEqual([]);
  });
});

if (!usingPostgres()) {
  console.log("promotions.test.ts: the race for a code's last use skipped: TEST_DATABASE_URL is not set (PGlite has one connection, so two transactions cannot meet).");
}

describe.skipIf(!usingPostgres())("the last use of a code, taken by checkouts at the same moment", () => {
  it("goes to one checkout; the others are refused and hold nothing", async () => {
    const id = await createPromotion(db, { name: "Last one", kind: "fixed", amountCents: 1000, codes: [{ code: "LASTONE", maxUses: 1 }] });
    const [code] = await db.select().from(promotionCodes).where(eq(promotionCodes.promotionId, id));
    const use: PromotionUse = { promotionId: id, codeId: code!.id, code: "LASTONE", discountCents: 1000 };
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => makeUser(db)));
    const attempts = await Promise.all(shoppers.map((s) => attemptOf(s)));
    const results = await Promise.allSettled(
      shoppers.map((s, i) => db.transaction((tx) => holdPromotionUses(tx, { attemptId: attempts[i]!, userId: s.id, email: s.email, uses: [use] }))),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(7).fill("promotions.used_up"));
    expect(await db.select().from(promotionUses).where(eq(promotionUses.promotionId, id))).toHaveLength(1);
    expect((await db.select({ uses: promotionCodes.uses }).from(promotionCodes).where(eq(promotionCodes.id, code!.id)))[0]!.uses).toBe(1);
  });
});
