import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { checkoutFields, openCheckout, registerOverHttp, submitCheckout } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// "Download my data" in Settings, over plain HTTP as a browser without JavaScript uses it: the shopper gets
// one JSON file of everything the store holds about them, nothing of anyone else, and the log says so.

const ADMIN = `export-boss-${Date.now()}@east-harlem.test`;
let store: SeededStore;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
}, 240_000);
afterAll(() => store?.stop());

/** A registered shopper who bought one item and reviewed a product; returns the order number seen on the receipt page. */
async function shopperWithHistory(email: string, name: string, reviewTitle: string, slug: string) {
  const c = new Client(store.server.url);
  await registerOverHttp(c, email, name);
  const html = await (await c.get("/shop/stickball-shorts")).text();
  const productId = /name="productId" value="(\d+)"/.exec(html)![1]!;
  expect((await c.post("/cart", { intent: "add", productId, size: "M", color: "", quantity: "1" })).status).toBe(200);
  const paid = await submitCheckout(c, checkoutFields(await openCheckout(c), { name, email }));
  expect(paid.kind).toBe("paid");
  const complete = await Client.text(await c.get(paid.kind === "paid" ? paid.location : "/"));
  const number = /EH-\d{6}/.exec(complete)![0];
  const review = await c.post(`/shop/${slug}/reviews`, { intent: "create", rating: "5", title: reviewTitle, comment: `${reviewTitle}, said ${name}`, redirectTo: `/shop/${slug}` });
  expect(review.status).toBe(303);
  return { client: c, number };
}

describe("downloading my data from Settings", () => {
  it("gives the shopper their order and review in one JSON file, nothing of another shopper's, and records it in the audit log", async () => {
    const stamp = Date.now();
    const ana = await shopperWithHistory(`ana-export-${stamp}@east-harlem.test`, "Ana Rivera", "Ana loves these shorts", "vintage-barrio-tee");
    const ben = await shopperWithHistory(`ben-export-${stamp}@east-harlem.test`, "Ben Ortiz", "Ben thinks they run large", "east-harlem-hoodie");

    // Settings offers the download as a plain link.
    const settings = await Client.text(await ana.client.get("/settings"));
    expect(settings).toContain("Download my data");
    expect(settings).toContain('href="/settings/export"');

    // Analytics events are written in batches every second, off the request path.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const res = await ana.client.get("/settings/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="east-harlem-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = await res.text();
    const file = JSON.parse(body) as {
      account: { email: string; name: string };
      preferences: { notifications: { email: Record<string, boolean> } };
      orders: { number: string; lines: { name: string; size: string | null }[]; shippingAddress: { street: string } }[];
      reviews: { title: string; product: { slug: string } }[];
      addresses: unknown[];
      analyticsEvents: { type: string; sessionId: string | null }[];
    };
    expect(file.account).toMatchObject({ email: `ana-export-${stamp}@east-harlem.test`, name: "Ana Rivera" });
    expect(file.preferences.notifications.email).toHaveProperty("restockAlerts");
    expect(file.orders.map((o) => o.number)).toEqual([ana.number]);
    expect(file.orders[0]!.lines[0]).toMatchObject({ size: "M" });
    expect(file.orders[0]!.shippingAddress.street).toBe("2150 Third Ave");
    expect(file.addresses.length).toBeGreaterThan(0);
    expect(file.reviews).toEqual([expect.objectContaining({ title: "Ana loves these shorts", product: expect.objectContaining({ slug: "vintage-barrio-tee" }) })]);
    expect(file.analyticsEvents.some((e) => e.type === "purchase")).toBe(true);

    // Nothing of Ben's, and no secrets: no password hash, no session token.
    expect(body).not.toContain("Ben");
    expect(body).not.toContain(ben.number);
    expect(body).not.toContain("ben-export");
    expect(body).not.toMatch(/"password"|\$argon2/);
    for (const [name, value] of ana.client.cookies) if (name.includes("session_token")) expect(body).not.toContain(decodeURIComponent(value).split(".")[0]!);

    // The administrator sees the export in the audit log, done by Ana herself.
    const admin = new Client(store.server.url);
    await registerOverHttp(admin, ADMIN, "Store Boss");
    const audit = await Client.text(await admin.get("/admin/audit?entity=account"));
    expect(audit).toContain("data_export");
    expect(audit).toContain(`ana-export-${stamp}@east-harlem.test`);
    expect(audit).not.toContain(`ben-export-${stamp}@east-harlem.test`);
  });

  it("tells a guest to sign in, with a 401 and no data", async () => {
    const guest = new Client(store.server.url);
    const res = await guest.get("/settings/export");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-disposition")).toBeNull();
    const html = await Client.text(res);
    expect(html).toContain("Authentication Required");
    expect(html).toContain("Sign In");
    expect(html).toContain("Go Home");
  });
});
