/** The newsletter's writes, each in one transaction with the mail it sends and the preference it moves. */
import { and, asc, eq, isNull, notExists, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newsletterCampaigns, newsletterDeliveries, newsletterSubscribers, userProfiles, users, type SubscriberSource, type SubscriberStatus } from "../../db/schema/index.ts";
import { consume, DEFAULT_PREFERENCES } from "../accounts/index.ts";
import { recordAudit, type AdminActor } from "../admin/index.ts";
import { queueMail, recipientLocale } from "../mail/index.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { isLocale, type Locale } from "../shared/locale.ts";
import { badConfirmToken, badUnsubscribeToken, campaignNotFound, tooManyRequests } from "./errors.ts";
import type { CampaignInput } from "./inputs.ts";
import { confirmationMail, newsletterMail } from "./mail.ts";
import { CAMPAIGN_BATCH_SIZE, campaignWords, CONFIRM_TOKEN_TTL_MS, preferenceFor, SUBSCRIBE_THROTTLE, subscribeThrottleKeys } from "./rules.ts";
import { hashToken, newConfirmToken, subscriberIdOf, unsubscribeToken, verifyUnsubscribeToken } from "./tokens.ts";

/** What the newsletter's commands run with: the database, the job queue, the public URL for links, the server's secret. */
export interface NewsletterDeps {
  db: Db;
  jobs: JobQueue;
  baseUrl: string;
  /** The server's signing secret: the unsubscribe links' signatures are derived from it. */
  secret: string;
}

type Subscriber = typeof newsletterSubscribers.$inferSelect;

/** The account of an address, if one is live. */
async function accountOf(tx: Db, email: string): Promise<{ id: string; emailVerified: boolean } | null> {
  const [row] = await tx.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(and(eq(users.email, email), isNull(users.deletedAt)));
  return row ?? null;
}

/**
 * The account's notifications.email.newsletter preference, set to what its subscription now is, in the
 * transaction of the change: the preference and the subscription are one and the same.
 */
async function syncPreference(tx: Db, userId: string, status: SubscriberStatus | null): Promise<void> {
  const on = preferenceFor(status);
  const preferences = { ...DEFAULT_PREFERENCES, notifications: { ...DEFAULT_PREFERENCES.notifications, email: { ...DEFAULT_PREFERENCES.notifications.email, newsletter: on } } };
  await tx
    .insert(userProfiles)
    .values({ userId, preferences })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: { preferences: sql`jsonb_set(${userProfiles.preferences}, '{notifications,email,newsletter}', ${on ? sql`'true'::jsonb` : sql`'false'::jsonb`}, true)`, updatedAt: new Date() },
    });
}

/**
 * The row of an address, locked for this transaction (made first if missing, so two sign-ups queue on one
 * lock). `language`, the page's the address was given on, is kept on the row for its mails.
 */
async function lockSubscriber(tx: Db, email: string, source: SubscriberSource, now: Date, language?: Locale): Promise<{ row: Subscriber; created: boolean }> {
  const inserted = await tx
    .insert(newsletterSubscribers)
    .values({ email, source, status: "pending", createdAt: now, updatedAt: now, ...(language ? { language } : {}) })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for("update");
  if (language && row!.language !== language) {
    await tx.update(newsletterSubscribers).set({ language }).where(eq(newsletterSubscribers.id, row!.id));
    return { row: { ...row!, language }, created: inserted.length > 0 };
  }
  return { row: row!, created: inserted.length > 0 };
}

/**
 * A fresh confirmation link for a row that is (now) pending, and its mail: in the language of the
 * subscriber's account if `row.userId` names one, else of the page the address was given on.
 */
async function sendConfirmation(tx: Db, deps: NewsletterDeps, row: Subscriber, now: Date): Promise<void> {
  const { token, hash } = newConfirmToken();
  await tx
    .update(newsletterSubscribers)
    .set({ status: "pending", confirmTokenHash: hash, confirmTokenExpiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS), updatedAt: now })
    .where(eq(newsletterSubscribers.id, row.id));
  const locale = await recipientLocale(tx, { userId: row.userId, email: row.email, pageLocale: row.language });
  await queueMail(tx, deps.jobs, confirmationMail(row.email, token, deps.baseUrl, locale));
}

