import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountsField,
  applyAdminEmails,
  attemptPair,
  claimAttempt,
  consume,
  DEFAULT_PREFERENCES,
  deletedAccountEmail,
  ensureProfile,
  findPairAttempts,
  findUserByEmail,
  getAccount,
  isThrottled,
  PASSWORD_THROTTLE,
  setRoleByEmail,
  signInWithPassword,
  softDeleteUser,
  updatePreferences,
  updateProfile,
  withPasswordThrottle,
  type PasswordSignInPorts,
} from "../core/accounts/index.ts";
import { addToCart, attachGuestCart, createCart, createCartForUser, findCartOfUser, getCart } from "../core/cart/index.ts";
import { migrationsFolder } from "../db/client.ts";
import { carts, products, sessions, userProfiles, users, variants, wishlists } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { MESSAGES } from "./messages.ts";
import { english } from "./words.ts";

let database: TestDatabase;
let n = 0;

async function makeUser(email = `user${++n}@example.com`) {
  const id = `u-${n}-${Math.random().toString(36).slice(2)}`;
  await database.db.insert(users).values({ id, name: "Test User", email });
  await ensureProfile(database.db, id);
  return { id, email };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

describe("throttle", () => {
  const rule = { limit: 3, windowMs: 60_000 };
  it("allows the limit, refuses beyond it, and starts again when the window has passed", async () => {
    const t0 = new Date("2026-01-01T00:00:00Z");
    expect(await consume(database.db, "k1", rule, t0)).toBe(true);
    expect(await consume(database.db, "k1", rule, t0)).toBe(true);
    expect(await isThrottled(database.db, "k1", rule, t0)).toBe(false);
    expect(await consume(database.db, "k1", rule, t0)).toBe(true);
    expect(await isThrottled(database.db, "k1", rule, t0)).toBe(true);
    expect(await consume(database.db, "k1", rule, t0)).toBe(false);
    const later = new Date(t0.getTime() + 61_000);
    expect(await isThrottled(database.db, "k1", rule, later)).toBe(false);
    expect(await consume(database.db, "k1", rule, later)).toBe(true);
    expect(await isThrottled(database.db, "other", rule, t0)).toBe(false);
  });

  it("counts concurrent events exactly", async () => {
    const t = new Date();
    const results = await Promise.all(Array.from({ length: 10 }, () => consume(database.db, "burst", { limit: 4, windowMs: 60_000 }, t)));
    expect(results.filter(Boolean)).toHaveLength(4);
  });
});

describe("password attempts per (account, address) pair", () => {
  const T = PASSWORD_THROTTLE;
  const at = (t0: Date, ms: number) => new Date(t0.getTime() + ms);
  /** A stand-in for the identity library: `right` is the password; the session is just the user id. */
  const ports = (userId: string, password: string, right: string, spent: string[] = []): PasswordSignInPorts<string> => ({
    checkPassword: async () => (password === right ? { ok: true, userId, session: `session-of-${userId}` } : { ok: false, error: accountsField("account.error.wrongPassword") }),
    spendPasswordCheck: async () => void spent.push(password),
  });
  /** The attempt's answer, its refusal (a text's id) worded as an English page words it. */
  const signInAs = async (email: string, clientIp: string, password: string, userId: string, now: Date, spent?: string[]) => {
    const result = await signInWithPassword(database.db, { email, clientIp, guestCartId: null, adminEmails: [] }, ports(userId, password, "the-right-one", spent), now);
    return result.ok ? result : { ...result, error: english(result.error) };
  };

  it("never holds the owner back on another address, however often a stranger fails", async () => {
    const owner = await makeUser();
    const t0 = new Date();
    for (let i = 0; i < T.freeFailures + 3; i++) await signInAs(owner.email, "198.51.100.1", `guess-${i}`, owner.id, t0);
    const stranger = await signInAs(owner.email, "198.51.100.1", "the-right-one", owner.id, t0);
    expect(stranger).toMatchObject({ ok: false, error: MESSAGES.tooManyRequests });
    expect(await signInAs(owner.email, "203.0.113.9", "the-right-one", owner.id, t0)).toEqual({ ok: true, userId: owner.id, session: `session-of-${owner.id}` });
  });

  it("gives the free failures, then waits that double with each further failure, and counts typed emails alike", async () => {
    const user = await makeUser();
    const ip = "198.51.100.2";
    const t0 = new Date();
    for (let i = 0; i < T.freeFailures; i++) expect(await signInAs(user.email, ip, "nope", user.id, t0)).toEqual({ ok: false, error: MESSAGES.wrongPassword });
    // The sixth failure starts the first wait.
    expect(await signInAs(user.email.toUpperCase(), ip, "nope", user.id, t0)).toEqual({ ok: false, error: MESSAGES.wrongPassword });
    let now = t0;
    for (const waitMs of [T.firstWaitMs, 2 * T.firstWaitMs, 4 * T.firstWaitMs, 8 * T.firstWaitMs]) {
      const early = await signInAs(user.email, ip, "the-right-one", user.id, at(now, waitMs - 1));
      expect(early).toEqual({ ok: false, error: MESSAGES.tooManyRequests, retryAfterMs: 1 });
      now = at(now, waitMs);
      expect(await signInAs(user.email, ip, "nope", user.id, now)).toEqual({ ok: false, error: MESSAGES.wrongPassword });
    }
    expect(await findPairAttempts(database.db, attemptPair(user.email, ip))).toEqual({ failures: T.freeFailures + 5, lastAttemptAt: now });
  });

  it("forgets the pair's failures when the right password comes", async () => {
    const user = await makeUser();
    const ip = "198.51.100.3";
    const t0 = new Date();
    for (let i = 0; i < T.freeFailures; i++) await signInAs(user.email, ip, "nope", user.id, t0);
    expect((await signInAs(user.email, ip, "the-right-one", user.id, t0)).ok).toBe(true);
    expect(await findPairAttempts(database.db, attemptPair(user.email, ip))).toBeNull();
    for (let i = 0; i < T.freeFailures; i++) expect(await signInAs(user.email, ip, "nope", user.id, t0)).toMatchObject({ error: MESSAGES.wrongPassword });
  });

  it("answers an unknown email with the spec's message after spending a password check, and counts it the same", async () => {
    const spent: string[] = [];
    const t0 = new Date();
    const ghost = `ghost-${Date.now()}@example.com`;
    expect(await signInAs(ghost, "198.51.100.4", "whatever", "nobody", t0, spent)).toEqual({ ok: false, error: MESSAGES.userNotFound });
    expect(spent).toEqual(["whatever"]);
    expect(await findPairAttempts(database.db, attemptPair(ghost, "198.51.100.4"))).toMatchObject({ failures: 1 });
  });

  it("lets exactly one of many parallel attempts through when one is left", async () => {
    const pair = attemptPair(`burst-${Date.now()}@example.com`, "198.51.100.5");
    const t0 = new Date();
    for (let i = 0; i < T.freeFailures; i++) await database.db.transaction((tx) => claimAttempt(tx, pair, t0));
    const decisions = await Promise.all(Array.from({ length: 8 }, () => database.db.transaction((tx) => claimAttempt(tx, pair, t0))));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(1);
    expect(await findPairAttempts(database.db, pair)).toMatchObject({ failures: T.freeFailures + 1 });
  });

  it("takes the free failures from an address spraying many accounts, but never stops it on an account it has not failed on", async () => {
    const ip = "198.51.100.6";
    const t0 = new Date();
    const sprayed = Array.from({ length: T.spray.accounts + 1 }, (_, i) => `sprayed-${i}-${Date.now()}@example.com`);
    for (const email of sprayed) expect(await signInAs(email, ip, "Summer2026!", "nobody", t0)).toMatchObject({ error: MESSAGES.userNotFound });
    // A second guess on a sprayed account now waits.
    expect(await signInAs(sprayed[0]!, ip, "Winter2026!", "nobody", at(t0, 1000))).toEqual({ ok: false, error: MESSAGES.tooManyRequests, retryAfterMs: T.spray.firstWaitMs - 1000 });
    expect(await signInAs(sprayed[0]!, ip, "Winter2026!", "nobody", at(t0, T.spray.firstWaitMs))).toMatchObject({ error: MESSAGES.userNotFound });
    // Someone behind the same address signs in to an account nobody there has failed on.
    const neighbour = await makeUser();
    expect((await signInAs(neighbour.email, ip, "the-right-one", neighbour.id, at(t0, 2000))).ok).toBe(true);
    // Other addresses keep their free failures on the sprayed accounts.
    for (let i = 0; i < T.freeFailures; i++) expect(await signInAs(sprayed[0]!, "203.0.113.10", `x${i}`, "nobody", t0)).toMatchObject({ error: MESSAGES.userNotFound });
  });

  it("does the store's part of a sign-in in one go: profile, admin role, last login, guest cart, pair forgiven", async () => {
    const user = await makeUser(`boss-${Date.now()}@example.com`);
    const guest = await createCart(database.db);
    const ip = "198.51.100.7";
    await signInAs(user.email, ip, "nope", user.id, new Date());
    const result = await signInWithPassword(
      database.db,
      { email: user.email, clientIp: ip, guestCartId: guest, adminEmails: [user.email] },
      ports(user.id, "the-right-one", "the-right-one"),
    );
    expect(result.ok).toBe(true);
    const account = await getAccount(database.db, user.id);
    expect(account?.role).toBe("admin");
    expect(account?.lastLoginAt).toBeInstanceOf(Date);
    expect(await findCartOfUser(database.db, user.id)).toBe(guest);
    expect(await findPairAttempts(database.db, attemptPair(user.email, ip))).toBeNull();
  });

  it("throttles the password checks in settings by the same pair, and shares its count with sign-in", async () => {
    const user = await makeUser();
    const pair = attemptPair(user.email, "198.51.100.8");
    const t0 = new Date();
    const wrong = () => Promise.reject(new Error("wrong password"));
    for (let i = 0; i < T.freeFailures; i++) await expect(withPasswordThrottle(database.db, pair, wrong, t0)).rejects.toThrow("wrong password");
    await signInAs(user.email, pair.client, "nope", user.id, t0);
    expect(await withPasswordThrottle(database.db, pair, async () => "checked", t0)).toEqual({ ok: false, retryAfterMs: T.firstWaitMs });
    expect(await withPasswordThrottle(database.db, pair, async () => "checked", at(t0, T.firstWaitMs))).toEqual({ ok: true, value: "checked" });
    expect(await findPairAttempts(database.db, pair)).toBeNull();
  });
});

describe("accounts", () => {
  it("creates the profile with the spec's default preferences", async () => {
    const user = await makeUser();
    const account = await getAccount(database.db, user.id);
    expect(account?.preferences).toEqual(DEFAULT_PREFERENCES);
    expect(account?.preferences).toMatchObject({ theme: "auto", language: "en", currency: "USD" });
    expect(account?.role).toBe("customer");
  });

  it("grants admin to ADMIN_EMAILS only, and never lowers a role", async () => {
    const boss = await makeUser("boss@example.com");
    const other = await makeUser("other@example.com");
    await applyAdminEmails(database.db, boss.id, "Boss@Example.com", ["boss@example.com"]);
    await applyAdminEmails(database.db, other.id, other.email, ["boss@example.com"]);
    expect((await getAccount(database.db, boss.id))?.role).toBe("admin");
    expect((await getAccount(database.db, other.id))?.role).toBe("customer");
    await setRoleByEmail(database.db, "boss@example.com", "super_admin");
    await applyAdminEmails(database.db, boss.id, boss.email, ["boss@example.com"]);
    expect((await getAccount(database.db, boss.id))?.role).toBe("super_admin");
    await expect(setRoleByEmail(database.db, "nobody@example.com", "admin")).rejects.toThrow("No account found with the email nobody@example.com.");
  });

  it("saves the profile, the display name and preferences", async () => {
    const user = await makeUser();
    await updateProfile(database.db, user.id, { firstName: "Ana", lastName: "Rivera", phone: "+1 212 555 0116", marketingOptIn: true });
    const saved = await getAccount(database.db, user.id);
    await updatePreferences(database.db, user.id, { ...saved!.preferences, theme: "dark" });
    const account = await getAccount(database.db, user.id);
    expect(account).toMatchObject({
      displayName: "Ana Rivera",
      profile: { firstName: "Ana", lastName: "Rivera", phone: "+1 212 555 0116", marketingOptIn: true },
      preferences: { theme: "dark", notifications: { email: { promotions: true } } },
    });
  });

  it("keeps the profile's marketing box and the Promotions switch one consent", async () => {
    const user = await makeUser();
    const profile = { firstName: "Luz", lastName: "Ortiz", phone: "", marketingOptIn: true };
    await updateProfile(database.db, user.id, profile);
    let account = await getAccount(database.db, user.id);
    expect(account?.preferences.notifications.email).toMatchObject({ promotions: true, orderUpdates: true });

    const off = { ...account!.preferences, notifications: { ...account!.preferences.notifications, email: { ...account!.preferences.notifications.email, promotions: false } } };
    await updatePreferences(database.db, user.id, off);
    account = await getAccount(database.db, user.id);
    expect(account?.profile.marketingOptIn).toBe(false);

    await updateProfile(database.db, user.id, { ...profile, marketingOptIn: true });
    account = await getAccount(database.db, user.id);
    expect(account?.preferences.notifications.email.promotions).toBe(true);
    expect(account?.preferences.theme).toBe("auto");
  });

  it("soft-deletes: inactive, sessions ended, the row kept", async () => {
    const user = await makeUser();
    await database.db.insert(sessions).values({ id: `s-${user.id}`, token: `t-${user.id}`, userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
    await softDeleteUser(database.db, user.id);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ active: false });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("frees the email, removes the name, the profile and the lists, and leaves other accounts be", async () => {
    const user = await makeUser();
    const other = await makeUser();
    await updateProfile(database.db, user.id, { firstName: "Marisol", lastName: "Vega", phone: "212-555-0111", marketingOptIn: true });
    for (const owner of [user, other]) await database.db.insert(wishlists).values({ userId: owner.id, name: "My Favorites" });
    await softDeleteUser(database.db, user.id);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: deletedAccountEmail(user.id), name: "" });
    expect(await findUserByEmail(database.db, user.email)).toBeNull();
    expect((await getAccount(database.db, user.id))?.profile).toEqual({ firstName: "", lastName: "", phone: "", marketingOptIn: false });
    expect(await database.db.select().from(wishlists).where(eq(wishlists.userId, user.id))).toEqual([]);
    expect(await findUserByEmail(database.db, other.email)).toMatchObject({ id: other.id });
    expect(await database.db.select().from(wishlists).where(eq(wishlists.userId, other.id))).toHaveLength(1);
  });

  it("migration 0032 does the same for accounts deleted before", async () => {
    const user = await makeUser();
    const alive = await makeUser();
    await updateProfile(database.db, user.id, { firstName: "Tito", lastName: "Puente", phone: "212-555-0112", marketingOptIn: false });
    for (const owner of [user, alive]) await database.db.insert(wishlists).values({ userId: owner.id, name: "My Favorites" });
    // The deletion as it was: marked, nothing else.
    await database.db.update(users).set({ deletedAt: new Date(), active: false }).where(eq(users.id, user.id));
    expect(await findUserByEmail(database.db, user.email)).toMatchObject({ id: user.id });

    const file = fs.readFileSync(path.join(migrationsFolder, "0032_deleted_accounts_released.sql"), "utf8");
    for (const statement of file.split("--> statement-breakpoint")) await database.db.execute(sql.raw(statement));

    expect(await findUserByEmail(database.db, user.email)).toBeNull();
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: deletedAccountEmail(user.id), name: "" });
    const [profile] = await database.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(profile).toMatchObject({ firstName: "", lastName: "", phone: "" });
    expect(await database.db.select().from(wishlists).where(eq(wishlists.userId, user.id))).toEqual([]);
    const [untouched] = await database.db.select().from(users).where(eq(users.id, alive.id));
    expect(untouched).toMatchObject({ email: alive.email, name: "Test User" });
    expect(await database.db.select().from(wishlists).where(eq(wishlists.userId, alive.id))).toHaveLength(1);
  });
});

