import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "./messages.ts";
import type { JobQueue } from "../core/shared/jobs.ts";
import { createTestProvider } from "../core/payments/index.ts";
import { rowsOf } from "../core/shared/sql-rows.ts";
import type { Db } from "../db/client.ts";
import { ApiClient } from "./api-client.ts";
import { purchase } from "./purchase.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// Who may do what with wishlists, reviews, RSVPs and the account over the app's API, against the production
// server as its own process: a buyer's review (the order placed with core's checkout), the RSVP waitlist,
// tickets, the data export and deleting the account; what the analytics recorded (as mobile).
let store: SeededStore;
let base = "";
const PASSWORD = "uptown-2024";
const VISIT = "accountVisit0123456789";
const REVIEWED = "vintage-barrio-tee";
const RSVP_EVENT = "paint-the-block-art-exhibition";
const TICKET_EVENT = "rooftop-frequencies-live-session";
let n = 0;
const newEmail = () => `settings${++n}-${Date.now()}@east-harlem.test`;

/** An app with a token (or none), from an address of its own, built on the server's current address. */
const app = (token: string | null = null, options: { language?: string; headers?: Record<string, string> } = {}) => {
  const client = new ApiClient(base, { ...options, address: `198.18.0.${++n % 250}` });
  client.token = token;
  return client;
};

interface Shopper {
  email: string;
  id: string;
  token: string;
  tokenId: string;
}

async function signUp(displayName: string): Promise<Shopper> {
  const email = newEmail();
  const res = await app().post<{ token: string; tokenId: string; user: { id: string } }>("/auth/sign-up", { email, password: PASSWORD, acceptTerms: true, displayName });
  expect(res.status, res.text).toBe(201);
  return { email, id: res.body.user.id, token: res.body.token, tokenId: res.body.tokenId };
}

/** Works on the store's database (see SeededStore.withDatabase); the server writes its events a second after they happen. */
async function withDatabase<T>(work: (db: Db, jobs: JobQueue) => Promise<T>): Promise<T> {
  try {
    return await store.withDatabase(work, { flush: () => new Promise((r) => setTimeout(r, 2500)) });
  } finally {
    base = store.server.url;
  }
}

let ana: Shopper;
let beto: Shopper;
const bought = { variantId: 0, size: "" as string | null, ticketVariantId: 0 };

beforeAll(async () => {
  store = await startSeededStore({ TRUSTED_PROXIES: "127.0.0.1" });
  base = store.server.url;
  ana = await signUp("Ana Rivera");
  beto = await signUp("Beto Cruz");
  // Ana buys the tee and a ticket through the real checkout (core's commands, the test card); the free
  // event is made small, so its waitlist can be seen.
  await withDatabase(async (db, jobs) => {
    const [tee] = rowsOf<{ id: number; size: string | null }>(
      await db.execute(sql`select v.id, v.size from variants v join products p on p.id = v.product_id where p.slug = ${REVIEWED} and v.active and v.available > 0 order by v.id limit 1`),
    );
    const [ticket] = rowsOf<{ id: number }>(
      await db.execute(sql`select v.id from variants v join events e on e.product_id = v.product_id where e.slug = ${TICKET_EVENT} and v.active and v.available > 0 order by v.id limit 1`),
    );
    bought.variantId = tee!.id;
    bought.size = tee!.size;
    bought.ticketVariantId = ticket!.id;
    await purchase({ db, payments: createTestProvider(db), jobs, baseUrl: base, holdTtlMs: 15 * 60_000 }, { id: ana.id }, [
      { variantId: tee!.id, quantity: 1 },
      { variantId: ticket!.id, quantity: 1 },
    ]);
    await db.execute(sql`update events set capacity = 3 where slug = ${RSVP_EVENT}`);
  });
}, 300_000);
afterAll(() => store?.stop());

/** Every operation that needs a token, as a guest would call it. */
const SIGNED_IN: [string, string, unknown?][] = [
  ["GET", "/wishlists"],
  ["POST", "/wishlists", { name: "Mine" }],
  ["GET", "/wishlists/1"],
  ["PATCH", "/wishlists/1", { name: "Mine" }],
  ["DELETE", "/wishlists/1"],
  ["POST", "/wishlists/1/share"],
  ["DELETE", "/wishlists/1/share"],
  ["POST", "/wishlist-items", { productId: 1 }],
  ["PATCH", "/wishlist-items/1", { priority: "high" }],
  ["DELETE", "/wishlist-items/1"],
  ["POST", "/wishlist-items/1/move-to-cart", {}],
  ["GET", "/wishlist-products"],
  ["DELETE", "/wishlist-products/1"],
  ["POST", `/products/${REVIEWED}/reviews`, { rating: 5 }],
  ["GET", `/products/${REVIEWED}/reviews/mine`],
  ["PATCH", `/products/${REVIEWED}/reviews/mine`, { rating: 5 }],
  ["POST", "/reviews/1/helpful"],
  ["PATCH", "/me/profile", { firstName: "A", lastName: "B", phone: "", marketingOptIn: false }],
  ["GET", "/me/preferences"],
  ["PATCH", "/me/preferences", { theme: "dark" }],
  ["POST", "/me/password", { currentPassword: PASSWORD, newPassword: "another-one" }],
  ["POST", "/me/deletion", { password: PASSWORD }],
  ["GET", "/me/export"],
  ["POST", `/events/${RSVP_EVENT}/rsvps`, { partySize: 1 }],
  ["GET", "/me/tickets"],
  ["GET", "/me/rsvps"],
  ["DELETE", "/me/rsvps/1"],
];

