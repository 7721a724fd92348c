import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARE_CODE_ALPHABET, SHARE_LOOKUP_THROTTLE } from "../core/wishlist/index.ts";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

// The wishlist over HTTP, against the production server: on PostgreSQL when TEST_DATABASE_URL is set, else embedded.
let store: SeededStore;
let server: RunningServer;

beforeAll(async () => {
  store = await startSeededStore({ TRUSTED_PROXIES: "127.0.0.1" }); // lookups below come from several addresses
  server = store.server;
}, 240_000);

afterAll(() => store?.stop());

const TEE = "/shop/harlem-classic-tee";
let emailCounter = 0;
const newEmail = () => `wisher${++emailCounter}-${Date.now()}@east-harlem.test`;
const client = () => new Client(server.url);

async function shopper(): Promise<{ c: Client; email: string }> {
  const c = client();
  const email = newEmail();
  await registerOverHttp(c, email);
  return { c, email };
}

async function teeId(c: Client): Promise<string> {
  return /name="productId" value="(\d+)"/.exec(await Client.text(await c.get(TEE)))![1]!;
}

/** The heart's accessible name on the product page: "Add ..." when not saved, "Remove ..." when saved. */
async function heartOnProductPage(c: Client): Promise<"saved" | "not saved"> {
  const html = await Client.text(await c.get(TEE));
  if (html.includes('aria-label="Remove Harlem Classic Tee from wishlist"')) return "saved";
  expect(html).toContain('aria-label="Add Harlem Classic Tee to wishlist"');
  return "not saved";
}

/** A shared-list lookup from a given client address (the server trusts X-Forwarded-For from 127.0.0.1, as behind a proxy). */
function lookup(path: string, ip: string) {
  return fetch(server.url + path, { headers: { "X-Forwarded-For": ip }, redirect: "manual" });
}

describe("the heart over HTTP", () => {
  it("tells a guest to log in (401) and saves nothing", async () => {
    const guest = client();
    const productId = await teeId(guest);
    const res = await guest.post("/wishlist/toggle", { productId, intent: "save", redirectTo: TEE });
    expect(res.status).toBe(401);
    expect(await Client.text(res)).toContain("Please log in to add items to your wishlist");
    // A guest's page shows the heart as not saved.
    expect(await heartOnProductPage(guest)).toBe("not saved");
    expect((await guest.get("/wishlist")).status).toBe(401);
  });

  it("saves without JavaScript (303 back to the page), shows saved on every load, refuses the duplicate, and removes", async () => {
    const { c } = await shopper();
    const productId = await teeId(c);
    expect(await heartOnProductPage(c)).toBe("not saved");

    const saved = await c.post("/wishlist/toggle", { productId, intent: "save", redirectTo: TEE });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(TEE);
    expect(await heartOnProductPage(c)).toBe("saved");
    expect(await Client.text(await c.get("/shop"))).toContain('aria-label="Remove Harlem Classic Tee from wishlist"');

    // The same product again (as a second tab would send it): refused, and the answer says it is saved.
    const again = await c.post("/wishlist/toggle.data", { productId, intent: "save" });
    expect(again.status).toBe(409);
    const body = await again.text();
    expect(body).toContain("Item already in wishlist");
    expect(body).toMatch(/"saved",true/);

    const page = await Client.text(await c.get("/wishlist"));
    expect(page).toContain("My Favorites");
    expect(page).toContain("Harlem Classic Tee");
    expect(page).toContain("Medium priority");

    const removed = await c.post("/wishlist/toggle", { productId, intent: "remove", redirectTo: TEE });
    expect(removed.status).toBe(303);
    expect(await heartOnProductPage(c)).toBe("not saved");
  });
});

