import { desc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { outbox, type OutboxStatus } from "../../db/schema/index.ts";

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The outbox, newest first: every mail the store wrote and where its delivery stands. */
export async function listOutbox(db: Db, limit = 100): Promise<OutboxMail[]> {
  return db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      text: outbox.text,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}
