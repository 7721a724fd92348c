import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { promotionCodes, promotions, promotionUses } from "../../db/schema/index.ts";
import type { Promotion } from "./rules.ts";

/** A promotion a cart may take, and the code that brought it (null for an automatic one). */
export interface PromotionCandidate {
  promotion: Promotion;
  codeId: number | null;
}

type PromotionRow = typeof promotions.$inferSelect;

/** Codes are typed in any case, with spaces around; they are kept upper-case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

const left = (max: number | null, used: number) => (max === null ? null : Math.max(0, max - used));
const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

function promotionOf(row: PromotionRow, code: { code: string; maxUses: number | null; uses: number } | null, customerUses: number): Promotion {
  return {
    id: row.id,
    code: code?.code ?? null,
    kind: row.kind,
    percentBasisPoints: row.percentBasisPoints,
    amountCents: row.amountCents,
    buyQuantity: row.buyQuantity,
    getQuantity: row.getQuantity,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    paused: row.paused,
    minSubtotalCents: row.minSubtotalCents,
    scope: { all: row.coversAll, productIds: row.productIds, collectionIds: row.collectionIds, categories: row.categories },
    firstOrderOnly: row.firstOrderOnly,
    customers: row.customers,
    usesLeft: least(left(row.maxUses, row.uses), code ? left(code.maxUses, code.uses) : null),
    customerUsesLeft: left(row.maxUsesPerCustomer, customerUses),
    combines: row.combines,
  };
}

/** How many uses of each promotion the customer holds or has spent (not counting `exceptAttempt`'s). */
async function customerUseCounts(db: Db, promotionIds: readonly number[], customer: { userId: string | null; email: string | null }, exceptAttempt?: string): Promise<Map<number, number>> {
  const who = [customer.userId ? eq(promotionUses.userId, customer.userId) : undefined, customer.email ? eq(promotionUses.customerEmail, customer.email.toLowerCase()) : undefined].filter((c) => c !== undefined);
  if (promotionIds.length === 0 || who.length === 0) return new Map();
  const rows = await db
    .select({ promotionId: promotionUses.promotionId, count: sql<number>`count(*)::int` })
    .from(promotionUses)
    .where(and(inArray(promotionUses.promotionId, [...promotionIds]), or(...who), ne(promotionUses.state, "released"), exceptAttempt ? ne(promotionUses.attemptId, exceptAttempt) : undefined))
    .groupBy(promotionUses.promotionId);
  return new Map(rows.map((r) => [r.promotionId, r.count]));
}

/**
 * The promotions a cart may take: every automatic one, and the one `code` names (null when no code was
 * entered; `unknownCode` when no promotion has it). Whether each applies now is for `refusalOf` to say.
 */
export async function promotionCandidates(
  db: Db,
  input: { code: string | null; userId: string | null; email: string | null },
): Promise<{ candidates: PromotionCandidate[]; unknownCode: boolean }> {
  const automatic = await db.select().from(promotions).where(eq(promotions.automatic, true)).orderBy(promotions.id);
  const typed = input.code ? normalizeCode(input.code) : null;
  const [coded] = typed
    ? await db
        .select({ promotion: promotions, code: promotionCodes })
        .from(promotionCodes)
        .innerJoin(promotions, eq(promotions.id, promotionCodes.promotionId))
        .where(and(eq(promotionCodes.code, typed), eq(promotions.automatic, false)))
    : [];
  const ids = [...automatic.map((p) => p.id), ...(coded ? [coded.promotion.id] : [])];
  const used = await customerUseCounts(db, ids, input);
  const candidates: PromotionCandidate[] = automatic.map((row) => ({ promotion: promotionOf(row, null, used.get(row.id) ?? 0), codeId: null }));
  if (coded) candidates.push({ promotion: promotionOf(coded.promotion, coded.code, used.get(coded.promotion.id) ?? 0), codeId: coded.code.id });
  return { candidates, unknownCode: typed !== null && !coded };
}

export { customerUseCounts };
