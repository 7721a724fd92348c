import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogue } from "../db/seed/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { Client } from "./http-client.ts";
import { saveProductForm } from "./http-admin.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { linkIn, startMailCatcher } from "./mail-catcher.ts";
import { ensureBuild, seededDataDir, startServer, type RunningServer } from "./server.ts";

/*
 * "Notify me" over HTTP (issue 18, ADR 0032): the product page's form works without JavaScript, refuses a
 * bad address beside its field, takes a signed-in shopper's address from the session; the drop's opening
 * mails the line, in each one's language, and the mail's stop link (page and one-click) stops it.
 */

let database: TestDatabase | undefined;
let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const ADMIN = `notify-boss-${Date.now()}@east-harlem.test`;
const SLUG = "harlem-classic-tee";
let admin: Client;
let productId = "";

let counter = 0;
const newEmail = (tag: string) => `${tag}${++counter}-${Date.now()}@east-harlem.test`;
/** Each visitor from its own client address (the server trusts X-Forwarded-For from 127.0.0.1): the sign-up throttle stays out of the way. */
const visitor = () => new Client(server.url, undefined, { "X-Forwarded-For": `198.51.100.${++counter % 250}` });


/** Saves the product form as it stands, with a new release moment ("" for none: on sale now). */
async function scheduleRelease(onSaleAt: string) {
  expect((await saveProductForm(admin, productId, { onSaleAt, status: "active" })).status).toBe(302);
}

/** The form's status line as the page shows it. */
const statusLine = (html: string) => /data-testid="notify-me"[\s\S]*?role="status"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";

beforeAll(async () => {
  ensureBuild();
  mail = await startMailCatcher();
  const env: Record<string, string> = { SMTP_URL: mail.url, ADMIN_EMAILS: ADMIN, TRUSTED_PROXIES: "127.0.0.1" };
  if (usingPostgres()) {
    database = await createTestDatabase();
    await seedCatalogue(database.db);
    server = await startServer({ ...env, DATABASE_URL: database.url! });
  } else {
    server = await startServer({ ...env, DATA_DIR: seededDataDir("store-notify-") });
  }
  admin = new Client(server.url);
  await registerOverHttp(admin, ADMIN, "Notify Boss");
  const listed = await Client.text(await admin.get(`/admin/products?q=${encodeURIComponent("Harlem Classic Tee")}`));
  productId = /href="\/admin\/products\/(\d+)"/.exec(listed)![1]!;
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await mail?.close();
});