/**
 * A subscribe box's address. New, pending or unsubscribed: it gets a (new) confirmation link and nothing
 * else until it is followed. Confirmed: nothing changes and nothing is sent. The caller answers every case
 * with the same message, so the box never tells whether an address is known. Throttled per client address
 * and per address asked for. `language` is the page's the box was on (English when not given).
 */
export async function subscribe(
  deps: NewsletterDeps,
  given: { email: string; source: SubscriberSource; language?: Locale },
  clientIp: string,
  now = new Date(),
): Promise<void> {
  const input = { ...given, email: given.email.trim().toLowerCase() };
  const clientOk = await consume(deps.db, subscribeThrottleKeys.client(clientIp), SUBSCRIBE_THROTTLE.client, now);
  const emailOk = clientOk && (await consume(deps.db, subscribeThrottleKeys.email(input.email), SUBSCRIBE_THROTTLE.email, now));
  if (!clientOk || !emailOk) throw tooManyRequests();
  await deps.db.transaction(async (tx) => {
    const { row } = await lockSubscriber(tx, input.email, input.source, now, input.language ?? "en");
    if (row.status === "confirmed") return;
    let userId = row.userId;
    if (!userId) {
      const account = await accountOf(tx, row.email);
      if (account) await tx.update(newsletterSubscribers).set({ userId: account.id }).where(eq(newsletterSubscribers.id, row.id));
      userId = account?.id ?? null;
    }
    await sendConfirmation(tx, deps, { ...row, userId }, now);
  });
}

/** The confirmation link: the address is confirmed (and its account's preference turned on). The link works once. */
export async function confirmSubscription(deps: Pick<NewsletterDeps, "db">, token: string, now = new Date()): Promise<{ email: string }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.confirmTokenHash, hashToken(token))).for("update");
    if (!row || row.status !== "pending" || !row.confirmTokenExpiresAt || row.confirmTokenExpiresAt <= now) throw badConfirmToken();
    const account = row.userId ? { id: row.userId } : await accountOf(tx, row.email);
    await tx
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null, userId: account?.id ?? null, updatedAt: now })
      .where(eq(newsletterSubscribers.id, row.id));
    if (account) await syncPreference(tx, account.id, "confirmed");
    return { email: row.email };
  });
}

/**
 * The one-click unsubscribe (RFC 8058) and the page's button: the signed token names the subscriber, no
 * session is needed. Unsubscribing twice is fine. The account's newsletter preference goes off with it.
 */
export async function unsubscribeWithToken(deps: Pick<NewsletterDeps, "db" | "secret">, token: string, now = new Date()): Promise<{ email: string }> {
  const id = subscriberIdOf(token);
  if (id === null) throw badUnsubscribeToken();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).for("update");
    if (!row || !verifyUnsubscribeToken(deps.secret, token, row)) throw badUnsubscribeToken();
    if (row.status !== "unsubscribed") {
      await tx
        .update(newsletterSubscribers)
        .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null, updatedAt: now })
        .where(eq(newsletterSubscribers.id, row.id));
    }
    const account = row.userId ? { id: row.userId } : await accountOf(tx, row.email);
    if (account) await syncPreference(tx, account.id, "unsubscribed");
    return { email: row.email };
  });
}

/**
 * The Settings switch: on subscribes the account's address (confirmed at once when the account has
 * verified it, else a confirmation link is mailed, once per request to turn it on); off unsubscribes it.
 * Returns the subscription's status, which the preference now mirrors.
 */
export async function setAccountNewsletter(
  deps: NewsletterDeps,
  account: { id: string; email: string; emailVerified: boolean },
  on: boolean,
  now = new Date(),
): Promise<SubscriberStatus | null> {
  const email = account.email.trim().toLowerCase();
  return deps.db.transaction(async (tx) => {
    let status: SubscriberStatus | null;
    if (on) {
      const { row } = await lockSubscriber(tx, email, "account", now);
      if (row.status === "confirmed") status = "confirmed";
      else if (account.emailVerified) {
        await tx
          .update(newsletterSubscribers)
          .set({ status: "confirmed", confirmedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null, updatedAt: now })
          .where(eq(newsletterSubscribers.id, row.id));
        status = "confirmed";
      } else {
        // Still waiting for a link sent before: no second mail for saving the page again.
        const waiting = row.status === "pending" && row.confirmTokenExpiresAt !== null && row.confirmTokenExpiresAt > now;
        if (!waiting) await sendConfirmation(tx, deps, { ...row, userId: account.id }, now);
        status = "pending";
      }
      await tx.update(newsletterSubscribers).set({ userId: account.id }).where(eq(newsletterSubscribers.id, row.id));
    } else {
      const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).for("update");
      if (row && row.status !== "unsubscribed") {
        await tx
          .update(newsletterSubscribers)
          .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null, userId: account.id, updatedAt: now })
          .where(eq(newsletterSubscribers.id, row.id));
      }
      status = row ? "unsubscribed" : null;
    }
    await syncPreference(tx, account.id, status);
    return status;
  });
}