const shared = { listId: 0, itemId: 0, code: "", anaRsvp: 0, reviewId: 0 };

describe("who may do what", () => {
  it("asks guests to sign in for everything that is an account's", async () => {
    for (const [method, path, json] of SIGNED_IN) {
      const res = await app().call(method, path, json === undefined ? {} : { json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ code: "unauthorized", detail: "Please sign in." });
    }
  });

  it("keeps another customer away from a shopper's lists, items and RSVPs, answering as if they did not exist", async () => {
    const a = app(ana.token);
    const product = await a.get<{ id: number }>(`/products/${REVIEWED}`);
    const list = await a.post<{ id: number }>("/wishlists", { name: "Gifts" });
    shared.listId = list.body.id;
    const item = await a.post<{ itemId: number }>("/wishlist-items", { productId: product.body.id, listId: shared.listId });
    expect(item.status).toBe(201);
    shared.itemId = item.body.itemId;
    shared.code = (await a.post<{ shareCode: string }>(`/wishlists/${shared.listId}/share`)).body.shareCode;
    const rsvp = await a.post<{ id: number; status: string }>(`/events/${RSVP_EVENT}/rsvps`, { partySize: 1 });
    expect(rsvp.body.status).toBe("confirmed");
    shared.anaRsvp = rsvp.body.id;

    const b = app(beto.token);
    const refusals: [string, string, unknown?][] = [
      ["GET", `/wishlists/${shared.listId}`],
      ["PATCH", `/wishlists/${shared.listId}`, { name: "Mine now" }],
      ["DELETE", `/wishlists/${shared.listId}`],
      ["POST", `/wishlists/${shared.listId}/share`],
      ["DELETE", `/wishlists/${shared.listId}/share`],
      ["POST", "/wishlist-items", { productId: product.body.id, listId: shared.listId }],
      ["PATCH", `/wishlist-items/${shared.itemId}`, { priority: "low", notes: "mine" }],
      ["DELETE", `/wishlist-items/${shared.itemId}`],
      ["POST", `/wishlist-items/${shared.itemId}/move-to-cart`, { variantId: bought.variantId }],
      ["DELETE", `/me/rsvps/${shared.anaRsvp}`],
    ];
    for (const [method, path, json] of refusals) {
      const res = await b.call(method, path, json === undefined ? {} : { json });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
    }
    // Beto's own views hold nothing of Ana's; the heart's remove touches only his own lists.
    expect((await b.get<{ items: unknown[] }>("/wishlists")).body.items).toEqual([]);
    expect((await b.get<{ items: unknown[] }>("/me/rsvps")).body.items).toEqual([]);
    expect((await b.delete(`/wishlist-products/${product.body.id}`)).status).toBe(200);

    // Ana's list, item, share code and RSVP are as she left them.
    const mine = await a.get<{ name: string; isPublic: boolean; items: { id: number; priority: string; notes: string }[] }>(`/wishlists/${shared.listId}`);
    expect(mine.body).toMatchObject({ name: "Gifts", isPublic: true, items: [{ id: shared.itemId, priority: "medium", notes: "" }] });
    expect((await app().get(`/shared-wishlists/${shared.code}`)).status).toBe(200);
    expect((await a.get<{ items: { id: number; status: string }[] }>("/me/rsvps")).body.items).toEqual([expect.objectContaining({ id: shared.anaRsvp, status: "confirmed" })]);
    expect((await b.get("/me/tickets")).body).toEqual({ items: [] });
  });

  it("refuses forged, malformed and revoked tokens, on public operations too", async () => {
    const [raw, signature] = ana.token.split(".");
    const forged = `${raw}.${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`;
    for (const token of [forged, raw!, "not-a-token-at-all"]) {
      for (const path of ["/wishlists", "/me/rsvps", "/me/export", `/shared-wishlists/${shared.code}`, `/products/${REVIEWED}/reviews`]) {
        const res = await app(token).get(path);
        expect(res.status, path).toBe(401);
        expect(res.body).toMatchObject({ code: "invalid_token" });
      }
    }
    // A second token of Ana's, revoked from the first: refused at once, the first still good.
    const second = await app().post<{ token: string; tokenId: string }>("/auth/sign-in", { email: ana.email, password: PASSWORD });
    expect((await app(ana.token).delete(`/auth/tokens/${second.body.tokenId}`)).status).toBe(204);
    for (const path of ["/wishlists", "/me/export", "/me/tickets"]) expect((await app(second.body.token).get(path)).status, path).toBe(401);
    expect((await app(second.body.token).post(`/events/${RSVP_EVENT}/rsvps`, { partySize: 1 })).status).toBe(401);
    expect((await app(ana.token).get("/wishlists")).status).toBe(200);
  });
});

