/** The account's own data export: read and recorded in one transaction. */
import type { Db } from "../../db/client.ts";
import { recordAudit, type AuditActor } from "../admin/index.ts";
import { collectAccountData, type AccountData } from "./queries.ts";

export interface AccountExport {
  /** When it was made; also in the file. */
  exportedAt: Date;
  data: AccountData & { exportedAt: string; format: string };
}

/**
 * Everything the store holds about the signed-in account, for them to download. The audit log gets a row
 * (entity "account", action "data_export", the shopper as actor, what the file holds in counts) in the
 * same transaction as the reads: there is no export that was not recorded. Null: no such account.
 */
export async function exportAccountData(db: Db, actor: AuditActor, now = new Date()): Promise<AccountExport | null> {
  return db.transaction(async (tx) => {
    const collected = await collectAccountData(tx, actor.id);
    if (!collected) return null;
    await recordAudit(tx, actor, { entity: "account", entityId: actor.id, action: "data_export", after: { exportedAt: now.toISOString(), ...collected.summary } });
    return { exportedAt: now, data: { format: "east-harlem-account-export/1", exportedAt: now.toISOString(), ...collected.data } };
  });
}
