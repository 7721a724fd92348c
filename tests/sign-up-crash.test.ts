// A sign-up survives a crash. An app process is killed with SIGKILL at each step of a registration (after
// the user row, after its password, after the identity library's part, after the store's part, after the
// commit); a second process on the same database then serves the shopper, who does what a person would:
// registers again with the same email (a new password this time), or, told the account exists, signs in.
// Whatever step the kill came at, the shopper ends up with one whole account (user, password, profile, one
// verification mail) that the password of the registration that went through opens, and the other does not.
//
// It needs two processes on one database (one killed while the other serves), so it runs on PostgreSQL only
// (TEST_DATABASE_URL, which CI sets).
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "./messages.ts";
import type { CrashPoint } from "../core/shared/failpoints.ts";
import { accounts, outbox, userProfiles, users } from "../db/schema/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { Client } from "./http-client.ts";
import { ensureBuild, startServer, type RunningServer } from "./server.ts";

const BASE_ENV = { AUTH_SECRET: "sign-up-crash-secret-sign-up-crash-secret-0123" };
const FIRST_PASSWORD = "first-try-uptown";
const SECOND_PASSWORD = "second-try-uptown";

/** Every step of a sign-up, in order; the last comes after the commit, so that registration went through. */
const STEPS: { point: CrashPoint; committed: boolean }[] = [
  { point: "accounts.sign_up.after_user", committed: false },
  { point: "accounts.sign_up.after_password", committed: false },
  { point: "accounts.sign_up.after_identity", committed: false },
  { point: "accounts.sign_up.after_profile", committed: false },
  { point: "accounts.sign_up.after_commit", committed: true },
];

if (!usingPostgres()) {
  console.log("sign-up-crash.test.ts skipped: TEST_DATABASE_URL is not set. Killing one of two app processes on one database needs PostgreSQL.");
}

describe.skipIf(!usingPostgres())("sign-up when the app process is killed (SIGKILL) at each step", () => {
  let database: TestDatabase;
  let steady: RunningServer;
  const crashing = new Map<CrashPoint, RunningServer>();

  beforeAll(async () => {
    ensureBuild();
    database = await createTestDatabase();
    steady = await startServer({ ...BASE_ENV, DATABASE_URL: database.url! });
    // One process per step, each armed to kill itself there; started together (they may: README).
    await Promise.all(STEPS.map(async ({ point }) => crashing.set(point, await startServer({ ...BASE_ENV, DATABASE_URL: database.url!, STORE_CRASH_AT: point }))));
  }, 240_000);

  afterAll(async () => {
    await Promise.all([steady, ...crashing.values()].map((s) => s?.stop("SIGKILL").catch(() => undefined)));
    await database?.destroy();
  });

  const register = (client: Client, email: string, password: string) =>
    client.post("/login", { intent: "register", email, password, confirmPassword: password, acceptTerms: "on", displayName: "Ana Rivera", redirectTo: "/" });
  const signIn = (client: Client, email: string, password: string) => client.post("/login", { intent: "signin", email, password, redirectTo: "/" });
  /** What the form said, for a failure's message: the error in the page's action data. */
  const said = async (res: Response) => (await Client.text(res)).match(/\\"error\\",\\"([^\\]*)/)?.[1] ?? `status ${res.status}`;
  const hasSession = (client: Client) => [...client.cookies.keys()].some((k) => k.includes("session_token"));

  async function exitOf(server: RunningServer): Promise<NodeJS.Signals | null> {
    const deadline = Date.now() + 30_000;
    while (server.child.exitCode === null && server.child.signalCode === null) {
      if (Date.now() > deadline) throw new Error(`the process was not killed\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return server.child.signalCode;
  }

  it.each(STEPS)("killed at $point", async ({ point, committed }) => {
    const server = crashing.get(point)!;
    const email = `${point.split(".").pop()}-${Date.now().toString(36)}@east-harlem.test`;

    // The registration is cut off: the process dies before it answers.
    const cutOff = await register(new Client(server.url), email, FIRST_PASSWORD).then(
      (res) => `answered ${res.status}`,
      () => "cut off",
    );
    expect(cutOff, server.output()).toBe("cut off");
    expect(await exitOf(server)).toBe("SIGKILL");

    // The shopper tries again on the process still up, with another password.
    const again = new Client(steady.url);
    const retry = await register(again, email, SECOND_PASSWORD);
    if (committed) {
      expect(retry.status).toBe(400);
      expect(await Client.text(retry)).toContain(MESSAGES.emailInUse);
    } else {
      expect(retry.status, await said(retry)).toBe(302);
      expect(hasSession(again)).toBe(true);
    }

    // The password of the registration that went through opens the account; the other one does not.
    const [right, wrong] = committed ? [FIRST_PASSWORD, SECOND_PASSWORD] : [SECOND_PASSWORD, FIRST_PASSWORD];
    const refused = await signIn(new Client(steady.url), email, wrong);
    expect(await Client.text(refused)).toContain(MESSAGES.wrongPassword);
    const shopper = new Client(steady.url);
    const signedIn = await signIn(shopper, email, right);
    expect(signedIn.status, await said(signedIn)).toBe(302);
    expect(hasSession(shopper)).toBe(true);
    expect(await Client.text(await shopper.get("/dashboard"))).toContain(email);

    // One whole account: the user, its password, its profile and one verification mail.
    const db = database.db;
    const found = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(found).toHaveLength(1);
    const userId = found[0]!.id;
    const [passwords] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    const [profiles] = await db.select({ n: sql<number>`count(*)::int` }).from(userProfiles).where(eq(userProfiles.userId, userId));
    const [mails] = await db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.to, email));
    expect({ passwords: passwords!.n, profiles: profiles!.n, verificationMails: mails!.n }).toEqual({ passwords: 1, profiles: 1, verificationMails: 1 });
  }, 60_000);
});
