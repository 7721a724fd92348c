import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Identity tables in the shape better-auth expects (property names are its field names), plus the
 * store's own columns on users. better-auth owns sessions, accounts (password hashes) and verifications.
 */
export const ROLES = ["customer", "admin", "super_admin"] as const;
export type Role = (typeof ROLES)[number];

const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").$type<Role>().notNull().default("customer"),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** Soft delete: the account can no longer sign in, its orders stay for the books. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    ...stamps,
  },
  (t) => [check("users_role_check", sql`${t.role} in ('customer', 'admin', 'super_admin')`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...stamps,
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...stamps,
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...stamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export interface Preferences {
  theme: "auto" | "light" | "dark";
  language: string;
  currency: string;
  notifications: {
    email: { orderUpdates: boolean; promotions: boolean; newsletter: boolean; restockAlerts: boolean };
    push: { orderUpdates: boolean; promotions: boolean; cartReminders: boolean };
  };
}

/** The store's part of a user: profile and preferences (SPEC section 3). */
export const userProfiles = pgTable("user_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  phone: text("phone").notNull().default(""),
  marketingOptIn: boolean("marketing_opt_in").notNull().default(false),
  preferences: jsonb("preferences").$type<Preferences>().notNull(),
  ...stamps,
});

/**
 * Fixed-window counters for throttling (verification resends, reset requests, shared-list lookups),
 * in the database so that every app process shares them.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Password guesses per (account, client address) pair, for sign-in and the password checks in settings
 * (ADR 0010). `account` is the email as typed, normalised, whether or not an account has it. `failures`
 * counts attempts not (yet) proven right: an attempt is counted when it starts and the row is deleted
 * when one succeeds. Shared by every app process.
 */
export const passwordAttempts = pgTable(
  "password_attempts",
  {
    account: text("account").notNull(),
    client: text("client").notNull(),
    failures: integer("failures").notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account, t.client] }), index("password_attempts_client_idx").on(t.client, t.lastAttemptAt)],
);

/** Values the whole store shares and keeps, such as the signing secret made on first start. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How the identity library reads a row with its related rows in one statement (its `joins` setting in
 * core/identity/library.ts): a session with its user on every signed-in request, a user with its accounts at sign-in,
 * an account with its user.
 */
export const usersRelations = relations(users, ({ many }) => ({
  accounts: many(accounts),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
