import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instantToStoreLocal } from "../core/shared/dates.ts";
import { seedCatalogue } from "../db/seed/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { Client } from "./http-client.ts";
import { addToCartOverHttp, checkoutFields, openCheckout, registerOverHttp, SHOPPER_PASSWORD, submitCheckout } from "./http-shopper.ts";
import { linkIn, startMailCatcher } from "./mail-catcher.ts";
import { ensureBuild, seededDataDir, startServer, type RunningServer } from "./server.ts";

/*
 * Raffles over HTTP (issue 18, ADR 0035): the back office saves a raffle (field errors, an audit row); the
 * product page's entry form works without JavaScript, in English and Spanish; nobody adds the product to a
 * cart; the draw runs as the store's own job when entries close, the winners' mail leaves by SMTP, and the
 * link in it buys the held unit through checkout.
 */

let database: TestDatabase | undefined;
let server: RunningServer;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const ADMIN = `raffle-boss-${Date.now()}@east-harlem.test`;
const SLUG = "harlem-classic-tee";
const NAME = "Harlem Classic Tee";
let admin: Client;
let productId = "";
let counter = 0;
const newEmail = (tag: string) => `${tag}${++counter}-${Date.now()}@east-harlem.test`;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The raffle section's status line as the page shows it. */
const statusLine = (html: string) => /data-testid="raffle"[\s\S]*?role="status"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
const optionsOf = (html: string) => [...(/data-testid="raffle"[\s\S]*?<select[^>]*name="variant"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "").matchAll(/<option value="(\d+)"/g)].map((m) => m[1]!);

/** The product's variant ids, as the back office lists them. */
async function variantIds(): Promise<string[]> {
  const page = await Client.text(await admin.get(`/admin/products/${productId}`));
  return [...new Set([...page.matchAll(/name="variantId" value="(\d+)"/g)].map((m) => m[1]!))];
}

/** Signs up through the sign-up form of a language (the account speaks it), then follows the mail's verification link. */
async function verifiedShopper(email: string, lang: "en" | "es" = "en"): Promise<Client> {
  const client = new Client(server.url);
  const res = await client.post(lang === "es" ? "/es/login" : "/login", {
    intent: "register",
    email,
    password: SHOPPER_PASSWORD,
    confirmPassword: SHOPPER_PASSWORD,
    acceptTerms: "on",
    displayName: "Raffle Fan",
    redirectTo: "/",
  });
  await res.arrayBuffer();
  expect(res.status).toBe(302);
  const verification = await mail.waitFor(email, /./);
  const link = linkIn(verification, `${server.url}/api/auth/verify-email`);
  const verified = await client.get(link.slice(server.url.length));
  await verified.arrayBuffer();
  expect([200, 302]).toContain(verified.status);
  return client;
}

beforeAll(async () => {
  ensureBuild();
  mail = await startMailCatcher();
  const env: Record<string, string> = { SMTP_URL: mail.url, ADMIN_EMAILS: ADMIN };
  if (usingPostgres()) {
    database = await createTestDatabase();
    await seedCatalogue(database.db);
    server = await startServer({ ...env, DATABASE_URL: database.url! });
  } else {
    server = await startServer({ ...env, DATA_DIR: seededDataDir("store-raffle-") });
  }
  admin = new Client(server.url);
  await registerOverHttp(admin, ADMIN, "Raffle Boss");
  const listed = await Client.text(await admin.get(`/admin/products?q=${encodeURIComponent(NAME)}`));
  productId = /href="\/admin\/products\/(\d+)"/.exec(listed)![1]!;
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await mail?.close();
});

