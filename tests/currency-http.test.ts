import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { checkoutFields, openCheckout, registerOverHttp, submitCheckout } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// Prices in the shopper's currency over HTTP against the production server: an administrator sets a rate,
// a shopper chooses that currency and sees approximate prices with the dollar price beside them, while the
// checkout says (and charges) the US dollar total. A currency without a rate is never offered.
let store: SeededStore;
let url: string;
const ADMIN = `rates-${Date.now()}@east-harlem.test`;
const SHOPPER = `dominga-${Date.now()}@east-harlem.test`;
let admin: Client;
let shopper: Client;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  url = store.server.url;
  admin = new Client(url);
  await registerOverHttp(admin, ADMIN, "Rate Setter");
  shopper = new Client(url);
  await registerOverHttp(shopper, SHOPPER, "Dominga Peralta");
}, 240_000);
afterAll(() => store?.stop());

const page = async (client: Client, path: string) => {
  const res = await client.get(path);
  expect(res.status, `GET ${path}`).toBe(200);
  return Client.text(res);
};
/** The options of the Settings currency select ([] when the select is not there). */
const settingsCurrencies = async (client: Client) => {
  const html = await page(client, "/settings");
  const select = /<select[^>]*name="currency"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([A-Z]{3})"/g)].map((m) => m[1]);
};
const preferences = (currency: string) => ({ intent: "preferences", theme: "auto", language: "en", currency, emailOrderUpdates: "on" });
const APPROX = /≈\s?€/;

