import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "./messages.ts";
import { openDatabase, type Db } from "../db/client.ts";
import { events, playlists, users, variants } from "../db/schema/index.ts";
import { Client } from "./http-client.ts";
import { addToCartOverHttp, checkoutFields, openCheckout, registerOverHttp, SHOPPER_PASSWORD, submitCheckout } from "./http-shopper.ts";
import { startSeededStore, startServer, type SeededStore } from "./server.ts";

/**
 * The back office's permission matrix over HTTP, route by route. The routes are read from app/routes.ts,
 * so an /admin page added later is covered by the guest and customer rows without touching this file.
 */
const ROUTE_FILES = [...fs.readFileSync("app/routes.ts", "utf8").matchAll(/route\("(admin(?:\/[^"]*)?)",\s*"([^"]+)"/g)].map((m) => ({ route: `/${m[1]}`, file: `app/${m[2]}` }));
const ADMIN_ROUTES = ROUTE_FILES.map((r) => r.route);
/** Routes whose module has an action: only those take a POST (elsewhere any POST is a 405, whoever sends it). */
const WITH_ACTION = new Set(ROUTE_FILES.filter((r) => /export (async )?function action\b/.test(fs.readFileSync(r.file, "utf8"))).map((r) => r.route));

type Who = "admin" | "super_admin";
/** Pages only a super_admin opens: an admin gets 403 (the kept mail's links verify addresses and reset passwords). */
const SUPER_ADMIN_ONLY = new Set(["/admin/mail"]);
/** What a writing POST to each known route is, and what each role gets (a confirm step answers 200). */
const ACTIONS: Record<string, { body: Record<string, string>; expect: Record<Who, number> }[]> = {
  "/admin": [{ body: { intent: "anything" }, expect: { admin: 405, super_admin: 405 } }],
  "/admin/users": [{ body: { intent: "anything" }, expect: { admin: 405, super_admin: 405 } }],
  "/admin/users/:id": [
    { body: { intent: "role", role: "admin" }, expect: { admin: 403, super_admin: 200 } },
    { body: { intent: "deactivate" }, expect: { admin: 200, super_admin: 200 } },
    { body: { intent: "delete" }, expect: { admin: 403, super_admin: 200 } },
  ],
  "/admin/reviews": [{ body: { intent: "hide", reviewId: "1", reason: "Spam" }, expect: { admin: 200, super_admin: 200 } }],
  "/admin/audit": [{ body: { intent: "anything" }, expect: { admin: 405, super_admin: 405 } }],
  "/admin/mail": [{ body: { intent: "anything" }, expect: { admin: 403, super_admin: 405 } }],
  // Deletes check the delete permission, then ask for their confirm step (400 without confirmed=yes).
  "/admin/music/:id": [{ body: { intent: "delete" }, expect: { admin: 400, super_admin: 400 } }],
  "/admin/collections/:id": [{ body: { intent: "delete-collection" }, expect: { admin: 400, super_admin: 400 } }],
  "/admin/products/:id/images": [
    { body: { intent: "remove", imageId: "999999", version: "1" }, expect: { admin: 404, super_admin: 404 } },
    { body: { intent: "first", imageId: "999999", version: "1" }, expect: { admin: 404, super_admin: 404 } },
  ],
};