describe("Notify me over HTTP", () => {
  const guestEmail = newEmail("guest");
  const spanishEmail = newEmail("vecina");
  const customerEmail = newEmail("member");

  it("is offered on an upcoming product and works without JavaScript; a bad address is refused beside its field", async () => {
    await scheduleRelease("2099-12-05T10:00");
    const page = await Client.text(await visitor().get(`/shop/${SLUG}`));
    expect(page).toContain("Not on sale yet. Leave your email and we'll tell you when it drops.");
    expect(page).toMatch(/<input type="hidden" name="intent" value="notify"\/>/);
    expect(page).toMatch(/<label for="[^"]+-email"[^>]*>Email<\/label>/);

    const bad = await visitor().post(`/shop/${SLUG}`, { intent: "notify", email: "not-an-address", variant: "" });
    expect(bad.status).toBe(400);
    const refused = await Client.text(bad);
    expect(statusLine(refused)).toBe("Please enter a valid email address.");
    expect(refused).toContain('aria-invalid="true"');
    expect(refused).toContain('value="not-an-address"');

    const badEs = await visitor().post(`/es/shop/${SLUG}`, { intent: "notify", email: "", variant: "x" });
    expect(badEs.status).toBe(400);
    expect(statusLine(await Client.text(badEs))).toBe("Escribe tu correo electrónico.");

    const ok = await visitor().post(`/shop/${SLUG}`, { intent: "notify", email: guestEmail.toUpperCase(), variant: "" });
    expect(ok.status).toBe(200);
    expect(statusLine(await Client.text(ok))).toBe("You're on the list. We'll email you when it goes on sale.");
    // Asking again is answered the same, and keeps one place in line.
    expect((await visitor().post(`/shop/${SLUG}`, { intent: "notify", email: guestEmail })).status).toBe(200);

    const es = await visitor().post(`/es/shop/${SLUG}`, { intent: "notify", email: spanishEmail });
    expect(es.status).toBe(200);
    expect(statusLine(await Client.text(es))).toBe("Ya estás en la lista. Te escribiremos cuando salga a la venta.");

    expect((await visitor().post(`/shop/${SLUG}`, { intent: "something-else" })).status).toBe(400);
    const badOption = await visitor().post(`/shop/${SLUG}`, { intent: "notify", email: newEmail("x"), variant: "9999999999" });
    expect(badOption.status).toBe(400);
    expect(statusLine(await Client.text(badOption))).toBe("Please choose a size and color from the list.");
  });

  it("takes a signed-in shopper's address from the session, never from the form", async () => {
    const customer = visitor();
    await registerOverHttp(customer, customerEmail, "Notify Member");
    const page = await Client.text(await customer.get(`/shop/${SLUG}`));
    expect(page).toContain(`We'll email ${customerEmail}. This turns on Restock alerts in your Settings.`);
    expect(page).toContain(`name="email" value="${customerEmail}"`);
    // A page made for another account (or a crafted post) is refused, and signs no one up.
    const other = await customer.post(`/shop/${SLUG}`, { intent: "notify", email: "someone-else@example.test" });
    expect(other.status).toBe(400);
    expect(statusLine(await Client.text(other))).toBe("This form was made for another account. Reload the page and try again.");
    // The page's own form: the session's address.
    const ok = await customer.post(`/shop/${SLUG}`, { intent: "notify", email: customerEmail.toUpperCase() });
    expect(ok.status).toBe(200);
    // The back office shows the line's length: the guest, the Spanish neighbour and the member, for any size.
    const backOffice = await Client.text(await admin.get(`/admin/products/${productId}`));
    expect(/data-testid="notify-line"[^>]*>([^<]*)</.exec(backOffice)?.[1]).toBe("3 people wait for a Notify me mail (3 for any size).");
  });

  it("mails the line when the drop opens, in each one's language; the stop link stops the rest", async () => {
    // The admin opens the drop at once: the pass runs now, in the server's job worker.
    await scheduleRelease("");
    const english = await mail.waitFor(guestEmail, /^Harlem Classic Tee is on sale now$/);
    expect(english.text).toContain(`${server.url}/shop/${SLUG}`);
    const spanish = await mail.waitFor(spanishEmail, /^Harlem Classic Tee ya está a la venta$/);
    expect(spanish.text).toContain(`${server.url}/es/shop/${SLUG}`);
    await mail.waitFor(customerEmail, /on sale now/);
    expect(mail.mails.filter((m) => m.to.includes("someone-else@example.test"))).toEqual([]);
    expect(mail.mails.filter((m) => m.to.includes(guestEmail))).toHaveLength(1);

    // The stop page: GET asks, POST stops; a made-up token is a 400 with a message, never a 500.
    const stop = linkIn(english, `${server.url}/alerts/stop?token=`);
    expect(english.headers["list-unsubscribe"]).toBe(`<${stop}>`);
    const reader = visitor();
    const asked = await reader.get(stop);
    expect(asked.status).toBe(200);
    expect(await Client.text(asked)).toContain("Stop alerts");
    const stopped = await reader.post(stop, { token: new URL(stop).searchParams.get("token")! });
    expect(stopped.status).toBe(200);
    expect(await Client.text(stopped)).toContain("You will get no more restock or drop alerts");

    const esStop = linkIn(spanish, `${server.url}/es/alerts/stop?token=`);
    // A mail provider's one-click POST (RFC 8058), from another origin, without cookies.
    const oneClick = await fetch(esStop, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }), headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" } });
    expect(oneClick.status).toBe(200);

    const made = await visitor().get(`/alerts/stop?token=${"A".repeat(43)}`);
    expect(made.status).toBe(400);
    expect(await Client.text(made)).toContain("This link is not valid. Use the link from the email as it was sent.");
    expect((await visitor().post(`/alerts/stop?token=nonsense`, { token: "nonsense" })).status).toBe(400);
  });
});
