import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminActor } from "../core/admin/index.ts";
import {
  confirmSubscription,
  createCampaign,
  findConfirmation,
  findUnsubscribeTarget,
  listCampaigns,
  NewsletterError,
  runCampaign,
  setAccountNewsletter,
  subscribe,
  SUBSCRIBE_THROTTLE,
  subscriberCounts,
  unsubscribeWithToken,
  type NewsletterDeps,
} from "../core/newsletter/index.ts";
import type { Db } from "../db/client.ts";
import { auditLog, newsletterSubscribers, outbox, userProfiles, users } from "../db/schema/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { makeUser } from "./factories.ts";
import { TEST_BASE_URL } from "./jobs.ts";

let database: TestDatabase;
let db: Db;
let deps: NewsletterDeps;
const SECRET = "a-test-secret-that-is-long-enough-for-hmac-keys";

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  deps = { db, jobs: database.jobs, baseUrl: TEST_BASE_URL, secret: SECRET };
});
afterAll(() => database?.destroy());

let counter = 0;
/** A new address, and a new client address, per call: the throttles count per both. */
const fresh = () => {
  counter += 1;
  return { email: `fan${counter}-${Date.now()}@east-harlem.test`, ip: `198.51.100.${counter % 250}` };
};

const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);
const statusOf = async (email: string) => (await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]?.status;
const confirmTokenIn = (text: string) => /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
const unsubscribeTokenIn = (header: string) => decodeURIComponent(/\/newsletter\/unsubscribe\?token=([^>\s]+)/.exec(header)![1]!);

async function subscribedAndConfirmed(): Promise<string> {
  const { email, ip } = fresh();
  await subscribe(deps, { email, source: "footer" }, ip);
  const [mail] = await mailsTo(email);
  await confirmSubscription(deps, confirmTokenIn(mail!.text));
  return email;
}

async function admin(): Promise<AdminActor> {
  const user = await makeUser(db, "admin");
  return { id: user.id, email: user.email, role: "admin", clientIp: "203.0.113.9" };
}

async function preferenceOf(userId: string): Promise<boolean | undefined> {
  const [row] = await db.select({ preferences: userProfiles.preferences }).from(userProfiles).where(eq(userProfiles.userId, userId));
  return row?.preferences.notifications.email.newsletter;
}

describe("double opt-in", () => {
  it("a new address gets the confirmation mail and nothing else until it confirms; a newsletter skips it", async () => {
    const { email, ip } = fresh();
    await subscribe(deps, { email: `  ${email.toUpperCase()} `, source: "shop" }, ip);
    expect(await statusOf(email)).toBe("pending");
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(["Confirm your East Harlem newsletter subscription"]);
    expect(mails[0]!.text).toContain(`${TEST_BASE_URL}/newsletter/confirm?token=`);

    const campaignId = await createCampaign(deps, await admin(), { subject: "Drop day: pending check", body: "Hello" });
    await runCampaign(deps, campaignId);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual(["Confirm your East Harlem newsletter subscription"]);

    await confirmSubscription(deps, confirmTokenIn(mails[0]!.text));
    expect(await statusOf(email)).toBe("confirmed");
  });

  it("an address already subscribed is told nothing new and gets no mail; a pending or unsubscribed one gets a new link", async () => {
    const email = await subscribedAndConfirmed();
    const before = (await mailsTo(email)).length;
    await expect(subscribe(deps, { email, source: "footer" }, fresh().ip)).resolves.toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(before);
    expect(await statusOf(email)).toBe("confirmed");

    const { email: waiting, ip } = fresh();
    await subscribe(deps, { email: waiting, source: "footer" }, ip);
    await expect(subscribe(deps, { email: waiting, source: "shop" }, ip)).resolves.toBeUndefined();
    const links = (await mailsTo(waiting)).map((m) => confirmTokenIn(m.text));
    expect(links).toHaveLength(2);
    expect(links[0]).not.toBe(links[1]);
    expect(await statusOf(waiting)).toBe("pending");
  });
});

