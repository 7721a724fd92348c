import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { buyOverHttp, registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// The back office as an owner's browser without JavaScript sees it: where the dashboard's lines lead, the
// dashboard and the inventory page counting the same open alerts, the back office's own frame, and a page
// that after a refused submission says only that it was refused.

const ADMIN = `frame-boss-${Date.now()}@east-harlem.test`;
let store: SeededStore;
let admin: Client;
let orderId: string;

/** The HTML of the section headed by the element with this id (up to the next section). */
function section(html: string, headingId: string): string {
  const at = html.indexOf(`id="${headingId}"`);
  expect(at).toBeGreaterThan(-1);
  const end = html.indexOf("</section>", at);
  return html.slice(at, end);
}

/** The address a page's POST form (the one holding this intent) sends to, as the browser reads it. */
function formAction(html: string, intent: string): string {
  const form = html.split("<form").find((part) => part.includes(`name="intent" value="${intent}"`));
  expect(form, `a form for ${intent}`).toBeDefined();
  return /^[^>]*action="([^"]*)"/.exec(form!)![1]!;
}

const figure = (html: string, label: string) => new RegExp(`${label}</p><p[^>]*>([^<]+)</p>`).exec(html)?.[1];

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  admin = new Client(store.server.url);
  await registerOverHttp(admin, ADMIN, "Frame Boss");
  const shopper = new Client(store.server.url);
  const email = `frame-shopper-${Date.now()}@east-harlem.test`;
  await registerOverHttp(shopper, email);
  orderId = (await buyOverHttp(shopper, "stickball-shorts", "M", { name: "Ana Rivera", email }, 2)).split("/").pop()!;
}, 240_000);

afterAll(() => store?.stop());

describe("the admin dashboard leads somewhere", () => {
  it("lists recent orders as links to their admin pages, and critical alerts as links to the variant's inventory page", async () => {
    const html = await Client.text(await admin.get("/admin"));
    const orders = section(html, "recent-orders");
    expect(orders).toContain(`href="/admin/orders/${orderId}"`);
    const alerts = section(html, "critical-alerts");
    const links = [...alerts.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    const variantLinks = links.filter((href) => /^\/admin\/inventory\/\d+$/.test(href));
    expect(variantLinks).toHaveLength(3);
    expect(links.some((href) => href.startsWith("/shop"))).toBe(false);
    // Each leads to its variant's stock page, which names the SKU the alert names.
    const sku = /SKU ([^<]+)</.exec(alerts)![1]!;
    const variant = await Client.text(await admin.get(variantLinks[0]!));
    expect(variant).toContain(sku);
  });

  it("counts the open high-severity alerts as the inventory page does, one for each variant out of stock", async () => {
    const dashboard = await Client.text(await admin.get("/admin"));
    const [, shown, total] = /The newest (\d+) of (\d+) open alerts of high severity\./.exec(dashboard) ?? [];
    expect(shown).toBe("3");

    const inventory = await Client.text(await admin.get("/admin/inventory"));
    expect(inventory).not.toContain("No open alerts");
    const [, open, high] = /(\d+) open alerts, (\d+) of high severity \(out of stock\)/.exec(inventory) ?? [];
    expect(high).toBe(total);
    expect(Number(open)).toBeGreaterThanOrEqual(Number(high));
    // Nothing acknowledged yet: every variant out of stock has its open alert.
    expect(figure(inventory, "Out of stock")).toBe(total);
    // The newest five come before the stock table; the rest wait under a disclosure, so the table stays in reach.
    expect(inventory).toContain(`Show the other ${Number(open) - 5} alerts</summary>`);
    expect(inventory.indexOf("</details>")).toBeLessThan(inventory.indexOf("Stock per variant"));
  });
});

describe("the back office's own frame", () => {
  it("shows admin pages without the shop's newsletter box and footer", async () => {
    const shop = await Client.text(await admin.get("/"));
    expect(shop).toContain('id="footer-newsletter-heading"');
    for (const path of ["/admin", "/admin/inventory", `/admin/orders/${orderId}`, "/analytics"]) {
      const html = await Client.text(await admin.get(path));
      expect(html, path).not.toContain("footer-newsletter");
      expect(html, path).not.toContain('data-theme="dark" class="mt-16');
      expect(html, path).toContain('data-testid="back-office-footer"');
    }
  });
});

describe("a page never says two things", () => {
  it("after 'The variant was added.', a variant refused for its SKU shows only the refusal", async () => {
    const created = await admin.post("/admin/products/new", {
      name: `Frame Test Tee ${Date.now()}`,
      description: "A tee for the test.",
      category: "apparel",
      artKind: "tee",
      basePrice: "40.00",
      tags: "",
      status: "draft",
    });
    expect(created.status).toBe(302);
    const id = /\/admin\/products\/(\d+)/.exec(created.headers.get("location")!)![1]!;
    let page = await Client.text(await admin.get(`/admin/products/${id}`));
    const version = () => /name="version" value="(\d+)"/.exec(page)![1]!;
    const sku = `FRAME-${id}-M`;
    const added = await admin.post(formAction(page, "variant-add"), { intent: "variant-add", version: version(), size: "M", color: "", sku, initialStock: "5", active: "on" });
    expect(added.status).toBe(302);
    page = await Client.text(await admin.get(added.headers.get("location")!));
    expect(page).toContain("The variant was added.");

    // The same SKU again, from the form the page shows now.
    const refused = await admin.post(formAction(page, "variant-add"), { intent: "variant-add", version: version(), size: "L", color: "", sku, initialStock: "5", active: "on" });
    expect(refused.status).toBe(409);
    const answer = await Client.text(refused);
    expect(answer).toContain("Another variant already uses this SKU.");
    expect(answer).not.toContain("The variant was added.");
  });

  it("after 'The refund was made.', a refund over what is left shows only the refusal", async () => {
    expect((await admin.post(`/admin/orders/${orderId}`, { intent: "ship", carrier: "UPS", trackingNumber: "1Z999AA10123456784" })).status).toBe(302);
    let page = await Client.text(await admin.get(`/admin/orders/${orderId}`));
    const key = () => /name="key" value="([^"]+)"/.exec(page)![1]!;
    const made = await admin.post(formAction(page, "refund"), { intent: "refund", mode: "amount", amount: "10", key: key(), confirm: "yes" });
    expect(made.status).toBe(302);
    page = await Client.text(await admin.get(made.headers.get("location")!));
    expect(page).toContain("The refund was made.");

    const refused = await admin.post(formAction(page, "refund"), { intent: "refund", mode: "amount", amount: "5000", key: key(), confirm: "yes" });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const answer = await Client.text(refused);
    expect(answer).toMatch(/At most \$[\d.,]+ of this order can still be refunded\./);
    expect(answer).not.toContain("The refund was made.");
  });
});
