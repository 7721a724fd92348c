import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type RunningServer, type SeededStore } from "./server.ts";

// The production server as its own process: on PostgreSQL when TEST_DATABASE_URL is set, else embedded.
let store: SeededStore;
let server: RunningServer;
const ADMIN = "stock-boss@east-harlem.test";
let admin: Client;
let variantId: number;
let sku: string;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  server = store.server;
  admin = new Client(server.url);
  await registerOverHttp(admin, ADMIN, "Stock Boss");
  const list = await Client.text(await admin.get("/admin/inventory?q=hoodie"));
  const match = /href="\/admin\/inventory\/(\d+)"/.exec(list);
  variantId = Number(match![1]);
  sku = /SKU ([^ <]+)/.exec(await Client.text(await admin.get(`/admin/inventory/${variantId}`)))![1]!;
}, 240_000);

afterAll(() => store?.stop());

function multipart(c: Client, path: string, fields: Record<string, string>, file?: { name: string; text: string }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append("file", new Blob([file.text], { type: "text/csv" }), file.name);
  return c.send(path, { method: "POST", body, headers: { Origin: server.url } });
}

const onHandOn = async (c: Client, id: number) => Number(/On hand<\/dt><dd[^>]*>(\d+)</.exec(await Client.text(await c.get(`/admin/inventory/${id}`)))![1]);