describe("a buyer's review", () => {
  it("is verified, shows in the list and the summary, and counts one helpful vote per other shopper", async () => {
    const a = app(ana.token, { headers: { "X-Analytics-Session": VISIT } });
    expect((await a.get(`/products/${REVIEWED}`)).status).toBe(200);
    const before = await app().get<{ totalReviews: number; verifiedPurchaseCount: number; ratingDistribution: Record<string, number> }>(`/products/${REVIEWED}/reviews/summary`);

    const posted = await a.post<{ id: number; verified: boolean; message: string }>(`/products/${REVIEWED}/reviews`, { rating: 5, title: "Worn it all week", comment: "Soft and heavy.", size: bought.size?.toLowerCase() });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({ verified: true, message: "Thanks! Your review is posted. It shows as a verified purchase." });
    shared.reviewId = posted.body.id;
    expect((await a.post(`/products/${REVIEWED}/reviews`, { rating: 2 })).status).toBe(409);

    const verifiedOnly = await app().get<{ items: { id: number; verified: boolean; authorName: string; size: string | null; mine: boolean }[] }>(`/products/${REVIEWED}/reviews?verified=1`);
    expect(verifiedOnly.body.items).toContainEqual(expect.objectContaining({ id: posted.body.id, verified: true, authorName: "Ana R.", size: bought.size, mine: false }));
    const asAna = await a.get<{ items: { id: number; mine: boolean }[] }>(`/products/${REVIEWED}/reviews`);
    expect(asAna.body.items.find((r) => r.id === posted.body.id)?.mine).toBe(true);
    const after = await app().get<{ totalReviews: number; verifiedPurchaseCount: number; ratingDistribution: Record<string, number> }>(`/products/${REVIEWED}/reviews/summary`);
    expect(after.body.totalReviews).toBe(before.body.totalReviews + 1);
    expect(after.body.verifiedPurchaseCount).toBe(before.body.verifiedPurchaseCount + 1);
    expect(after.body.ratingDistribution["5"]).toBe(before.body.ratingDistribution["5"]! + 1);

    // Beto bought nothing: his review is not verified. He may not edit Ana's, and votes hers helpful once.
    const b = app(beto.token);
    expect((await b.post<{ verified: boolean }>(`/products/${REVIEWED}/reviews`, { rating: 3 })).body.verified).toBe(false);
    expect((await b.get<{ rating: number }>(`/products/${REVIEWED}/reviews/mine`)).body.rating).toBe(3);
    expect((await b.patch<{ id: number }>(`/products/${REVIEWED}/reviews/mine`, { rating: 1 })).body.id).not.toBe(posted.body.id);
    expect((await b.post(`/reviews/${posted.body.id}/helpful`)).body).toMatchObject({ counted: true, helpfulCount: 1 });
    expect((await b.post(`/reviews/${posted.body.id}/helpful`)).body).toMatchObject({ counted: false, helpfulCount: 1 });
    expect((await a.post(`/reviews/${posted.body.id}/helpful`)).status).toBe(400);
    const shown = await app().get<{ items: { id: number; rating: number; helpfulCount: number }[] }>(`/products/${REVIEWED}/reviews?sort=helpful`);
    expect(shown.body.items[0]).toMatchObject({ id: posted.body.id, rating: 5, helpfulCount: 1 });
  });
});

