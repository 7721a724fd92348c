import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { passwordAttempts, sessions, userProfiles, users, type Preferences, type Role } from "../../db/schema/index.ts";
import { DEFAULT_PREFERENCES, type AttemptPair, type PairAttempts } from "./rules.ts";

export interface Account {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  emailVerified: boolean;
  role: Role;
  createdAt: Date;
  lastLoginAt: Date | null;
  active: boolean;
  profile: { firstName: string; lastName: string; phone: string; marketingOptIn: boolean };
  preferences: Preferences;
}

export async function getAccount(db: Db, userId: string): Promise<Account | null> {
  const [row] = await db
    .select({ user: users, profile: userProfiles })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user, profile } = row;
  return {
    id: user.id,
    email: user.email,
    displayName: user.name,
    photoURL: user.image,
    emailVerified: user.emailVerified,
    role: user.role,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    active: user.active && user.deletedAt === null,
    profile: {
      firstName: profile?.firstName ?? "",
      lastName: profile?.lastName ?? "",
      phone: profile?.phone ?? "",
      marketingOptIn: profile?.marketingOptIn ?? false,
    },
    preferences: profile?.preferences ?? DEFAULT_PREFERENCES,
  };
}

/** Whether an email belongs to an account that may sign in (not deleted). */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, active: users.active, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** A pair's counted password attempts (null: none), as the throttle sees them. */
export async function findPairAttempts(db: Db, pair: AttemptPair): Promise<PairAttempts | null> {
  const [row] = await db
    .select({ failures: passwordAttempts.failures, lastAttemptAt: passwordAttempts.lastAttemptAt })
    .from(passwordAttempts)
    .where(and(eq(passwordAttempts.account, pair.account), eq(passwordAttempts.client, pair.client)));
  return row ?? null;
}

/** One place an account is signed in: a browser's session or an app's bearer token (the same thing underneath). */
export interface SignedInSession {
  id: string;
  createdAt: Date;
  /** When it was last renewed (a session in use is renewed once a day). */
  updatedAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  /** Its secret, to tell the one asking apart; never shown. */
  token: string;
}

/** The account's sessions that have not expired, the newest first. */
export async function listSessions(db: Db, userId: string, now = new Date()): Promise<SignedInSession[]> {
  return db
    .select({ id: sessions.id, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent, token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}
