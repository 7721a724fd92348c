import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changeUserRole,
  deleteUserAsAdmin,
  getUserDetail,
  listAudit,
  listReviewsForModeration,
  listUsers,
  setReviewHidden,
  setUserActive,
  type AdminActor,
} from "../core/admin/index.ts";
import type { Db } from "../db/client.ts";
import { auditLog, reviews, sessions, users, type Role } from "../db/schema/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { makeProduct, makeUser } from "./factories.ts";
import { ADMIN_MESSAGES } from "./messages.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.destroy());

let n = 0;
async function person(role: Role, email = `person${++n}-${Date.now()}@east-harlem.test`) {
  const id = `people-${++n}-${Date.now()}`;
  const [user] = await db.insert(users).values({ id, name: `Person ${n}`, email, role }).returning();
  return user!;
}
const actorOf = (u: { id: string; email: string; role: Role }): AdminActor => ({ id: u.id, email: u.email, role: u.role, clientIp: "203.0.113.9" });
async function startSession(userId: string) {
  const token = `tok-${++n}-${Date.now()}`;
  await db.insert(sessions).values({ id: token, token, userId, expiresAt: new Date(Date.now() + 86_400_000) });
}
const sessionsOf = async (userId: string) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const auditOf = async (entityId: string | number) => db.select().from(auditLog).where(eq(auditLog.entityId, String(entityId)));
const refusal = (p: Promise<unknown>) => p.then(() => "allowed", (e: { code?: string }) => e.code ?? String(e));

/** Leaves exactly the given super_admins active: every other super_admin of earlier tests is made customer. */
async function onlySuperAdmins(...ids: string[]) {
  const all = await db.select().from(users).where(eq(users.role, "super_admin"));
  for (const u of all) if (!ids.includes(u.id)) await db.update(users).set({ role: "customer" }).where(eq(users.id, u.id));
}

