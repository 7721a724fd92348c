import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyAdminEmails,
  consume,
  DEFAULT_PREFERENCES,
  ensureProfile,
  getAccount,
  isThrottled,
  setRoleByEmail,
  softDeleteUser,
  updatePreferences,
  updateProfile,
} from "../core/accounts/index.ts";
import { addToCart, attachGuestCart, createCart, createCartForUser, findCartOfUser, getCart } from "../core/cart/index.ts";
import { carts, products, sessions, users, variants } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

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
    await updatePreferences(database.db, user.id, { ...DEFAULT_PREFERENCES, theme: "dark" });
    const account = await getAccount(database.db, user.id);
    expect(account).toMatchObject({
      displayName: "Ana Rivera",
      profile: { firstName: "Ana", lastName: "Rivera", phone: "+1 212 555 0116", marketingOptIn: true },
      preferences: { theme: "dark" },
    });
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
