import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { outbox } from "./mail.ts";

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Where an address was given: the shop's box, the footer's, the newsletter page, or an account's settings. */
export const SUBSCRIBER_SOURCES = ["shop", "footer", "page", "account"] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

/**
 * One row per address (trimmed, lower case). pending: asked, waiting for the confirmation link (gets no
 * newsletter); confirmed: gets the newsletter; unsubscribed: left, gets nothing until it asks and confirms
 * again. Only the SHA-256 of the confirmation token is kept, with its expiry; it is cleared once used.
 * user_id names the account of the same address, whose newsletter preference follows this row.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    status: text("status").$type<SubscriberStatus>().notNull().default("pending"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    source: text("source").$type<SubscriberSource>().notNull(),
    /** The language of the page the address was last given on: the subscriber's mails are written in it, unless their account says otherwise (ADR 0025). */
    language: text("language").$type<"en" | "es">().notNull().default("en"),
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmTokenExpiresAt: timestamp("confirm_token_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("newsletter_subscribers_status_check", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
    check("newsletter_subscribers_source_check", sql`${t.source} in ('shop', 'footer', 'page', 'account')`),
    check("newsletter_subscribers_language_check", sql`${t.language} in ('en', 'es')`),
    check("newsletter_subscribers_email_check", sql`${t.email} = lower(btrim(${t.email}))`),
    index("newsletter_subscribers_status_idx").on(t.status, t.id),
    index("newsletter_subscribers_user_idx").on(t.userId),
  ],
);

export const CAMPAIGN_STATUSES = ["sending", "sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A newsletter as an administrator wrote it; sending: its job is still queueing mail; sent: every recipient
 * has one. subject_es and body_es, both or neither, are its Spanish: subscribers whose language is Spanish
 * get them; without them everyone gets the English.
 */
export const newsletterCampaigns = pgTable(
  "newsletter_campaigns",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    subjectEs: text("subject_es"),
    bodyEs: text("body_es"),
    status: text("status").$type<CampaignStatus>().notNull().default("sending"),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("newsletter_campaigns_status_check", sql`${t.status} in ('sending', 'sent')`),
    check("newsletter_campaigns_spanish_check", sql`(${t.subjectEs} is null) = (${t.bodyEs} is null)`),
    index("newsletter_campaigns_created_idx").on(t.createdAt),
  ],
);

/**
 * One row per campaign and subscriber, written in the same transaction as that subscriber's mail: the
 * unique pair is what makes a send job that runs twice (a retry, a second process) never mail anyone twice.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: serial("id").primaryKey(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    outboxId: integer("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("newsletter_deliveries_campaign_subscriber_key").on(t.campaignId, t.subscriberId), index("newsletter_deliveries_outbox_idx").on(t.outboxId)],
);
