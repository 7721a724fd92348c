import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { currencyRates } from "../../db/schema/index.ts";
import { recordAudit, type AdminActor } from "../admin/index.ts";
import { formatRate, parseRate, type ForeignCurrency } from "./rules.ts";

/** The rate of a currency before a change, its row locked for the transaction (null when none is set). */
async function lockedRate(tx: Db, currency: ForeignCurrency): Promise<string | null> {
  const [row] = await tx.select({ rate: currencyRates.rate }).from(currencyRates).where(eq(currencyRates.currency, currency)).for("update");
  return row ? formatRate(parseRate(row.rate) ?? 0) : null;
}

/**
 * Sets a currency's rate (units per US dollar, in millionths), recording who and when on the row and the
 * change in the audit log, in one transaction. Setting the rate it already has writes nothing.
 */
export async function setRate(db: Db, actor: AdminActor, currency: ForeignCurrency, rateMicros: number): Promise<{ changed: boolean }> {
  const rate = formatRate(rateMicros);
  return db.transaction(async (tx) => {
    const before = await lockedRate(tx, currency);
    if (before === rate) return { changed: false };
    const now = new Date();
    await tx
      .insert(currencyRates)
      .values({ currency, rate, setById: actor.id, setByEmail: actor.email, setAt: now })
      .onConflictDoUpdate({ target: currencyRates.currency, set: { rate, setById: actor.id, setByEmail: actor.email, setAt: now } });
    await recordAudit(tx, actor, { entity: "currency_rate", entityId: currency, action: "set", before: before === null ? null : { rate: before }, after: { rate } });
    return { changed: true };
  });
}

/** Clears a currency's rate: it is no longer offered, and shoppers who chose it see US dollars. Audited; clearing an unset rate writes nothing. */
export async function clearRate(db: Db, actor: AdminActor, currency: ForeignCurrency): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockedRate(tx, currency);
    if (before === null) return { changed: false };
    await tx.delete(currencyRates).where(eq(currencyRates.currency, currency));
    await recordAudit(tx, actor, { entity: "currency_rate", entityId: currency, action: "clear", before: { rate: before }, after: null });
    return { changed: true };
  });
}