describe("admin inventory over HTTP", () => {
  it("answers 401 to guests and 403 to customers on every page and action, and writes nothing", async () => {
    const guest = new Client(server.url);
    const customer = new Client(server.url);
    await registerOverHttp(customer, `stock-shopper-${Date.now()}@east-harlem.test`);
    const before = await onHandOn(admin, variantId);
    for (const [c, status] of [
      [guest, 401],
      [customer, 403],
    ] as const) {
      expect((await c.get("/admin/inventory")).status).toBe(status);
      expect((await c.get(`/admin/inventory/${variantId}`)).status).toBe(status);
      expect((await c.post(`/admin/inventory/${variantId}`, { intent: "restock", quantity: "5", reason: "x" })).status).toBe(status);
      expect((await c.post(`/admin/inventory/${variantId}`, { intent: "adjust", onHand: "0", reason: "x" })).status).toBe(status);
      expect((await c.post("/admin/inventory", { intent: "acknowledge", alertId: "1" })).status).toBe(status);
      expect((await c.post("/admin/inventory", { intent: "confirm", rows: JSON.stringify([[sku, 0]]) })).status).toBe(status);
      expect((await multipart(c, "/admin/inventory", { intent: "preview" }, { name: "s.csv", text: `sku,on_hand\n${sku},0\n` })).status).toBe(status);
    }
    expect(await onHandOn(admin, variantId)).toBe(before);
  });

  it("restocks with a reason, refuses bad input next to the field, and shows the movement", async () => {
    const before = await onHandOn(admin, variantId);
    const bad = await admin.post(`/admin/inventory/${variantId}`, { intent: "restock", quantity: "-3", reason: "" });
    expect(bad.status).toBe(400);
    const badPage = await Client.text(bad);
    expect(badPage).toContain("Enter a whole number of units, 1 or more.");
    expect(badPage).toContain("Give a reason for this change.");
    expect(await onHandOn(admin, variantId)).toBe(before);

    const ok = await admin.post(`/admin/inventory/${variantId}`, { intent: "restock", quantity: "6", reason: "Delivery 42" });
    expect(ok.status).toBe(200);
    expect(await Client.text(ok)).toContain("Added 6 units.");
    expect(await onHandOn(admin, variantId)).toBe(before + 6);
    const history = await Client.text(await admin.get(`/admin/inventory/${variantId}?type=restock`));
    expect(history).toContain("Delivery 42");

    const adjust = await admin.post(`/admin/inventory/${variantId}`, { intent: "adjust", onHand: "abc", reason: "Count" });
    expect(adjust.status).toBe(400);
    expect(await Client.text(adjust)).toContain("Enter the counted units as a whole number, 0 or more.");
  });

  it("answers 4xx, never 500, to odd ids, intents and files", async () => {
    expect((await admin.get("/admin/inventory/999999999")).status).toBe(404);
    expect((await admin.get("/admin/inventory/abc")).status).toBe(404);
    expect((await admin.post("/admin/inventory/99999999", { intent: "restock", quantity: "1", reason: "x" })).status).toBe(404);
    expect((await admin.post("/admin/inventory", { intent: "acknowledge", alertId: "99999999" })).status).toBe(404);
    expect((await admin.post("/admin/inventory", { intent: "nothing" })).status).toBe(400);
    expect((await admin.post("/admin/inventory", { intent: "confirm", rows: "not json" })).status).toBe(400);
    expect((await admin.get("/admin/inventory?page=-4&filter=zzz")).status).toBe(200);
    // A file is taken only by the stock list upload.
    expect((await multipart(admin, `/admin/inventory/${variantId}`, { intent: "restock", quantity: "1", reason: "x" }, { name: "a.csv", text: "x" })).status).toBe(400);
    expect((await multipart(admin, "/admin/inventory", { intent: "preview" })).status).toBe(400);
    const huge = `sku,on_hand\n${"A,1\n".repeat(300_000)}`;
    expect((await multipart(admin, "/admin/inventory", { intent: "preview" }, { name: "big.csv", text: huge })).status).toBe(413);
  });

  it("previews a stock list with its refused rows, then applies the accepted ones on confirm", async () => {
    const before = await onHandOn(admin, variantId);
    const csv = `sku,on_hand\n${sku},${before + 10}\nNOPE-1,4\n`;
    const preview = await multipart(admin, "/admin/inventory", { intent: "preview" }, { name: "stock.csv", text: csv });
    expect(preview.status).toBe(200);
    const page = await Client.text(preview);
    expect(page).toContain("1 row accepted, 1 refused.");
    expect(page).toContain("NOPE-1");
    expect(page).toContain("Unknown SKU.");
    expect(await onHandOn(admin, variantId)).toBe(before);

    const rows = /name="rows" value="(.*?)"\/>/.exec(page)![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    expect(rows).toContain(sku);
    const confirm = await admin.post("/admin/inventory", { intent: "confirm", rows });
    expect(confirm.status).toBe(200);
    expect(await Client.text(confirm)).toContain("Stock list applied: 1 variant changed.");
    expect(await onHandOn(admin, variantId)).toBe(before + 10);
  });

  it("raises an out-of-stock alert on the page, and acknowledges it from there", async () => {
    const ids = [...(await Client.text(await admin.get("/admin/inventory?q=tee"))).matchAll(/href="\/admin\/inventory\/(\d+)"/g)].map((m) => Number(m[1]));
    const other = ids.find((id) => id !== variantId)!;
    const otherSku = /SKU ([^ <]+)/.exec(await Client.text(await admin.get(`/admin/inventory/${other}`)))![1]!;
    expect((await admin.post(`/admin/inventory/${other}`, { intent: "adjust", onHand: "0", reason: "Stock take" })).status).toBe(200);
    const page = await Client.text(await admin.get("/admin/inventory"));
    expect(page).toContain(`${otherSku} is out of stock.`);
    const alertId = new RegExp(`name="alertId" value="(\\d+)"/><button type="submit"[^>]*aria-label="Acknowledge alert for ${otherSku}"`).exec(page)![1]!;
    const ack = await admin.post("/admin/inventory", { intent: "acknowledge", alertId });
    expect(ack.status).toBe(200);
    const after = await Client.text(ack);
    expect(after).toContain("Alert acknowledged.");
    expect(after).not.toContain(`${otherSku} is out of stock.`);
  });

  it("pages the stock list and a variant's movements, keeping the filters, and names each card's columns", async () => {
    const linkTo = (html: string, text: string) => {
      const tag = new RegExp(`<a ([^>]*)>${text}</a>`).exec(html)?.[1];
      return tag ? /href="([^"]*)"/.exec(tag)![1]!.replaceAll("&amp;", "&") : null;
    };
    const first = await Client.text(await admin.get("/admin/inventory?q=EH-&filter=all"));
    expect(first).toMatch(/\d+ variants · page 1 of \d+/);
    expect(linkTo(first, "Previous page")).toBeNull();
    const next = linkTo(first, "Next page");
    expect(next).toBe("/admin/inventory?q=EH-&filter=all&page=2");
    const second = await Client.text(await admin.get(next!));
    expect(second).toMatch(/\d+ variants · page 2 of \d+/);
    expect(linkTo(second, "Previous page")).toBe("/admin/inventory?q=EH-&filter=all&page=1");
    // One table kit: a header row for wide screens, and in each cell its column's name for the card at phone width.
    expect(second).toMatch(/<th scope="col"[^>]*>Available<\/th>/);
    expect(second).toMatch(/<td[^>]*><span class="[^"]*sm:hidden[^"]*">Available<\/span>/);

    const movements = await Client.text(await admin.get(`/admin/inventory/${variantId}?type=restock`));
    expect(movements).toMatch(/\d+ movements? · page 1 of \d+/);
  });
});
