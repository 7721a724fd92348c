import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client.ts";
import { products } from "../db/schema/index.ts";
import { createScratchDatabase, usingPostgres } from "./database.ts";

if (!usingPostgres()) {
  console.log("prepared-statements.test.ts skipped: TEST_DATABASE_URL is not set. Named statements are node-postgres's (PGlite keeps its own).");
}

/**
 * On PostgreSQL every statement with parameters is a named prepared statement (ADR 0029): each connection
 * parses it once, and PostgreSQL may keep its plan, instead of parsing and planning it on every call. The
 * answers are the same; what changes is what the server keeps per connection, read here from
 * pg_prepared_statements on a pool of one connection.
 */
describe.skipIf(!usingPostgres())("statements on PostgreSQL", () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "store_test");
    drop = scratch.drop;
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const preparedOnThisConnection = async () => {
    const result = (await database.db.execute(sql`select statement from pg_prepared_statements order by prepare_time`)) as unknown as { rows: { statement: string }[] };
    return result.rows.map((r) => r.statement);
  };

  it("prepares a statement with parameters once per connection and answers from it every time", async () => {
    const [made] = await database.db
      .insert(products)
      .values({ slug: "prepared-tee", name: "Prepared Tee", category: "apparel", artKind: "tee", basePriceCents: 3000, description: "A tee." })
      .returning({ id: products.id });
    const read = (slug: string) => database.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.slug, slug));

    expect(await read("prepared-tee")).toEqual([{ id: made!.id, name: "Prepared Tee" }]);
    expect(await read("no-such-tee")).toEqual([]);
    for (let i = 0; i < 7; i++) expect(await read("prepared-tee")).toEqual([{ id: made!.id, name: "Prepared Tee" }]);

    const prepared = await preparedOnThisConnection();
    // The read is there once, whatever the number of calls and values; the insert too (it had parameters).
    expect(prepared.filter((s) => s.includes('from "products" where "products"."slug" = $1'))).toHaveLength(1);
    expect(prepared.filter((s) => s.startsWith('insert into "products"'))).toHaveLength(1);
    // The job queue's statements come as text and values: prepared the same way.
    const pool = (database.db as unknown as { $client: { query: (text: string, values: unknown[]) => Promise<{ rows: { n: number }[] }> } }).$client;
    for (let i = 0; i < 3; i++) expect((await pool.query("select $1::int + 1 as n", [41 + i])).rows).toEqual([{ n: 42 + i }]);
    expect((await preparedOnThisConnection()).filter((s) => s === "select $1::int + 1 as n")).toHaveLength(1);
    // A statement without parameters (the migrations' DDL, this very read) is not kept.
    expect(prepared.some((s) => s.includes("pg_prepared_statements"))).toBe(false);
    expect(prepared.some((s) => /^\s*create table/i.test(s))).toBe(false);
  });

  it("sends every statement unnamed with DATABASE_PREPARED_STATEMENTS=off (for a pooler that cannot keep them)", async () => {
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const unnamed = await openDatabase({ databaseUrl: url, poolSize: 1, preparedStatements: false });
    try {
      for (let i = 0; i < 3; i++) expect(await unnamed.db.select({ name: products.name }).from(products).where(eq(products.slug, "prepared-tee"))).toEqual([{ name: "Prepared Tee" }]);
      const result = (await unnamed.db.execute(sql`select count(*)::int as n from pg_prepared_statements`)) as unknown as { rows: { n: number }[] };
      expect(result.rows).toEqual([{ n: 0 }]);
    } finally {
      await unnamed.close();
    }
  });

  it("keeps a transaction's rules: a refused statement rolls back what came before it", async () => {
    const insert = (slug: string) =>
      database.db.insert(products).values({ slug, name: "Twice", category: "apparel", artKind: "tee", basePriceCents: 3000, description: "A tee." });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(products).values({ slug: "rolled-back-tee", name: "Rolled back", category: "apparel", artKind: "tee", basePriceCents: 3000, description: "A tee." });
        await tx.insert(products).values({ slug: "prepared-tee", name: "Twice", category: "apparel", artKind: "tee", basePriceCents: 3000, description: "A tee." });
      }),
    ).rejects.toThrow();
    const left = await database.db.select({ slug: products.slug }).from(products).where(eq(products.slug, "rolled-back-tee"));
    expect(left).toEqual([]);
    // The connection is usable after the error, with its statements still prepared.
    await insert("after-the-error-tee");
    const after = await database.db.select({ name: products.name }).from(products).where(eq(products.slug, "after-the-error-tee"));
    expect(after).toEqual([{ name: "Twice" }]);
  });
});