let store: SeededStore;
let url: string;
const ADMIN = `staff-${Date.now()}@east-harlem.test`;
const BOSS = `boss-${Date.now()}@east-harlem.test`;
const CUSTOMER = `customer-${Date.now()}@east-harlem.test`;
const clients = {} as Record<"guest" | "customer" | Who, Client>;
let customerId = "";
let orderId = "";
let variantId = 0;
let productId = 0;
let eventId = 0;
let playlistId = 0;
/** A route with real ids in it: the customer for user pages, the customer's order for order pages, a variant, its product. */
const concrete = (route: string) =>
  route
    .replace(/^\/admin\/users\/:id/, `/admin/users/${encodeURIComponent(customerId)}`)
    .replace(/^\/admin\/orders\/:id/, `/admin/orders/${encodeURIComponent(orderId)}`)
    .replace(/^\/admin\/products\/:id/, `/admin/products/${productId}`)
    .replace(/^\/admin\/events\/:id/, `/admin/events/${eventId}`)
    .replace(/^\/admin\/music\/:id/, `/admin/music/${playlistId}`)
    .replace(/^\/admin\/articles\/:id/, "/admin/articles/new")
    .replace(/^\/admin\/collections\/:id/, "/admin/collections/new")
    .replace(":variantId", String(variantId));

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN, TRUSTED_PROXIES: "" });
  url = store.server.url;
  clients.guest = new Client(url);
  for (const [who, email] of [["customer", CUSTOMER], ["admin", ADMIN], ["super_admin", BOSS]] as const) {
    clients[who] = new Client(url);
    await registerOverHttp(clients[who], email);
  }
  // The operator's part: the super_admin role is set in the database (the embedded one with the server stopped).
  if (store.database) {
    await store.database.db.update(users).set({ role: "super_admin" }).where(eq(users.email, BOSS));
    customerId = (await store.database.db.select().from(users).where(eq(users.email, CUSTOMER)))[0]!.id;
    ({ id: variantId, productId } = (await store.database.db.select({ id: variants.id, productId: variants.productId }).from(variants).where(eq(variants.active, true)).limit(1))[0]!);
    ({ eventId, playlistId } = await cultureIds(store.database.db));
  } else {
    await store.server.stop();
    const database = await openDatabase({ dataDir: store.dataDir! });
    await database.db.update(users).set({ role: "super_admin" }).where(eq(users.email, BOSS));
    customerId = (await database.db.select().from(users).where(eq(users.email, CUSTOMER)))[0]!.id;
    ({ id: variantId, productId } = (await database.db.select({ id: variants.id, productId: variants.productId }).from(variants).where(eq(variants.active, true)).limit(1))[0]!);
    ({ eventId, playlistId } = await cultureIds(database.db));
    await database.close();
    const server = await startServer(store.server.env);
    store = { ...store, server, stop: () => server.stop().then(() => undefined) };
    url = server.url;
  }
  // The customer buys something, so the order pages have an order to show.
  const shopper = rebased(clients.customer);
  await (await addToCartOverHttp(shopper, variantId)).arrayBuffer();
  const paid = await submitCheckout(shopper, checkoutFields(await openCheckout(shopper), { name: "Ana Rivera", email: CUSTOMER }));
  if (paid.kind !== "paid") throw new Error(`the customer's checkout answered ${paid.status}`);
  orderId = /href="\/orders\/([^"/]+)"/.exec(await Client.text(await shopper.get("/orders")))?.[1] ?? "";
  if (!orderId) throw new Error("the customer's order is not listed on /orders");
}, 240_000);
afterAll(() => store?.stop());

/** A seeded event and playlist, for the pages that edit one. */
async function cultureIds(db: Db): Promise<{ eventId: number; playlistId: number }> {
  const [event] = await db.select({ id: events.id }).from(events).limit(1);
  const [playlist] = await db.select({ id: playlists.id }).from(playlists).limit(1);
  if (!event || !playlist) throw new Error("the seeded store has no event or no playlist");
  return { eventId: event.id, playlistId: playlist.id };
}

const rebased = (c: Client) => {
  const fresh = new Client(url);
  for (const [k, v] of c.cookies) fresh.cookies.set(k, v);
  return fresh;
};

