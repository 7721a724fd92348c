import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import type { Role } from "../../db/schema/auth.ts";

/** The administrator behind a write, as the server established it (session and connection), never the form. */
export interface AdminActor {
  id: string;
  email: string;
  role: Role;
  clientIp: string | null;
}

/**
 * Who a row of the audit log names. Mostly an administrator; a shopper is the actor of the rows their
 * own account's actions write (e.g. downloading their data, entity "account"), with role "customer".
 */
export type AuditActor = AdminActor;

export interface AuditEntry {
  entity: string;
  entityId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one row to the audit log. Call it with the transaction of the write it records, so the write
 * and its record commit together (or neither does).
 */
export async function recordAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    clientIp: actor.clientIp,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