describe("RSVPs", () => {
  it("hold places while they fit, put the next party on the waitlist, and move it up when places are freed", async () => {
    // Capacity 3: Ana holds 1 place already.
    const b = app(beto.token);
    const beto2 = await b.post<{ id: number; status: string }>(`/events/${RSVP_EVENT}/rsvps`, { partySize: 2 });
    expect(beto2.body.status).toBe("confirmed");
    const cara = await signUp("Cara Diaz");
    const c = app(cara.token, { language: "es" });
    const waiting = await c.post<{ id: number; status: string; message: string }>(`/events/${RSVP_EVENT}/rsvps`, { partySize: 1 });
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({ status: "waitlisted" });
    expect(waiting.body.message).toMatch(/lista de espera/);
    expect((await app().get<{ placesLeft: number }>(`/events/${RSVP_EVENT}`)).body.placesLeft).toBe(0);

    expect((await app(ana.token).delete<{ status: string }>(`/me/rsvps/${shared.anaRsvp}`)).body.status).toBe("cancelled");
    expect((await c.get<{ items: { id: number; status: string }[] }>("/me/rsvps")).body.items).toEqual([expect.objectContaining({ id: waiting.body.id, status: "confirmed" })]);
    // Cancelling again changes nothing.
    expect((await app(ana.token).delete<{ status: string }>(`/me/rsvps/${shared.anaRsvp}`)).body.status).toBe("cancelled");
    expect((await app().get<{ placesLeft: number }>(`/events/${RSVP_EVENT}`)).body.placesLeft).toBe(0);
  });
});

describe("what creates something, sent twice", () => {
  it("makes one list for one Idempotency-Key, answers the repeat with the first answer, and refuses the key for another list", async () => {
    const shopper = await signUp("Key Keeper");
    const c = app(shopper.token);
    const key = { "Idempotency-Key": `list-${Date.now()}` };
    const first = await c.call<{ id: number; name: string }>("POST", "/wishlists", { json: { name: "Drop day" }, headers: key });
    expect(first.status, first.text).toBe(201);
    const again = await c.call<{ id: number }>("POST", "/wishlists", { json: { name: "Drop day" }, headers: key });
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await c.call("POST", "/wishlists", { json: { name: "Something else" }, headers: key });
    expect(other.status).toBe(422);
    const lists = await c.get<{ items: { name: string }[] }>("/wishlists");
    expect(lists.body.items.filter((l) => l.name === "Drop day")).toHaveLength(1);
  });
});

describe("tickets", () => {
  it("lists the tickets of the shopper's orders, for the shopper only", async () => {
    const tickets = await app(ana.token).get<{ items: { code: string; status: string; event: { slug: string } }[] }>("/me/tickets");
    expect(tickets.body.items).toEqual([expect.objectContaining({ status: "valid", event: expect.objectContaining({ slug: TICKET_EVENT }) })]);
    expect(tickets.body.items[0]!.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4})+$/);
    expect((await app(beto.token).get("/me/tickets")).body).toEqual({ items: [] });
  });
});

describe("the data export and deleting the account", () => {
  it("exports the shopper's own data, then deletes the account once the password confirms it", async () => {
    const a = app(ana.token);
    const file = await a.get<{ format: string; orders: unknown[]; reviews: { rating: number }[]; wishlists: { name: string }[]; rsvps: unknown[]; tickets: unknown[] }>("/me/export");
    expect(file.status).toBe(200);
    expect(file.body.format).toBe("east-harlem-account-export/1");
    expect(file.body.orders).toHaveLength(1);
    expect(file.body.reviews).toEqual([expect.objectContaining({ rating: 5 })]);
    expect(file.body.wishlists.map((l) => l.name)).toContain("Gifts");
    expect(file.body.rsvps).toHaveLength(1);
    expect(file.body.tickets).toHaveLength(1);
    expect(JSON.stringify(file.body)).not.toContain(beto.email);

    const wrong = await a.post("/me/deletion", { password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ detail: MESSAGES.wrongPassword });
    expect((await a.get("/me")).status).toBe(200);
    expect((await a.post("/me/deletion", { password: PASSWORD })).status).toBe(204);
    expect((await a.get("/me/export")).status).toBe(401);
    const again = await app().post("/auth/sign-in", { email: ana.email, password: PASSWORD });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ detail: MESSAGES.userNotFound });
    // Another shopper is not touched.
    expect((await app(beto.token).get("/me")).status).toBe(200);
  });

  it("recorded the export in the audit log and the app's product view as mobile", async () => {
    const { audit, views } = await withDatabase(async (db) => ({
      audit: rowsOf<{ action: string; actor_id: string }>(await db.execute(sql`select action, actor_id from audit_log where entity = 'account' and entity_id = ${ana.id}`)),
      views: rowsOf<{ type: string; source: string; user_id: string | null }>(await db.execute(sql`select type, source, user_id from analytics_events where session_id = ${VISIT} order by id`)),
    }));
    expect(audit).toEqual([{ action: "data_export", actor_id: ana.id }]);
    expect(views).toContainEqual({ type: "product_view", source: "mobile", user_id: ana.id });
    expect(views.every((v) => v.source === "mobile")).toBe(true);
  });
});