describe("the back office's permission matrix", () => {
  it("reads the admin routes from app/routes.ts", () => {
    expect(ADMIN_ROUTES).toEqual(expect.arrayContaining(["/admin", "/admin/users", "/admin/users/:id", "/admin/reviews", "/admin/audit"]));
  });

  it("answers guests 401 and customers 403 on every admin loader and action", async () => {
    for (const route of ADMIN_ROUTES) {
      const path = concrete(route);
      for (const [who, status] of [["guest", 401], ["customer", 403]] as const) {
        const c = rebased(clients[who]);
        expect((await c.get(path)).status, `${who} GET ${path}`).toBe(status);
        if (!WITH_ACTION.has(route)) continue;
        for (const { body } of ACTIONS[route] ?? [{ body: { intent: "anything" } }]) {
          expect((await c.post(path, body)).status, `${who} POST ${path} ${body.intent}`).toBe(status);
        }
      }
    }
  });

  it("lets admins and super_admins in, refusing admins what only a super_admin may do", async () => {
    for (const route of ADMIN_ROUTES) {
      const path = concrete(route);
      for (const who of ["admin", "super_admin"] as const) {
        const c = rebased(clients[who]);
        const page = await c.get(path);
        expect(page.status, `${who} GET ${path}`).toBe(who === "admin" && SUPER_ADMIN_ONLY.has(route) ? 403 : 200);
        await page.arrayBuffer();
        for (const { body, expect: expected } of ACTIONS[route] ?? []) {
          const res = await c.post(path, body);
          expect(res.status, `${who} POST ${path} ${body.intent}`).toBe(expected[who]);
          await res.arrayBuffer();
        }
        if (!ACTIONS[route] && WITH_ACTION.has(route)) {
          const res = await c.post(path, { intent: "anything" });
          expect(res.status, `${who} POST ${path}`).toBeLessThan(500);
          expect([401, 403]).not.toContain(res.status);
        }
      }
    }
  });

  it("hides the analytics link from a role without analytics, and shows the people links", async () => {
    const html = await Client.text(await rebased(clients.admin).get("/admin"));
    expect(html).toContain('href="/admin/users"');
    expect(html).toContain('href="/admin/reviews"');
    expect(html).toContain('href="/admin/audit"');
    expect(html).toContain('href="/analytics"');
  });

  it("deactivation signs the customer out at once and sign-in is refused with a clear message", async () => {
    const admin = rebased(clients.admin);
    const customer = rebased(clients.customer);
    expect((await customer.get("/dashboard")).status).toBe(200);
    const done = await admin.post(`/admin/users/${encodeURIComponent(customerId)}`, { intent: "deactivate", confirmed: "yes" });
    expect(done.status).toBe(302);
    expect((await customer.get("/dashboard")).status).toBe(401);
    const again = new Client(url);
    const refused = await again.post("/login", { intent: "signin", email: CUSTOMER, password: SHOPPER_PASSWORD, redirectTo: "/" });
    expect(refused.status).not.toBe(302);
    expect(await Client.text(refused)).toContain(MESSAGES.accountDeactivated);
    const audit = await Client.text(await admin.get(`/admin/audit?entity=user&actor=${encodeURIComponent(ADMIN)}`));
    expect(audit).toContain("deactivate");
    expect(audit).toMatch(/status<\/span>: active → deactivated/);
  });

  it("shows bad input next to the field and writes nothing", async () => {
    const res = await rebased(clients.admin).post("/admin/reviews", { intent: "hide", reviewId: "1", reason: "   " });
    expect(res.status).toBe(400);
    expect(await Client.text(res)).toContain("Please give a reason for hiding this review.");
  });

  it("answers malformed or unknown input from a super_admin with a 4xx, never a 5xx", async () => {
    const boss = rebased(clients.super_admin);
    const user = `/admin/users/${encodeURIComponent(customerId)}`;
    const cases: [string, Record<string, string>, number][] = [
      [user, { intent: "role", role: "owner", confirmed: "yes" }, 400],
      [user, { intent: "bogus" }, 400],
      [user, {}, 400],
      ["/admin/users/nobody-here", { intent: "deactivate", confirmed: "yes" }, 404],
      ["/admin/reviews", { intent: "hide", reviewId: "abc", reason: "x" }, 400],
      ["/admin/reviews", { intent: "unhide", reviewId: "999999999" }, 404],
      ["/admin/reviews", { intent: "hide", reviewId: "1", reason: "x".repeat(501) }, 400],
    ];
    for (const [path, body, status] of cases) {
      const res = await boss.post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      await res.arrayBuffer();
    }
    for (const path of ["/admin/users/nobody-here", "/admin/audit?from=2026-13-45&to=x&page=-3&entity=%00", "/admin/users?role=owner&page=abc", "/admin/reviews?rating=9&product=x"]) {
      const res = await boss.get(path);
      expect(res.status, path).toBeLessThan(500);
      await res.arrayBuffer();
    }
  });
});