/**
 * An administrator's newsletter, with its Spanish if written: the campaign row, its audit row and its send
 * job commit together; the job (runCampaign) queues the mail in batches.
 */
export async function createCampaign(deps: NewsletterDeps, actor: AdminActor, input: CampaignInput): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const spanish = input.spanish ?? null;
    const [row] = await tx
      .insert(newsletterCampaigns)
      .values({ subject: input.subject, body: input.body, subjectEs: spanish?.subject ?? null, bodyEs: spanish?.body ?? null, createdById: actor.id, createdByEmail: actor.email })
      .returning();
    await recordAudit(tx, actor, {
      entity: "newsletter",
      entityId: row!.id,
      action: "send",
      after: { subject: row!.subject, body: row!.body, ...(spanish ? { subjectEs: row!.subjectEs, bodyEs: row!.bodyEs } : {}) },
    });
    await deps.jobs.enqueue(tx, "newsletter-campaign", { campaignId: row!.id });
    return row!.id;
  });
}

/**
 * The send job: in transactions of CAMPAIGN_BATCH_SIZE subscribers, each confirmed subscriber without a
 * delivery row for this campaign gets one and its mail (with its own unsubscribe link) in the outbox. The
 * campaign row is locked for each batch, so two runs take turns, and the (campaign, subscriber) unique key
 * stands behind it: a run that is repeated or interrupted goes on where the last batch committed and never
 * mails anyone twice. Returns how many mails this run queued.
 */
export async function runCampaign(deps: NewsletterDeps, campaignId: number, now = () => new Date()): Promise<number> {
  let queued = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const [campaign] = await tx.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, campaignId)).for("update");
      if (!campaign) throw campaignNotFound();
      if (campaign.status === "sent") return null;
      // Each in their language (recipientLocale's rule, in the same query): their account's, else the page's they
      // subscribed on. The campaign's Spanish, when written, goes to those whose language is Spanish.
      const recipients = await tx
        .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, language: newsletterSubscribers.language, account: userProfiles.preferences })
        .from(newsletterSubscribers)
        .leftJoin(userProfiles, eq(userProfiles.userId, newsletterSubscribers.userId))
        .where(
          and(
            eq(newsletterSubscribers.status, "confirmed"),
            notExists(
              tx
                .select({ one: sql`1` })
                .from(newsletterDeliveries)
                .where(and(eq(newsletterDeliveries.campaignId, campaignId), eq(newsletterDeliveries.subscriberId, newsletterSubscribers.id))),
            ),
          ),
        )
        .orderBy(asc(newsletterSubscribers.id))
        .limit(CAMPAIGN_BATCH_SIZE);
      if (recipients.length === 0) {
        await tx.update(newsletterCampaigns).set({ status: "sent", finishedAt: now() }).where(eq(newsletterCampaigns.id, campaignId));
        return null;
      }
      const claimed = await tx
        .insert(newsletterDeliveries)
        .values(recipients.map((r) => ({ campaignId, subscriberId: r.id })))
        .onConflictDoNothing()
        .returning({ id: newsletterDeliveries.id, subscriberId: newsletterDeliveries.subscriberId });
      const recipientOf = new Map(recipients.map((r) => [r.id, r]));
      for (const delivery of claimed) {
        const { email, language, account } = recipientOf.get(delivery.subscriberId)!;
        const locale = isLocale(account?.language) ? account.language : language;
        const unsubscribe = unsubscribeToken(deps.secret, { id: delivery.subscriberId, email });
        const mail = newsletterMail({ to: email, ...campaignWords(campaign, locale), unsubscribeToken: unsubscribe }, deps.baseUrl, locale);
        const outboxId = await queueMail(tx, deps.jobs, mail);
        await tx.update(newsletterDeliveries).set({ outboxId }).where(eq(newsletterDeliveries.id, delivery.id));
      }
      return claimed.length;
    });
    if (batch === null) return queued;
    queued += batch;
  }
}
