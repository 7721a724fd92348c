import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The app's Idempotency-Key requests (ADR 0027): one row per requester (`scope`: an account, or a guest
 * cart) and key. `fingerprint` is the request's method, path and body; while `status` is "running" the first
 * request holds it (until `lockedUntil`), once "done" the answer it gave is kept to be given again until
 * `expiresAt` (24 hours after the request).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: text("status", { enum: ["running", "done"] }).notNull(),
    responseStatus: integer("response_status"),
    responseType: text("response_type"),
    responseBody: text("response_body"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);
