import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit, recordAudit, type AdminActor } from "../core/admin/index.ts";
import type { Db } from "../db/client.ts";
import { auditLog } from "../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.destroy());

const ana: AdminActor = { id: "admin-ana", email: "ana@east-harlem.test", role: "admin", clientIp: "203.0.113.7" };
const luis: AdminActor = { id: "admin-luis", email: "luis@east-harlem.test", role: "super_admin", clientIp: null };

describe("the audit log", () => {
  it("keeps who, when, from where, what, and the entity before and after, in the write's transaction", async () => {
    await db.transaction((tx) => recordAudit(tx, ana, { entity: "order", entityId: "ord_1", action: "ship", before: { status: "processing" }, after: { status: "shipped" } }));
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, ana, { entity: "order", entityId: "ord_2", action: "cancel" });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    const [row] = await db.select().from(auditLog).where(eq(auditLog.entityId, "ord_1"));
    expect(row).toMatchObject({ actorId: "admin-ana", actorEmail: "ana@east-harlem.test", clientIp: "203.0.113.7", entity: "order", action: "ship", before: { status: "processing" }, after: { status: "shipped" } });
    expect(await db.select().from(auditLog).where(eq(auditLog.entityId, "ord_2"))).toEqual([]);
  });

  it("cannot be changed or deleted", async () => {
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => "allowed",
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(db.execute(sql`update audit_log set action = 'nothing'`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect((await db.select().from(auditLog)).length).toBeGreaterThan(0);
  });

  it("filters by person, entity and date, newest first, 20 to a page", async () => {
    for (let i = 0; i < 25; i++) await recordAudit(db, luis, { entity: "product", entityId: i, action: "update" });
    await recordAudit(db, ana, { entity: "review", entityId: 9, action: "hide" });
    const luisPage1 = await listAudit(db, { actor: "luis" });
    expect(luisPage1).toMatchObject({ total: 25, pages: 2, page: 1 });
    expect(luisPage1.rows).toHaveLength(20);
    expect(luisPage1.rows[0]!.entityId).toBe("24");
    expect((await listAudit(db, { actor: "luis", page: 2 })).rows).toHaveLength(5);
    expect((await listAudit(db, { entity: "review" })).rows.map((r) => r.action)).toEqual(["hide"]);
    expect((await listAudit(db, { from: new Date(Date.now() + 60_000) })).total).toBe(0);
    // A % in the search is a character, not a wildcard.
    expect((await listAudit(db, { actor: "%" })).total).toBe(0);
  });
});