describe("accounts in the back office", () => {
  it("lists users by email or name and role, with orders figures and status, 20 to a page", async () => {
    const tag = `zz${Date.now()}`;
    for (let i = 0; i < 22; i++) await person("customer", `${tag}-${i}@east-harlem.test`);
    const page1 = await listUsers(db, { q: tag });
    expect(page1).toMatchObject({ total: 22, pages: 2, page: 1 });
    expect(page1.rows).toHaveLength(20);
    expect(page1.rows[0]).toMatchObject({ orderCount: 0, totalSpentCents: 0, lastOrderDate: null, status: "active", role: "customer" });
    expect((await listUsers(db, { q: tag, page: 2 })).rows).toHaveLength(2);
    expect((await listUsers(db, { q: tag, role: "admin" })).total).toBe(0);
    expect((await listUsers(db, { q: "100%_" })).total).toBe(0);
  });

  it("deactivation ends the sessions at once, writes its audit row, and reactivation brings the account back", async () => {
    const admin = await person("admin");
    const customer = await person("customer");
    await startSession(customer.id);
    await startSession(customer.id);
    expect(await setUserActive(db, actorOf(admin), customer.id, false)).toEqual({ changed: true });
    expect(await sessionsOf(customer.id)).toBe(0);
    expect((await getUserDetail(db, customer.id))?.status).toBe("deactivated");
    expect(await setUserActive(db, actorOf(admin), customer.id, true)).toEqual({ changed: true });
    const rows = await auditOf(customer.id);
    expect(rows.map((r) => r.action).sort()).toEqual(["deactivate", "reactivate"]);
    expect(rows.find((r) => r.action === "deactivate")).toMatchObject({ actorEmail: admin.email, entity: "user", before: { status: "active" }, after: { status: "deactivated" } });
  });

  it("refuses self-deactivation and an admin changing another administrator", async () => {
    const admin = await person("admin");
    const other = await person("admin");
    expect(await refusal(setUserActive(db, actorOf(admin), admin.id, false))).toBe("admin.self");
    expect(await refusal(setUserActive(db, actorOf(admin), other.id, false))).toBe("admin.staff_only");
    expect(await refusal(changeUserRole(db, actorOf(admin), other.id, "customer"))).toBe("admin.staff_only");
    expect(await refusal(deleteUserAsAdmin(db, actorOf(admin), other.id))).toBe("admin.staff_only");
    expect((await auditOf(other.id)).length).toBe(0);
  });

  it("soft-deletes: deletedAt set, active false, sessions gone, further changes refused", async () => {
    const boss = await person("super_admin");
    const customer = await person("customer");
    await startSession(customer.id);
    await deleteUserAsAdmin(db, actorOf(boss), customer.id);
    const [row] = await db.select().from(users).where(eq(users.id, customer.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.active).toBe(false);
    expect(await sessionsOf(customer.id)).toBe(0);
    expect(await refusal(setUserActive(db, actorOf(boss), customer.id, true))).toBe("admin.user_deleted");
    expect((await auditOf(customer.id)).map((r) => r.action)).toEqual(["delete"]);
  });

  it("never removes the last active super_admin: no demotion, deactivation or deletion", async () => {
    const a = await person("super_admin");
    const b = await person("super_admin");
    await onlySuperAdmins(a.id, b.id);
    await changeUserRole(db, actorOf(a), b.id, "admin");
    const last = await refusal(changeUserRole(db, actorOf(a), a.id, "customer"));
    expect(last).toBe("admin.last_super_admin");
    const c = await person("super_admin");
    await onlySuperAdmins(c.id);
    expect(await refusal(setUserActive(db, actorOf(c), c.id, false))).toBe("admin.self");
    expect(await refusal(deleteUserAsAdmin(db, actorOf(c), c.id))).toBe("admin.self");
    expect(await refusal(changeUserRole(db, actorOf(c), c.id, "admin"))).toBe("admin.last_super_admin");
    expect(ADMIN_MESSAGES.lastSuperAdmin).toMatch(/at least one active super admin/);
    const [still] = await db.select().from(users).where(eq(users.id, c.id));
    expect(still).toMatchObject({ role: "super_admin", active: true, deletedAt: null });
  });

  it.runIf(usingPostgres())("leaves one super_admin when the last two demote each other at once", async () => {
    const a = await person("super_admin");
    const b = await person("super_admin");
    await onlySuperAdmins(a.id, b.id);
    const results = await Promise.allSettled([changeUserRole(db, actorOf(a), b.id, "admin"), changeUserRole(db, actorOf(b), a.id, "admin")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(["admin.last_super_admin"]);
    const left = await db.select().from(users).where(and(eq(users.role, "super_admin"), eq(users.active, true)));
    expect(left).toHaveLength(1);
  });
});

describe("review moderation", () => {
  it("hides with a reason (who and when kept), unhides, with an audit row for each, and filters", async () => {
    const admin = await person("admin");
    const author = await makeUser(db);
    const { product } = await makeProduct(db, 5500, [{ stock: 3 }]);
    const [review] = await db.insert(reviews).values({ productId: product.id, userId: author.id, rating: 2, title: "Meh", comment: "Not for me" }).returning();
    expect(await setReviewHidden(db, actorOf(admin), review!.id, { hidden: true, reason: "Off-topic" })).toEqual({ changed: true });
    const hidden = await listReviewsForModeration(db, { visibility: "hidden", product: product.id });
    expect(hidden.rows).toHaveLength(1);
    expect(hidden.rows[0]).toMatchObject({ hidden: true, hiddenReason: "Off-topic", hiddenByEmail: admin.email, authorEmail: author.email });
    expect(hidden.rows[0]!.hiddenAt).toBeInstanceOf(Date);
    expect((await listReviewsForModeration(db, { visibility: "visible", product: product.id })).total).toBe(0);
    expect((await listReviewsForModeration(db, { rating: 5, product: product.id })).total).toBe(0);
    expect(await setReviewHidden(db, actorOf(admin), review!.id, { hidden: true, reason: "again" })).toEqual({ changed: false });
    await setReviewHidden(db, actorOf(admin), review!.id, { hidden: false });
    const [shown] = await db.select().from(reviews).where(eq(reviews.id, review!.id));
    expect(shown).toMatchObject({ hidden: false, hiddenReason: null });
    const log = await listAudit(db, { entity: "review", actor: admin.email });
    expect(log.rows.map((r) => r.action)).toEqual(["unhide", "hide"]);
    expect(log.rows[1]).toMatchObject({ entityId: String(review!.id), after: { hidden: true, hiddenReason: "Off-topic" } });
    expect(await refusal(setReviewHidden(db, actorOf(admin), 999_999_999, { hidden: false }))).toBe("admin.review_not_found");
  });
});
