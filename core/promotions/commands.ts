import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { promotionCodes, promotions, promotionUses } from "../../db/schema/index.ts";
import { PromotionError, promotionText } from "./errors.ts";
import { customerUseCounts, normalizeCode } from "./queries.ts";
import type { PromotionKind } from "./rules.ts";

/** A promotion as the back office writes it (its checks are the back office's form: to come with its page). */
export interface PromotionInput {
  name: string;
  kind: PromotionKind;
  automatic?: boolean;
  percentBasisPoints?: number;
  amountCents?: number;
  buyQuantity?: number;
  getQuantity?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  minSubtotalCents?: number;
  coversAll?: boolean;
  productIds?: number[];
  collectionIds?: number[];
  categories?: string[];
  firstOrderOnly?: boolean;
  customers?: string[];
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  combines?: boolean;
  /** Its codes, each with its own limit (a batch of single-use codes: 1 each). */
  codes?: { code: string; maxUses?: number | null }[];
}

/** Writes a promotion and its codes in one transaction; its id. */
export async function createPromotion(db: Db, input: PromotionInput): Promise<number> {
  return db.transaction(async (tx) => {
    const { codes = [], customers = [], ...fields } = input;
    const [row] = await tx
      .insert(promotions)
      .values({ ...fields, customers: customers.map((c) => c.trim().toLowerCase()) })
      .returning({ id: promotions.id });
    if (codes.length > 0) await tx.insert(promotionCodes).values(codes.map((c) => ({ promotionId: row!.id, code: normalizeCode(c.code), maxUses: c.maxUses ?? null })));
    return row!.id;
  });
}

/** One promotion a checkout takes: which, through which code, and what it took off. */
export interface PromotionUse {
  promotionId: number;
  codeId: number | null;
  code: string | null;
  discountCents: number;
}

const usedUp = (code: string | null) => new PromotionError("promotions.used_up", promotionText("cart.domain.promoUsedUp", { code: code ?? "" }));
const usedByYou = (code: string | null) => new PromotionError("promotions.used_by_you", promotionText("cart.domain.promoUsedByYou", { code: code ?? "" }));

/**
 * Holds one use of each promotion for a checkout, in its transaction (ADR 0049). Each count is raised only
 * while a use is left (a conditional update, as stock is reserved), so the last use goes to one checkout;
 * the raised row stays locked to the end of the transaction, so a customer's own count is read after any
 * other checkout of theirs holding the same promotion. A use that is gone throws, and the transaction (the
 * checkout) is undone: nothing is charged.
 */
export async function holdPromotionUses(tx: Db, input: { attemptId: string; userId: string | null; email: string; uses: readonly PromotionUse[] }): Promise<void> {
  for (const use of input.uses) {
    const [held] = await tx
      .update(promotions)
      .set({ uses: sql`${promotions.uses} + 1`, updatedAt: new Date() })
      .where(and(eq(promotions.id, use.promotionId), sql`(${promotions.maxUses} is null or ${promotions.uses} < ${promotions.maxUses})`))
      .returning({ maxUsesPerCustomer: promotions.maxUsesPerCustomer });
    if (!held) throw usedUp(use.code);
    if (use.codeId !== null) {
      const [code] = await tx
        .update(promotionCodes)
        .set({ uses: sql`${promotionCodes.uses} + 1` })
        .where(and(eq(promotionCodes.id, use.codeId), sql`(${promotionCodes.maxUses} is null or ${promotionCodes.uses} < ${promotionCodes.maxUses})`))
        .returning({ id: promotionCodes.id });
      if (!code) throw usedUp(use.code);
    }
    if (held.maxUsesPerCustomer !== null) {
      const mine = await customerUseCounts(tx, [use.promotionId], { userId: input.userId, email: input.email }, input.attemptId);
      if ((mine.get(use.promotionId) ?? 0) >= held.maxUsesPerCustomer) throw usedByYou(use.code);
    }
    await tx.insert(promotionUses).values({
      promotionId: use.promotionId,
      codeId: use.codeId,
      attemptId: input.attemptId,
      userId: input.userId,
      customerEmail: input.email.toLowerCase(),
      discountCents: use.discountCents,
    });
  }
}

/** The checkout failed or expired: its held uses are given back, for another checkout to take. */
export async function releasePromotionUses(tx: Db, attemptId: string): Promise<number> {
  const released = await tx
    .update(promotionUses)
    .set({ state: "released", updatedAt: new Date() })
    .where(and(eq(promotionUses.attemptId, attemptId), eq(promotionUses.state, "held")))
    .returning({ promotionId: promotionUses.promotionId, codeId: promotionUses.codeId });
  for (const use of released) {
    await tx.update(promotions).set({ uses: sql`${promotions.uses} - 1`, updatedAt: new Date() }).where(eq(promotions.id, use.promotionId));
    if (use.codeId !== null) await tx.update(promotionCodes).set({ uses: sql`${promotionCodes.uses} - 1` }).where(eq(promotionCodes.id, use.codeId));
  }
  return released.length;
}