describe("the confirmation link", () => {
  it("confirms once; used again or after 48 hours it is refused as expired or used", async () => {
    const { email, ip } = fresh();
    await subscribe(deps, { email, source: "footer" }, ip);
    const token = confirmTokenIn((await mailsTo(email))[0]!.text);
    expect(await findConfirmation(db, token)).toEqual({ email });
    await confirmSubscription(deps, token);
    expect(await findConfirmation(db, token)).toBeNull();
    await expect(confirmSubscription(deps, token)).rejects.toMatchObject({ code: "newsletter.bad_confirm_token", status: 410 });

    const late = fresh();
    await subscribe(deps, { email: late.email, source: "footer" }, late.ip);
    const lateToken = confirmTokenIn((await mailsTo(late.email))[0]!.text);
    const later = new Date(Date.now() + 49 * 3_600_000);
    expect(await findConfirmation(db, lateToken, later)).toBeNull();
    await expect(confirmSubscription(deps, lateToken, later)).rejects.toBeInstanceOf(NewsletterError);
    expect(await statusOf(late.email)).toBe("pending");
  });

  it("keeps only a hash of the token", async () => {
    const { email, ip } = fresh();
    await subscribe(deps, { email, source: "footer" }, ip);
    const token = confirmTokenIn((await mailsTo(email))[0]!.text);
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(row!.confirmTokenHash).toBeTruthy();
    expect(row!.confirmTokenHash).not.toContain(token);
  });
});

describe("sending a newsletter", () => {
  it("reaches each confirmed subscriber once, with List-Unsubscribe headers, even when the send job runs twice (and at once)", async () => {
    const confirmed = [await subscribedAndConfirmed(), await subscribedAndConfirmed(), await subscribedAndConfirmed()];
    const left = await subscribedAndConfirmed();
    const [leftMail] = await mailsTo(left);
    await db.update(newsletterSubscribers).set({ status: "unsubscribed" }).where(eq(newsletterSubscribers.email, left));
    const pending = fresh();
    await subscribe(deps, { email: pending.email, source: "footer" }, pending.ip);
    // Enough confirmed subscribers for several batches of 200.
    const many = Array.from({ length: 450 }, (_, i) => ({ email: `bulk${i}-${Date.now()}@east-harlem.test`, status: "confirmed" as const, source: "page" as const }));
    await db.insert(newsletterSubscribers).values(many);
    const confirmedTotal = (await subscriberCounts(db)).confirmed;

    const actor = await admin();
    const campaignId = await createCampaign(deps, actor, { subject: "Block party Saturday", body: "# Uptown\n\nCome through **Saturday**.\n\n- DJ set\n- Free tees\n\nhttps://east-harlem.test/music" });
    const runs = await Promise.all([runCampaign(deps, campaignId), runCampaign(deps, campaignId)]);
    expect(runs[0]! + runs[1]!).toBe(confirmedTotal);
    expect(await runCampaign(deps, campaignId)).toBe(0);

    const sentTo = await db.select({ to: outbox.to }).from(outbox).where(eq(outbox.subject, "Block party Saturday"));
    expect(sentTo).toHaveLength(confirmedTotal);
    expect(new Set(sentTo.map((r) => r.to)).size).toBe(confirmedTotal);
    for (const email of confirmed) expect(sentTo.filter((r) => r.to === email)).toHaveLength(1);
    expect(sentTo.some((r) => r.to === left || r.to === pending.email)).toBe(false);
    expect(leftMail).toBeDefined();

    const [mail] = (await mailsTo(confirmed[0]!)).filter((m) => m.subject === "Block party Saturday");
    expect(mail!.headers!["List-Unsubscribe"]).toMatch(new RegExp(`^<${TEST_BASE_URL}/newsletter/unsubscribe\\?token=\\d+\\.[A-Za-z0-9_-]{43}>$`));
    expect(mail!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain("Unsubscribe: http://store.test/newsletter/unsubscribe?token=");
    expect(mail!.html).toContain("<strong>Saturday</strong>");
    expect(mail!.html).toContain("<li>DJ set</li>");

    const [row] = (await listCampaigns(db)).filter((c) => c.id === campaignId);
    expect(row).toMatchObject({ status: "sent", queued: confirmedTotal, subject: "Block party Saturday" });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.entity, "newsletter"), eq(auditLog.entityId, String(campaignId))));
    expect(audit).toMatchObject({ action: "send", actorEmail: actor.email });
    await db.delete(newsletterSubscribers).where(like(newsletterSubscribers.email, "bulk%"));
  }, 120_000);

  it("escapes whatever the author wrote into the HTML", async () => {
    const email = await subscribedAndConfirmed();
    const campaignId = await createCampaign(deps, await admin(), { subject: "Escaping", body: '<script>alert(1)</script> and <img src=x onerror="y">' });
    await runCampaign(deps, campaignId);
    const [mail] = (await mailsTo(email)).filter((m) => m.subject === "Escaping");
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain("<img src=x");
    expect(mail!.html).toContain("&lt;script&gt;");
  });
});