describe("the wishlist page", () => {
  it("keeps another shopper out of a list and its items (404, nothing changed)", async () => {
    const owner = await shopper();
    const intruder = await shopper();
    const productId = await teeId(owner.c);
    await owner.c.post("/wishlist/toggle", { productId, intent: "save", size: "M", color: "Black", redirectTo: TEE });
    const page = await Client.text(await owner.c.get("/wishlist"));
    const listId = /href="\/wishlist\?list=(\d+)"/.exec(page)![1]!;
    const itemId = /name="itemId" value="(\d+)"/.exec(page)![1]!;

    expect((await intruder.c.get(`/wishlist?list=${listId}`)).status).toBe(404);
    const posts: Record<string, string>[] = [
      { intent: "update-item", itemId, priority: "low", notes: "Mallory was here" },
      { intent: "remove-item", itemId },
      { intent: "move-to-cart", itemId },
      { intent: "rename-list", listId, name: "Mallory's list" },
      { intent: "sharing", listId, visibility: "public" },
      { intent: "delete-list", listId },
    ];
    for (const fields of posts) {
      // Posted to the intruder's own page, so the status is the action's answer.
      const res = await intruder.c.post("/wishlist", fields);
      expect(res.status, fields.intent).toBe(404);
    }
    const after = await Client.text(await owner.c.get(`/wishlist?list=${listId}`));
    expect(after).toContain("My Favorites");
    expect(after).toContain("M / Black");
    expect(after).not.toContain("Mallory");
    expect(after).toContain("Private: only you can see this list.");
  });

  it("changes priority and notes, and checks them", async () => {
    const { c } = await shopper();
    await c.post("/wishlist/toggle", { productId: await teeId(c), intent: "save", redirectTo: TEE });
    const itemId = /name="itemId" value="(\d+)"/.exec(await Client.text(await c.get("/wishlist")))![1]!;
    const bad = await c.post("/wishlist", { intent: "update-item", itemId, priority: "urgent", notes: "" });
    expect(bad.status).toBe(400);
    expect(await Client.text(bad)).toContain("Choose high, medium or low.");
    const ok = await c.post("/wishlist", { intent: "update-item", itemId, priority: "high", notes: "For the block party" });
    expect(ok.status).toBe(200);
    const page = await Client.text(ok);
    expect(page).toContain("Item updated");
    expect(page).toContain("High priority");
    expect(page).toContain("For the block party");
  });
});

describe("shared lists", () => {
  it("a public list is shown to anyone by its code without emails or ids; private again answers 404; public again gives a new code", async () => {
    const { c, email } = await shopper();
    await c.post("/wishlist/toggle", { productId: await teeId(c), intent: "save", size: "L", color: "White", redirectTo: TEE });
    const listId = /href="\/wishlist\?list=(\d+)"/.exec(await Client.text(await c.get("/wishlist")))![1]!;

    const made = await c.post("/wishlist", { intent: "sharing", listId, visibility: "public" });
    expect(made.status).toBe(200);
    const code = /data-testid="share-code">([A-Z0-9]+)</.exec(await Client.text(made))![1]!;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);

    const ip = "192.0.2.10";
    const shared = await lookup(`/wishlist/${code}`, ip);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("cache-control")).toBe("private, no-store");
    expect(shared.headers.get("x-robots-tag")).toContain("noindex");
    const html = await Client.text(shared);
    expect(html).toContain("My Favorites");
    expect(html).toContain("Harlem Classic Tee");
    expect(html).toContain("L / White");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).not.toContain(email);
    expect(html).not.toContain(`list=${listId}`);
    // The page's data (what the browser downloads) carries no ids either.
    const dataRes = await lookup(`/wishlist/${code}.data`, ip);
    const payload = await dataRes.text();
    expect(payload).toContain("Harlem Classic Tee");
    expect(payload).not.toContain(email);
    expect(payload).not.toMatch(/"(id|userId|listId|wishlistId|variantId|productId|itemId|choices)"/);
    // Codes are read case-insensitively.
    expect((await lookup(`/wishlist/${code.toLowerCase()}`, ip)).status).toBe(200);

    await c.post("/wishlist", { intent: "sharing", listId, visibility: "private" });
    const gone = await lookup(`/wishlist/${code}`, ip);
    expect(gone.status).toBe(404);
    expect(await Client.text(gone)).toContain("Wishlist not found");

    const again = await c.post("/wishlist", { intent: "sharing", listId, visibility: "public" });
    const newCode = /data-testid="share-code">([A-Z0-9]+)</.exec(await Client.text(again))![1]!;
    expect(newCode).toMatch(/^[A-Z0-9]{6}$/);
    expect(newCode).not.toBe(code);
    expect((await lookup(`/wishlist/${newCode}`, ip)).status).toBe(200);
    expect((await lookup(`/wishlist/${code}`, ip)).status).toBe(404);
  });

  it("throttles lookups per client address with 429 and a clear message", async () => {
    const ip = "192.0.2.77";
    const guesses = Array.from({ length: SHARE_LOOKUP_THROTTLE.limit }, (_, i) => `QQQQ${SHARE_CODE_ALPHABET[i % 31]}${SHARE_CODE_ALPHABET[Math.floor(i / 31)]}`);
    for (const guess of guesses) expect((await lookup(`/wishlist/${guess}`, ip)).status).toBe(404);
    const throttled = await lookup("/wishlist/QQQQQQ", ip);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBeTruthy();
    expect(await Client.text(throttled)).toContain("Too many wishlist lookups from your address. Please try again in a few minutes.");
    // Another address still gets answers.
    expect((await lookup("/wishlist/QQQQQQ", "192.0.2.78")).status).toBe(404);
  });
});

