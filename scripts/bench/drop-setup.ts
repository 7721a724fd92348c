import { createHmac, randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { adjustStock } from "../../core/inventory/index.ts";
import { saveQueueSettings } from "../../core/queue/index.ts";
import { openDatabase, type Db } from "../../db/client.ts";
import { products, sessions, users, variants } from "../../db/schema/index.ts";
import { seedCatalogue } from "../../db/seed/index.ts";
import { createScratchDatabase } from "../../tests/database.ts";
import { cpuProfileFlags, LightClient, onCleanup, startStore, type Store } from "../bench-lib.ts";
import { PROCESSES, REQUEST_TIMEOUT_MS, SLUG, type Shopper } from "./drop-shared.ts";

// bench-drop.ts's setup (untimed): the database, the drop, the shoppers' accounts and sessions, the stores.

/** What every shopper's browser says it is (bots pass for browsers too): a crawler's name would be shown the product page, not the line. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
/** The addresses all bots come from: a small farm, so the join limit per address meets them. */
const BOT_ADDRESSES = 10;

/** The session cookie's value as better-auth (better-call's signCookieValue) writes it. */
function signedSessionCookie(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

export interface DropSettings {
  shopperCount: number;
  units: number;
  botShare: number;
  arrivalS: number;
  serverUrl: string;
  /** The waiting room as an owner sets it. */
  settings: { capacity: number; ratePerMinute: number; checkoutMinutes: number };
}

export interface Drop {
  db: Db;
  product: { id: number; name: string };
  productVariants: { id: number; size: string | null; color: string | null }[];
  /** The sizes with units for sale. */
  sizes: { id: number; size: string | null; color: string | null }[];
  /** Each variant's units for sale. */
  stockOf: Map<number, number>;
  shoppers: Shopper[];
  stores: Store[];
  /** How many shoppers are bot-like. */
  bots: number;
}

/**
 * A fresh database on the server, migrated and seeded, with the drop (its stock, its limit of one, its waiting
 * room), the shoppers signed in, and the stores started on it; all of it dropped or stopped by the cleanups.
 */
export async function setUpDrop({ shopperCount, units, botShare, arrivalS, serverUrl, settings }: DropSettings): Promise<Drop> {
  const setupStarted = Date.now();
  const scratch = await createScratchDatabase(serverUrl, "store_bench");
  onCleanup(async () => {
    await scratch.drop();
    console.log(`database ${scratch.name} dropped`);
  });
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  onCleanup(() => database.close());
  await database.migrate();
  await seedCatalogue(database.db);
  const db = database.db;

  const [product] = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.slug, SLUG));
  if (!product) throw new Error(`the seeded catalogue has no ${SLUG}`);
  const productVariants = await db
    .select({ id: variants.id, size: variants.size, color: variants.color })
    .from(variants)
    .where(and(eq(variants.productId, product.id), eq(variants.active, true)))
    .orderBy(variants.id);
  const sizes = productVariants.slice(0, Math.min(4, productVariants.length));
  if (sizes.length === 0) throw new Error(`${SLUG} has no active variant`);
  const stockOf = new Map<number, number>();
  for (const [i, v] of productVariants.entries()) {
    const stock = i < sizes.length ? Math.floor(units / sizes.length) + (i < units % sizes.length ? 1 : 0) : 0;
    await adjustStock(db, v.id, stock, { actor: "bench", reason: "Drop stock take" });
    stockOf.set(v.id, stock);
  }
  await db.update(products).set({ limitPerCustomer: 1, onSaleAt: null, saleEndsAt: null }).where(eq(products.id, product.id));
  await db.transaction((tx) => saveQueueSettings(tx, product.id, settings));

  const authSecret = randomBytes(32).toString("base64url");
  const run = randomBytes(3).toString("hex");
  const botEvery = botShare > 0 ? Math.max(1, Math.round(1 / botShare)) : Infinity;
  // As a fresh sign-in makes it: 30 days (core/identity/library.ts), so better-auth does not renew it on its first use.
  const expiresAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const arrivals = Array.from({ length: shopperCount }, () => Math.random() * arrivalS * 1000).sort((a, b) => a - b);
  const shoppers: Shopper[] = [];
  const userRows: (typeof users.$inferInsert)[] = [];
  const sessionRows: (typeof sessions.$inferInsert)[] = [];
  for (let i = 0; i < shopperCount; i++) {
    const userId = `bench${run}${String(i).padStart(5, "0")}`;
    const token = randomBytes(24).toString("base64url");
    const bot = i % botEvery === botEvery - 1;
    const name = `Drop Shopper ${i}`;
    const email = `drop-${run}-${i}@east-harlem.test`;
    userRows.push({ id: userId, name, email, emailVerified: true });
    sessionRows.push({ id: `s${userId}`, token, userId, expiresAt, ipAddress: "127.0.0.1", userAgent: BROWSER });
    shoppers.push({ index: i, userId, name, email, bot, client: null as unknown as LightClient, arrivalMs: arrivals[i]!, waitedMs: null, steps: [], outcome: null });
    (shoppers[i] as { token?: string }).token = token;
  }
  for (let i = 0; i < userRows.length; i += 1000) await db.insert(users).values(userRows.slice(i, i + 1000));
  for (let i = 0; i < sessionRows.length; i += 1000) await db.insert(sessions).values(sessionRows.slice(i, i + 1000));

  const stores: Store[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    stores.push(await startStore({ env: { DATABASE_URL: scratch.url, AUTH_SECRET: authSecret, PAYMENT_PROVIDER: "test", TRUSTED_PROXIES: "127.0.0.1" }, nodeFlags: cpuProfileFlags(`store-${i + 1}`) }));
  }
  const turns = { bot: 0, person: 0 };
  for (const s of shoppers) {
    const address = s.bot ? `10.66.0.${1 + (s.index % BOT_ADDRESSES)}` : `10.${1 + Math.floor(s.index / 65_536)}.${Math.floor(s.index / 256) % 256}.${s.index % 256}`;
    // Taken in turn by the two stores, as a load balancer hands out connections: people and bots alike.
    s.client = new LightClient(stores[(s.bot ? turns.bot++ : turns.person++) % PROCESSES]!.url, REQUEST_TIMEOUT_MS, { "X-Forwarded-For": address, "User-Agent": BROWSER });
    s.client.cookies.set("eh.session_token", signedSessionCookie((s as { token?: string }).token!, authSecret));
    if (s.bot && s.index % 3 === 0) {
      // A forged place: a well-formed ticket id with a signature the store never gave.
      const forged = `${randomBytes(18).toString("base64url")}.${randomBytes(32).toString("base64url")}`;
      s.client.cookies.set("eh_queue", Buffer.from(JSON.stringify([forged])).toString("base64"));
    }
  }
  // One signed-in page per store, to check the shortcut's sessions before the clock starts.
  for (const s of shoppers.slice(0, PROCESSES)) {
    const res = await new LightClient(s.client.baseUrl, REQUEST_TIMEOUT_MS, { Cookie: `eh.session_token=${s.client.cookies.get("eh.session_token")}` }).get("/orders");
    if (res.status !== 200) throw new Error(`a bench session is not signed in: GET /orders answered ${res.status}`);
  }
  const bots = shoppers.filter((s) => s.bot).length;
  console.log(
    `setup: ${shopperCount} accounts (${bots} bot-like) with sessions, ${units} units of ${product.name} in ${sizes.length} sizes, limit 1 each, ` +
      `waiting room capacity ${settings.capacity}, ${settings.ratePerMinute} a minute, ${settings.checkoutMinutes} min to check out; ` +
      `${PROCESSES} stores; ${((Date.now() - setupStarted) / 1000).toFixed(1)} s\n`,
  );
  return { db, product, productVariants, sizes, stockOf, shoppers, stores, bots };
}