describe("unsubscribing with the signed token", () => {
  async function newsletterTo(email: string): Promise<string> {
    const campaignId = await createCampaign(deps, await admin(), { subject: `For ${email}`, body: "Hi" });
    await runCampaign(deps, campaignId);
    const [mail] = (await mailsTo(email)).filter((m) => m.subject === `For ${email}`);
    return unsubscribeTokenIn(mail!.headers!["List-Unsubscribe"]!);
  }

  it("unsubscribes the subscriber the token names, needs no session, and works twice", async () => {
    const email = await subscribedAndConfirmed();
    const token = await newsletterTo(email);
    expect(await findUnsubscribeTarget(db, SECRET, token)).toEqual({ email, status: "confirmed" });
    await expect(unsubscribeWithToken(deps, token)).resolves.toEqual({ email });
    expect(await statusOf(email)).toBe("unsubscribed");
    await expect(unsubscribeWithToken(deps, token)).resolves.toEqual({ email });
  });

  it("refuses a forged token: another subscriber's id, a changed signature, another secret", async () => {
    const victim = await subscribedAndConfirmed();
    const attacker = await subscribedAndConfirmed();
    const attackerToken = await newsletterTo(attacker);
    const [victimRow] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, victim));
    const signature = attackerToken.split(".")[1]!;
    const forged = [
      `${victimRow!.id}.${signature}`,
      `${victimRow!.id}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${victimRow!.id}.${"A".repeat(43)}`,
    ];
    for (const token of forged) {
      expect(await findUnsubscribeTarget(db, SECRET, token)).toBeNull();
      await expect(unsubscribeWithToken(deps, token)).rejects.toMatchObject({ code: "newsletter.bad_unsubscribe_token", status: 400 });
    }
    await expect(unsubscribeWithToken({ db, secret: "another-secret-entirely-of-enough-length" }, attackerToken)).rejects.toBeInstanceOf(NewsletterError);
    expect(await statusOf(victim)).toBe("confirmed");
    expect(await statusOf(attacker)).toBe("confirmed");
  });
});