describe("the wishlist in Spanish", () => {
  it("names the first list's default name in Spanish, keeps it when its details are saved unchanged, and shows a renamed list as written", async () => {
    const { c } = await shopper();
    await c.post("/wishlist/toggle", { productId: await teeId(c), intent: "save", redirectTo: TEE });
    const listId = /href="\/wishlist\?list=(\d+)"/.exec(await Client.text(await c.get("/wishlist")))![1]!;
    const made = await c.post("/wishlist", { intent: "sharing", listId, visibility: "public" });
    const code = /data-testid="share-code">([A-Z0-9]+)</.exec(await Client.text(made))![1]!;
    expect((await c.post("/language", { lang: "es", redirectTo: "/wishlist" })).status).toBe(302);

    const page = await Client.text(await c.get("/es/wishlist"));
    expect(page).toContain(">Mis favoritos</h2>");
    expect(page).toContain('aria-label="Artículos en Mis favoritos"');
    expect(page).toMatch(/<input[^>]*id="list-name"[^>]*value="Mis favoritos"/);
    // What the page shows (its data for the browser keeps the stored name).
    expect(page.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("My Favorites");
    const ip = "192.0.2.90";
    expect(await Client.text(await lookup(`/es/wishlist/${code}`, ip))).toContain(">Mis favoritos</h1>");
    expect(await Client.text(await lookup(`/wishlist/${code}`, ip))).toContain(">My Favorites</h1>");

    // The details form sent back with the name as shown: the list keeps its default name, in each language.
    const saved = await c.post("/es/wishlist", { intent: "rename-list", listId, name: "Mis favoritos", description: "Para el verano" });
    expect(saved.status).toBe(200);
    expect(await Client.text(await lookup(`/wishlist/${code}`, ip))).toContain(">My Favorites</h1>");
    expect(await Client.text(await lookup(`/es/wishlist/${code}`, ip))).toContain(">Mis favoritos</h1>");

    const renamed = await c.post("/es/wishlist", { intent: "rename-list", listId, name: "Regalos de Navidad", description: "" });
    expect(renamed.status).toBe(200);
    expect(await Client.text(await c.get("/es/wishlist"))).toContain(">Regalos de Navidad</h2>");
    expect(await Client.text(await lookup(`/wishlist/${code}`, ip))).toContain(">Regalos de Navidad</h1>");
  });
});