describe("prices in the shopper's currency", () => {
  it("offers no other currency while no rate is set", async () => {
    expect(await settingsCurrencies(shopper)).toEqual([]);
    expect(await page(shopper, "/shop")).not.toMatch(APPROX);
    const refused = await shopper.post("/settings", preferences("EUR"));
    expect(refused.status).toBe(400);
    expect(await Client.text(refused)).toContain("That currency is not available");
  });

  it("lets an administrator set a rate, checked and audited", async () => {
    expect(await page(admin, "/admin/currency")).toContain("Not set: shoppers cannot choose EUR.");
    for (const [rate, message] of [
      ["0", "The rate must be between 0.0001 and 10000.00."],
      ["abc", "Please enter a rate such as 0.92"],
      ["-1", "Please enter a rate such as 0.92"],
      ["20000", "The rate must be between"],
      ["", "Please enter a rate."],
    ]) {
      const res = await admin.post("/admin/currency", { intent: "set", currency: "EUR", rate: rate! });
      expect(res.status, `rate ${rate}`).toBe(400);
      expect(await Client.text(res)).toContain(message);
    }
    expect((await admin.post("/admin/currency", { intent: "set", currency: "JPY", rate: "150" })).status).toBe(400);
    expect((await shopper.post("/admin/currency", { intent: "set", currency: "EUR", rate: "0.92" })).status).toBe(403);

    const saved = await admin.post("/admin/currency", { intent: "set", currency: "EUR", rate: "0.92" });
    expect(saved.status).toBe(302);
    const screen = await page(admin, "/admin/currency");
    expect(screen).toContain("1 USD = 0.92 EUR, so $55.00 shows as about €50.60.");
    expect(screen).toContain(`Set by ${ADMIN}`);
    const audit = await page(admin, "/admin/audit?entity=currency_rate");
    expect(audit).toContain("currency_rate EUR");
    expect(audit).toContain("0.92");
  });

  it("shows a signed-in shopper's chosen currency as approximate prices, and the checkout charges dollars", async () => {
    expect(await settingsCurrencies(shopper)).toEqual(["USD", "EUR"]);
    // GBP has no rate: not offered, and refused if posted anyway.
    expect((await shopper.post("/settings", preferences("GBP"))).status).toBe(400);
    expect((await shopper.post("/settings", preferences("EUR"))).status).toBe(200);
    expect(await page(shopper, "/settings")).toMatch(/<option value="EUR" selected="">/);

    // The Classic Tee is $55.00: at 0.92 that is about €50.60, with the dollar price beside it.
    const shop = await page(shopper, "/shop");
    expect(shop).toMatch(/data-testid="price">≈\s€50\.60<\/span>/);
    expect(shop).toMatch(/data-testid="price-usd">\$55\.00<\/span>/);
    expect(await page(shopper, "/shop/harlem-classic-tee")).toMatch(/data-testid="price">≈\s€50\.60</);

    // In the cart and at checkout: $55.00 + 8% tax = $59.40 charged, shown as about €54.65.
    const added = await shopper.post("/cart", { intent: "add", productId: "1", size: "S", color: "Black", quantity: "1" });
    expect(added.status).toBe(200);
    // The wishlist too: the Classic Tee saved, any size and colour, reads "From ≈ €50.60".
    expect((await shopper.post("/wishlist/toggle", { intent: "save", productId: "1" })).status).toBe(200);
    expect(await page(shopper, "/wishlist")).toMatch(/data-testid="item-price">From ≈\s€50\.60/);
    const cart = await page(shopper, "/cart");
    expect(cart).toContain("Prices in EUR are approximate. You pay in US dollars.");
    const checkout = await page(shopper, "/checkout");
    expect(checkout).toMatch(/data-testid="summary-total">≈\s€54\.65/);
    expect(checkout).toContain("You will be charged <strong>$59.40 USD</strong>.");
    expect(checkout).toContain("Pay $59.40");

    // What is charged and recorded is the server's US dollar total.
    const paid = await submitCheckout(shopper, checkoutFields(await openCheckout(shopper), { name: "Dominga Peralta", email: SHOPPER }));
    expect(paid.kind).toBe("paid");
    const orders = await page(shopper, "/orders");
    expect(orders).toContain("$59.40");
    expect(orders).not.toMatch(APPROX);
    const orderId = /href="\/orders\/([^"/]+)"/.exec(orders)?.[1];
    const order = await page(shopper, `/orders/${orderId}`);
    expect(order).toContain("$59.40");
    expect(order).not.toMatch(APPROX);
  });

  it("keeps a guest's choice in a cookie, among the offered currencies only", async () => {
    const guest = new Client(url);
    expect(await page(guest, "/shop")).not.toMatch(APPROX);
    // The footer's chooser: offered currencies only.
    const refused = await guest.post("/currency", { currency: "GBP", redirectTo: "/shop" });
    expect(refused.status).toBe(400);
    expect(await Client.text(refused)).toContain("That currency is not available");
    const chosen = await guest.post("/currency", { currency: "EUR", redirectTo: "/shop" });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe("/shop");
    expect(await page(guest, "/shop")).toMatch(/data-testid="price">≈\s€50\.60</);
    expect((await guest.post("/currency", { currency: "USD", redirectTo: "/shop" })).status).toBe(302);
    expect(await page(guest, "/shop")).not.toMatch(APPROX);
  });

  it("saves a signed-in shopper's choice from the footer chooser with their other preferences untouched", async () => {
    expect((await shopper.post("/settings", { ...preferences("EUR"), theme: "dark" })).status).toBe(200);
    const back = await shopper.post("/currency", { currency: "USD", redirectTo: "/shop/harlem-classic-tee" });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/shop/harlem-classic-tee");
    expect(back.headers.get("set-cookie")).toBeNull();
    const settings = await page(shopper, "/settings");
    expect(settings).toMatch(/<option value="USD" selected="">/);
    expect(settings).toContain('<html lang="en" data-theme="dark">');
    expect(await page(shopper, "/shop")).not.toMatch(APPROX);
    expect((await shopper.post("/currency", { currency: "EUR", redirectTo: "/shop" })).status).toBe(302);
    expect(await page(shopper, "/shop")).toMatch(APPROX);
  });

  it("falls back to dollars, and stops offering the currency, once its rate is cleared", async () => {
    expect((await admin.post("/admin/currency", { intent: "clear", currency: "EUR" })).status).toBe(302);
    expect(await page(admin, "/admin/audit?entity=currency_rate")).toContain("clear");
    const shop = await page(shopper, "/shop");
    expect(shop).not.toMatch(APPROX);
    expect(shop).toMatch(/data-testid="price">\$55\.00</);
    expect(await settingsCurrencies(shopper)).toEqual([]);
  });
});