describe("an account's newsletter preference and its subscription are one", () => {
  it("turning it on confirms a verified address at once; unsubscribing by token turns it off; on again works", async () => {
    const user = await makeUser(db);
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    const account = { id: user.id, email: user.email, emailVerified: true };
    expect(await setAccountNewsletter(deps, account, true)).toBe("confirmed");
    expect(await statusOf(user.email)).toBe("confirmed");
    expect(await preferenceOf(user.id)).toBe(true);
    expect(await mailsTo(user.email)).toHaveLength(0);

    const campaignId = await createCampaign(deps, await admin(), { subject: "Account news", body: "Hi" });
    await runCampaign(deps, campaignId);
    const [mail] = (await mailsTo(user.email)).filter((m) => m.subject === "Account news");
    await unsubscribeWithToken(deps, unsubscribeTokenIn(mail!.headers!["List-Unsubscribe"]!));
    expect(await preferenceOf(user.id)).toBe(false);

    expect(await setAccountNewsletter(deps, account, true)).toBe("confirmed");
    expect(await preferenceOf(user.id)).toBe(true);
    expect(await setAccountNewsletter(deps, account, false)).toBe("unsubscribed");
    expect(await statusOf(user.email)).toBe("unsubscribed");
    expect(await preferenceOf(user.id)).toBe(false);
  });

  it("an unverified address is sent one confirmation link; confirming it turns the preference on", async () => {
    const user = await makeUser(db);
    const account = { id: user.id, email: user.email, emailVerified: false };
    expect(await setAccountNewsletter(deps, account, true)).toBe("pending");
    expect(await setAccountNewsletter(deps, account, true)).toBe("pending");
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(["Confirm your East Harlem newsletter subscription"]);
    await confirmSubscription(deps, confirmTokenIn(mails[0]!.text));
    expect(await preferenceOf(user.id)).toBe(true);
  });

  it("a sign-up from the public box for an account's address is linked to the account when confirmed", async () => {
    const user = await makeUser(db);
    await subscribe(deps, { email: user.email, source: "shop" }, fresh().ip);
    expect(await preferenceOf(user.id)).not.toBe(true);
    await confirmSubscription(deps, confirmTokenIn((await mailsTo(user.email))[0]!.text));
    expect(await preferenceOf(user.id)).toBe(true);
    const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, user.email));
    expect(row!.userId).toBe(user.id);
  });
});

describe("throttling", () => {
  it(`takes ${SUBSCRIBE_THROTTLE.client.limit} sign-ups an hour from one client address, then refuses with 429`, async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < SUBSCRIBE_THROTTLE.client.limit; i++) await subscribe(deps, { email: fresh().email, source: "footer" }, ip);
    const refused = fresh().email;
    await expect(subscribe(deps, { email: refused, source: "footer" }, ip)).rejects.toMatchObject({ status: 429, message: "Too many subscription requests. Please try again later." });
    expect(await statusOf(refused)).toBeUndefined();
    expect(await mailsTo(refused)).toHaveLength(0);
    // An hour later the address may ask again.
    await expect(subscribe(deps, { email: refused, source: "footer" }, ip, new Date(Date.now() + 61 * 60_000))).resolves.toBeUndefined();
  });

  it(`takes ${SUBSCRIBE_THROTTLE.email.limit} sign-ups an hour for one address, from whatever client`, async () => {
    const { email } = fresh();
    for (let i = 0; i < SUBSCRIBE_THROTTLE.email.limit; i++) await subscribe(deps, { email, source: "footer" }, `203.0.113.${100 + i}`);
    await expect(subscribe(deps, { email, source: "footer" }, "203.0.113.200")).rejects.toMatchObject({ status: 429 });
    expect(await mailsTo(email)).toHaveLength(SUBSCRIBE_THROTTLE.email.limit);
  });
});

if (!usingPostgres()) {
  console.log("newsletter.test.ts: the race of four send jobs is skipped: TEST_DATABASE_URL is not set. Send jobs racing in parallel transactions need PostgreSQL (PGlite has one connection).");
}

describe.skipIf(!usingPostgres())("four send jobs racing on PostgreSQL", () => {
  it("mails each confirmed subscriber exactly once between them", async () => {
    const stamp = Date.now();
    await db.insert(newsletterSubscribers).values(Array.from({ length: 500 }, (_, i) => ({ email: `race${i}-${stamp}@east-harlem.test`, status: "confirmed" as const, source: "page" as const })));
    const confirmedTotal = (await subscriberCounts(db)).confirmed;
    const campaignId = await createCampaign(deps, await admin(), { subject: `Race ${stamp}`, body: "Once each" });
    const runs = await Promise.all([1, 2, 3, 4].map(() => runCampaign(deps, campaignId)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(confirmedTotal);
    const sentTo = await db.select({ to: outbox.to }).from(outbox).where(eq(outbox.subject, `Race ${stamp}`));
    expect(sentTo).toHaveLength(confirmedTotal);
    expect(new Set(sentTo.map((r) => r.to)).size).toBe(confirmedTotal);
  }, 120_000);
});