describe("a raffle over HTTP", () => {
  const english = newEmail("fan");
  const spanish = newEmail("vecina");
  let closesAt = 0;
  let enClient: Client;
  let esClient: Client;

  it("the back office refuses a bad window beside its fields, then saves the raffle with an audit row", async () => {
    const bad = await admin.post(`/admin/products/${productId}/raffle`, { opensAt: "2026-12-01T20:00", closesAt: "2026-12-01T10:00", claimHours: "500" });
    expect(bad.status).toBe(400);
    const refused = await Client.text(bad);
    expect(refused).toContain("Entries must close after they open.");
    expect(refused).toContain("Enter the hours a winner has to buy, a whole number from 1 to 168.");
    expect(refused).toContain('aria-invalid="true"');

    // Entries close in a little while: the store's own job draws then.
    closesAt = Date.now() + 20_000;
    const saved = await admin.post(`/admin/products/${productId}/raffle`, {
      opensAt: instantToStoreLocal(new Date(Date.now() - 3_600_000)),
      closesAt: instantToStoreLocal(new Date(closesAt)),
      claimHours: "24",
    });
    expect(saved.status).toBe(302);
    const page = await Client.text(await admin.get(`/admin/products/${productId}/raffle?done=saved`));
    expect(page).toContain("The raffle was saved.");
    const audit = await Client.text(await admin.get("/admin/audit"));
    expect(audit).toMatch(/raffle/);
    // The back office's list of raffles, linked from the dashboard.
    expect(await Client.text(await admin.get("/admin"))).toContain('href="/admin/raffles"');
    const list = await Client.text(await admin.get("/admin/raffles"));
    expect(list).toMatch(new RegExp(`<a[^>]*href="/admin/products/${productId}/raffle"[^>]*>${NAME}</a>`));
    expect(list).toContain("Taking entries");
  });

  it("a guest sees the window, the published seed hash and a sign-in link, on a page never kept; nobody can add it to a cart", async () => {
    const res = await new Client(server.url).get(`/shop/${SLUG}`);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const page = await Client.text(res);
    expect(page).toContain("This drop is sold by raffle");
    expect(page).toMatch(/Entries close [A-Z][a-z]+ \d+, \d{4}, \d+:\d{2} [AP]M ET\./);
    expect(page).toMatch(/data-testid="raffle-seed-hash">[0-9a-f]{64}</);
    expect(page).toContain(`href="/login?redirectTo=${encodeURIComponent(`/shop/${SLUG}`)}"`);
    expect(page).not.toContain('data-testid="raffle-seed"');
    // Search engines are told it cannot simply be bought: limited, not in stock.
    expect(page).toContain('"availability":"https://schema.org/LimitedAvailability"');
    expect(page).not.toContain('"availability":"https://schema.org/InStock"');

    const guest = new Client(server.url);
    const someVariant = Number((await variantIds())[0]);
    const web = await addToCartOverHttp(guest, someVariant);
    expect(web.status).toBe(409);
    expect(await Client.text(web)).toContain(`${NAME} is sold by raffle.`);
    const api = await fetch(`${server.url}/api/v1/cart/items`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ variantId: someVariant, quantity: 1 }) });
    expect(api.status).toBe(409);
    expect(JSON.stringify(await api.json())).toContain("cart.raffle_only");
    const shown = (await (await fetch(`${server.url}/api/v1/products/${SLUG}`)).json()) as { byRaffle: boolean };
    expect(shown.byRaffle).toBe(true);
    const es = await new Client(server.url).post("/es/cart", { intent: "add", variantId: String(someVariant), quantity: "1" });
    expect(await Client.text(es)).toContain(`${NAME} se vende por sorteo.`);
    // The shop's card leads to the entry form instead of a quick add.
    const listing = await Client.text(await new Client(server.url).get(`/shop?q=${encodeURIComponent(NAME)}`));
    expect(listing).toMatch(new RegExp(`<a[^>]*href="/shop/${SLUG}"[^>]*>Raffle</a>`));
  });

  it("the entry form works without JavaScript: unverified refused, one entry per account, in English and Spanish", async () => {
    const unverified = new Client(server.url);
    await registerOverHttp(unverified, newEmail("unverified"));
    const page = await Client.text(await unverified.get(`/shop/${SLUG}`));
    expect(page).toContain("Verify your email address to enter the raffle.");
    expect(page).toMatch(/<a[^>]*href="\/profile"[^>]*>Resend Email Verification<\/a>/);
    const variants = await variantIds();
    expect(variants.length).toBeGreaterThan(1);
    const refused = await unverified.post(`/shop/${SLUG}`, { intent: "raffle", variant: variants[0]! });
    expect(refused.status).toBe(403);
    expect(statusLine(await Client.text(refused))).toBe("Verify your email address to enter the raffle. We sent you a link when you signed up.");

    enClient = await verifiedShopper(english);
    const form = await Client.text(await enClient.get(`/shop/${SLUG}`));
    expect(optionsOf(form)).toEqual(variants);
    expect(form).toMatch(/<input type="hidden" name="intent" value="raffle"\/>/);
    expect(form).toMatch(/<label for="[^"]+-size"[^>]*>Size<\/label>/);
    const bad = await enClient.post(`/shop/${SLUG}`, { intent: "raffle", variant: "x" });
    expect(bad.status).toBe(400);
    expect(statusLine(await Client.text(bad))).toBe("Please choose a size from the list.");
    const entered = await enClient.post(`/shop/${SLUG}`, { intent: "raffle", variant: variants[0]! });
    expect(entered.status).toBe(200);
    const enteredLine = statusLine(await Client.text(entered));
    expect(enteredLine).toMatch(/^You're in\. Your entry code is [A-Z2-9]{10} \(.+\)\.$/);
    const code = /code is ([A-Z2-9]{10})/.exec(enteredLine)![1]!;
    const again = await enClient.post(`/shop/${SLUG}`, { intent: "raffle", variant: variants[1]! });
    expect(statusLine(await Client.text(again))).toBe(`You already entered: your entry ${code} stands. One entry per account.`);

    esClient = await verifiedShopper(spanish, "es");
    // The same size (the first: in stock), so both win and both are mailed.
    const es = await esClient.post(`/es/shop/${SLUG}`, { intent: "raffle", variant: variants[0]! });
    expect(es.status).toBe(200);
    expect(statusLine(await Client.text(es))).toMatch(/^Ya participas\. Tu código de participación es [A-Z2-9]{10} \(.+\)\.$/);
    expect(await Client.text(await esClient.get(`/es/shop/${SLUG}`))).toContain("La inscripción cierra el");
  });

  it("the draw runs when entries close; the win mail leaves by SMTP in each one's language; anyone can check the draw", async () => {
    await new Promise((r) => setTimeout(r, Math.max(0, closesAt - Date.now())));
    const deadline = Date.now() + 60_000;
    while (!mail.mails.some((m) => m.to.includes(spanish.toLowerCase()) && /sorteo/.test(m.subject)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const won = await mail.waitFor(english, /You won/);
    expect(won.subject).toBe(`You won the ${NAME} raffle`);
    expect(won.text).toContain("Buy it by ");
    const ganado = await mail.waitFor(spanish, /sorteo/);
    expect(ganado.subject).toBe(`Ganaste el sorteo de ${NAME}`);
    expect(linkIn(ganado, `${server.url}/es/raffles/claim/`)).toMatch(/\/es\/raffles\/claim\/[A-Za-z0-9_-]{43}$/);

    const page = await Client.text(await new Client(server.url).get(`/shop/${SLUG}`));
    const seed = /data-testid="raffle-seed">([0-9a-f]{64})</.exec(page)![1]!;
    const hash = /data-testid="raffle-seed-hash">([0-9a-f]{64})</.exec(page)![1]!;
    expect(sha256(seed)).toBe(hash);
    const ranking = [.../data-testid="raffle-ranking"[^>]*>([\s\S]*?)<\/ol>/.exec(page)![1]!.matchAll(/<li>([A-Z2-9]{10})<\/li>/g)].map((m) => m[1]!);
    expect(ranking).toHaveLength(2);
    expect(ranking).toEqual([...ranking].sort((a, b) => (sha256(`${seed}:${a}`) < sha256(`${seed}:${b}`) ? -1 : 1)));
    expect(await Client.text(await enClient.get(`/shop/${SLUG}`))).toMatch(/Your entry [A-Z2-9]{10} won! Check your email/);
  }, 120_000);

  it("the link in the mail buys the held unit: only for the account that entered, once", async () => {
    const won = await mail.waitFor(english, /You won/);
    const path = linkIn(won, `${server.url}/raffles/claim/`).slice(server.url.length);

    const guestPage = await Client.text(await new Client(server.url).get(path));
    expect(guestPage).toContain("Sign in to buy it");
    expect(await Client.text(await esClient.get(path))).toContain("This purchase link belongs to another account.");
    expect((await new Client(server.url).get("/raffles/claim/not-a-token")).status).toBe(404);

    const page = await Client.text(await enClient.get(path));
    expect(page).toMatch(/Your entry [A-Z2-9]{10} won Harlem Classic Tee \(.+\)\. One is held for you until/);
    const claimed = await enClient.post(path, {});
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get("location")).toBe("/checkout");
    const key = await openCheckout(enClient);
    const paid = await submitCheckout(enClient, checkoutFields(key, { name: "Raffle Fan", email: english }));
    expect(paid.kind).toBe("paid");
    expect(await Client.text(await enClient.get(path))).toContain("This raffle win is already in a checkout or bought.");
  });

  it("a raffle whose window has passed with no entries is drawn at once and finished: the product sells as usual, and the draw can be checked", async () => {
    const listed = await Client.text(await admin.get(`/admin/products?q=${encodeURIComponent("Vintage Barrio Tee")}`));
    const otherId = /href="\/admin\/products\/(\d+)"/.exec(listed)![1]!;
    const saved = await admin.post(`/admin/products/${otherId}/raffle`, {
      opensAt: instantToStoreLocal(new Date(Date.now() - 2 * 3_600_000)),
      closesAt: instantToStoreLocal(new Date(Date.now() - 3_600_000)),
      claimHours: "2",
    });
    expect(saved.status).toBe(302);
    const deadline = Date.now() + 20_000;
    const read = async () => Client.text(await new Client(server.url).get("/shop/vintage-barrio-tee"));
    let page = await read();
    while (!page.includes("the raffle is over") && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      page = await read();
    }
    expect(page).toContain("This drop was sold by raffle, and the raffle is over: what is left sells as usual.");
    expect(page).toContain("Add to Cart");
    expect(page).toContain('"availability":"https://schema.org/InStock"');
    const seed = /data-testid="raffle-seed">([0-9a-f]{64})</.exec(page)![1]!;
    expect(sha256(seed)).toBe(/data-testid="raffle-seed-hash">([0-9a-f]{64})</.exec(page)![1]);
    const back = await Client.text(await admin.get(`/admin/products/${otherId}/raffle`));
    expect(back).toContain("Entries (0)");
    expect(back).not.toContain("Save raffle");
  }, 60_000);
});