describe("the cart at sign-in", () => {
  let variantId: number;
  let scarceId: number;
  beforeAll(async () => {
    const [p] = await database.db
      .insert(products)
      .values({ slug: "merge-tee", name: "Merge Tee", description: "x", basePriceCents: 4000, category: "apparel", artKind: "tee" })
      .returning();
    const made = await database.db
      .insert(variants)
      .values([
        { productId: p!.id, sku: "MERGE-M", size: "M", onHand: 50, lowStockThreshold: 2 },
        { productId: p!.id, sku: "MERGE-S", size: "S", onHand: 3, lowStockThreshold: 2 },
      ])
      .returning();
    variantId = made[0]!.id;
    scarceId = made[1]!.id;
  });

  it("gives a guest's cart to an account that has none", async () => {
    const user = await makeUser();
    const guest = await createCart(database.db);
    await addToCart(database.db, guest, { variantId, quantity: 2 });
    expect(await attachGuestCart(database.db, guest, user.id)).toBe(guest);
    expect(await findCartOfUser(database.db, user.id)).toBe(guest);
  });

  it("adds the guest's quantities to the account's cart, capped by what is available", async () => {
    const user = await makeUser();
    const accountCart = await createCartForUser(database.db, user.id);
    await addToCart(database.db, accountCart, { variantId, quantity: 1 });
    await addToCart(database.db, accountCart, { variantId: scarceId, quantity: 2 });
    const guest = await createCart(database.db);
    await addToCart(database.db, guest, { variantId, quantity: 2 });
    await addToCart(database.db, guest, { variantId: scarceId, quantity: 3 });
    expect(await attachGuestCart(database.db, guest, user.id)).toBe(accountCart);
    const cart = await getCart(database.db, accountCart);
    expect(cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [variantId, 3],
      [scarceId, 3],
    ]);
    expect(await database.db.select().from(carts).where(eq(carts.id, guest))).toEqual([]);
  });

  it("never merges another account's cart", async () => {
    const owner = await makeUser();
    const intruder = await makeUser();
    const ownersCart = await createCartForUser(database.db, owner.id);
    await addToCart(database.db, ownersCart, { variantId, quantity: 1 });
    expect(await attachGuestCart(database.db, ownersCart, intruder.id)).toBeNull();
    expect((await getCart(database.db, ownersCart)).itemCount).toBe(1);
    expect(await findCartOfUser(database.db, owner.id)).toBe(ownersCart);
  });
});
