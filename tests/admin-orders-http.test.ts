import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// The admin order screens over plain HTTP, as a browser without JavaScript uses them.

const ADMIN = `orders-boss-${Date.now()}@east-harlem.test`;
let store: SeededStore;
let admin: Client;
let customer: Client;
let orderPath: string;
let orderId: string;

async function buy(c: Client): Promise<string> {
  const html = await (await c.get("/shop/stickball-shorts")).text();
  const productId = /name="productId" value="(\d+)"/.exec(html)![1]!;
  expect((await c.post("/cart", { intent: "add", productId, size: "M", color: "", quantity: "1" })).status).toBe(200);
  const form = await (await c.get("/checkout")).text();
  const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(form)![1]!;
  const paid = await c.post("/checkout", {
    idempotencyKey,
    fullName: "Ana Rivera",
    email: "ana@east-harlem.test",
    street: "2150 Third Ave",
    city: "New York",
    state: "NY",
    zipCode: "10035",
    country: "US",
    cardNumber: "4242 4242 4242 4242",
    cardExpiry: "12/34",
    cardCvc: "123",
  });
  expect(paid.status).toBe(303);
  const complete = await Client.text(await c.get(paid.headers.get("location")!));
  return /href="(\/orders\/[A-Za-z0-9_-]{16})"/.exec(complete)![1]!;
}

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  admin = new Client(store.server.url);
  await registerOverHttp(admin, ADMIN, "Store Boss");
  customer = new Client(store.server.url);
  await registerOverHttp(customer, `orders-shopper-${Date.now()}@east-harlem.test`);
  orderPath = await buy(customer);
  orderId = orderPath.split("/").pop()!;
}, 240_000);

afterAll(async () => {
  await store?.stop();
});

const pages = () => ["/admin/orders", "/admin/orders?status=shipped&q=EH-1", "/admin/orders/export.csv", `/admin/orders/${orderId}`, `/admin/orders/${orderId}/packing-slip`];
const actions = (): Record<string, string>[] => [
  { intent: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456784" },
  { intent: "deliver" },
  { intent: "cancel", confirm: "yes" },
  { intent: "refund", mode: "full", key: "k".repeat(20), confirm: "yes" },
  { intent: "note", body: "hello" },
];

describe("who may use the admin order screens", () => {
  it("guests get 401 and customers 403 on every page and action, and nothing changes", async () => {
    const guest = new Client(store.server.url);
    for (const path of pages()) {
      expect((await guest.get(path)).status, path).toBe(401);
      expect((await customer.get(path)).status, path).toBe(403);
    }
    for (const fields of actions()) {
      for (const path of [`/admin/orders/${orderId}`, "/admin/orders"]) {
        expect((await guest.post(path, fields)).status, `${path} ${fields.intent!}`).toBe(401);
        expect((await customer.post(path, fields)).status, `${path} ${fields.intent!}`).toBe(403);
      }
    }
    const detail = await Client.text(await admin.get(`/admin/orders/${orderId}`));
    expect(detail).toContain("Processing");
    expect(detail).toContain("No notes yet.");
  });

  it("an admin reads the list, the order, the packing slip and the CSV", async () => {
    const list = await admin.get("/admin/orders");
    expect(list.status).toBe(200);
    const html = await list.text();
    const number = /EH-\d{6}/.exec(html)![0];
    const found = await Client.text(await admin.get(`/admin/orders?q=${number}`));
    expect(found).toContain(`/admin/orders/${orderId}`);
    expect(found).toContain("1 order");
    // Junk in the URL is no filter, never an error.
    expect((await admin.get("/admin/orders?page=zz&from=nope&status=bogus&to=2026-13-45")).status).toBe(200);
    expect((await admin.get("/admin/orders/not-an-order")).status).toBe(404);
    const csv = await admin.get(`/admin/orders/export.csv?q=${number}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const body = await csv.text();
    expect(body.split("\r\n")[0]).toContain('"Order","Date","Status"');
    expect(body).toContain(`"${number}"`);
    const slip = await Client.text(await admin.get(`/admin/orders/${orderId}/packing-slip`));
    expect(slip).toContain("Packing slip");
    expect(slip).toContain("@media print");
  });

  it("bad input gets a message by the field and changes nothing; a good one ships and the customer sees it", async () => {
    const bad = await admin.post(`/admin/orders/${orderId}`, { intent: "ship", carrier: "Pigeon", trackingNumber: "x" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Choose the carrier.");
    expect(badHtml).toContain("Enter a tracking number of 6 to 40 letters");
    expect(await Client.text(await customer.get(orderPath))).toContain("Not shipped yet");

    const unknown = await admin.post(`/admin/orders/${orderId}`, { intent: "explode" });
    expect(unknown.status).toBe(400);

    const ok = await admin.post(`/admin/orders/${orderId}`, { intent: "ship", carrier: "UPS", trackingNumber: "1z999aa1 0123456784" });
    expect(ok.status).toBe(302);
    const seen = await Client.text(await customer.get(`${orderPath}/track`));
    expect(seen).toContain("1Z999AA10123456784");
    expect(seen).toContain("Carrier: UPS");
    // Shipping twice is refused with the table's words.
    const again = await admin.post(`/admin/orders/${orderId}`, { intent: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456785" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This order is already shipped.");
  });

  it("a refund asks for confirmation first, then refunds once", async () => {
    const page = await Client.text(await admin.get(`/admin/orders/${orderId}`));
    const key = /name="key" value="([^"]+)"/.exec(page)![1]!;
    const ask = await admin.post(`/admin/orders/${orderId}`, { intent: "refund", mode: "amount", amount: "5", key });
    expect(ask.status).toBe(200);
    const askHtml = await ask.text();
    expect(askHtml).toContain("Please confirm");
    expect(askHtml).toContain("Refund $5.00");
    expect(await Client.text(await admin.get(`/admin/orders/${orderId}`))).toContain('data-testid="refunded-total">$0.00');
    const over = await admin.post(`/admin/orders/${orderId}`, { intent: "refund", mode: "amount", amount: "99999", key, confirm: "yes" });
    expect(over.status).toBe(409);
    for (let i = 0; i < 2; i++) {
      const done = await admin.post(`/admin/orders/${orderId}`, { intent: "refund", mode: "amount", amount: "5", key, confirm: "yes" });
      expect(done.status).toBe(302);
    }
    expect(await Client.text(await admin.get(`/admin/orders/${orderId}`))).toContain('data-testid="refunded-total">$5.00');
    const empty = await admin.post(`/admin/orders/${orderId}`, { intent: "note", body: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write the note.");
  });
});
