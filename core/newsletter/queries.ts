/** The newsletter's reads. */
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newsletterCampaigns, newsletterDeliveries, newsletterSubscribers, outbox, SUBSCRIBER_STATUSES, type CampaignStatus, type SubscriberStatus } from "../../db/schema/index.ts";
import { hashToken, subscriberIdOf, verifyUnsubscribeToken } from "./tokens.ts";

/** The address a confirmation link is for, while the link still works; null for an unknown, used or expired one. */
export async function findConfirmation(db: Db, token: string, now = new Date()): Promise<{ email: string } | null> {
  const [row] = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.confirmTokenHash, hashToken(token)), eq(newsletterSubscribers.status, "pending"), gt(newsletterSubscribers.confirmTokenExpiresAt, now)));
  return row ?? null;
}

/** The subscriber an unsubscribe link names, when its signature holds; null for a forged or broken one. */
export async function findUnsubscribeTarget(db: Db, secret: string, token: string): Promise<{ email: string; status: SubscriberStatus } | null> {
  const id = subscriberIdOf(token);
  if (id === null) return null;
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  if (!row || !verifyUnsubscribeToken(secret, token, row)) return null;
  return { email: row.email, status: row.status };
}

/** The subscription of an account's address (what its Settings switch shows), or null when it never had one. */
export async function accountSubscription(db: Db, email: string): Promise<SubscriberStatus | null> {
  const [row] = await db.select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.trim().toLowerCase()));
  return row?.status ?? null;
}

export type SubscriberCounts = Record<SubscriberStatus, number>;

export async function subscriberCounts(db: Db): Promise<SubscriberCounts> {
  const rows = await db.select({ status: newsletterSubscribers.status, n: count() }).from(newsletterSubscribers).groupBy(newsletterSubscribers.status);
  const counts = Object.fromEntries(SUBSCRIBER_STATUSES.map((s) => [s, 0])) as SubscriberCounts;
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

export interface ConfirmedSubscriberRow {
  email: string;
  source: string;
  confirmedAt: Date | null;
  subscribedAt: Date;
  hasAccount: boolean;
}

/** Every confirmed subscriber, oldest first (the CSV export). */
export async function listConfirmedSubscribers(db: Db): Promise<ConfirmedSubscriberRow[]> {
  const rows = await db
    .select({
      email: newsletterSubscribers.email,
      source: newsletterSubscribers.source,
      confirmedAt: newsletterSubscribers.confirmedAt,
      subscribedAt: newsletterSubscribers.createdAt,
      userId: newsletterSubscribers.userId,
    })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "confirmed"))
    .orderBy(asc(newsletterSubscribers.id));
  return rows.map(({ userId, ...r }) => ({ ...r, hasAccount: userId !== null }));
}

export interface CampaignRow {
  id: number;
  subject: string;
  status: CampaignStatus;
  createdByEmail: string;
  createdAt: Date;
  finishedAt: Date | null;
  /** Mails written to the outbox so far. */
  queued: number;
  /** Of those, taken by the SMTP server. */
  sent: number;
  /** Given up on after every retry. */
  failed: number;
}

/** The latest campaigns with their progress: mails queued, and how their outbox rows stand. */
export async function listCampaigns(db: Db, limit = 20): Promise<CampaignRow[]> {
  const campaigns = await db.select().from(newsletterCampaigns).orderBy(desc(newsletterCampaigns.createdAt), desc(newsletterCampaigns.id)).limit(limit);
  if (campaigns.length === 0) return [];
  const progress = await db
    .select({
      campaignId: newsletterDeliveries.campaignId,
      queued: count(),
      sent: sql<number>`count(*) filter (where ${outbox.status} = 'sent')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')`.mapWith(Number),
    })
    .from(newsletterDeliveries)
    .leftJoin(outbox, eq(outbox.id, newsletterDeliveries.outboxId))
    .where(inArray(newsletterDeliveries.campaignId, campaigns.map((c) => c.id)))
    .groupBy(newsletterDeliveries.campaignId);
  const byId = new Map(progress.map((p) => [p.campaignId, p]));
  return campaigns.map((c) => ({
    id: c.id,
    subject: c.subject,
    status: c.status,
    createdByEmail: c.createdByEmail,
    createdAt: c.createdAt,
    finishedAt: c.finishedAt,
    queued: byId.get(c.id)?.queued ?? 0,
    sent: byId.get(c.id)?.sent ?? 0,
    failed: byId.get(c.id)?.failed ?? 0,
  }));
}
