import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_MESSAGES } from "./messages.ts";
import spanishNewsletter from "../texts/messages/es/newsletter.json";
import { seedCatalogue } from "../db/seed/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { linkIn, startMailCatcher, type CaughtMail } from "./mail-catcher.ts";
import { ensureBuild, seededDataDir, startServer, type RunningServer } from "./server.ts";

// The newsletter over HTTP against the production server: the boxes' form, the mailed links, the back
// office's send, and the one-click unsubscribe as a mail provider posts it (from its own servers, no session).
let server: RunningServer;
let database: TestDatabase | undefined;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const ADMIN = `editor-${Date.now()}@east-harlem.test`;

beforeAll(async () => {
  ensureBuild();
  mail = await startMailCatcher();
  const env: Record<string, string> = { SMTP_URL: mail.url, ADMIN_EMAILS: ADMIN, TRUSTED_PROXIES: "127.0.0.1" };
  if (usingPostgres()) {
    database = await createTestDatabase();
    await seedCatalogue(database.db);
    server = await startServer({ ...env, DATABASE_URL: database.url! });
  } else {
    server = await startServer({ ...env, DATA_DIR: seededDataDir("store-newsletter-") });
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await mail?.close();
});

let counter = 0;
const newEmail = () => `listener${++counter}-${Date.now()}@east-harlem.test`;
/** Each sign-up from its own client address (the server trusts X-Forwarded-For from 127.0.0.1), so the per-client throttle stays out of the way. */
const visitor = () => new Client(server.url, undefined, { "X-Forwarded-For": `198.51.100.${++counter % 250}` });

/** The subscribe box's message as the page shows it. */
async function boxMessage(res: Response): Promise<string> {
  const html = await Client.text(res);
  return /id="newsletter-page-message"[^>]*>([^<]*)</.exec(html)?.[1] ?? "";
}

async function confirmedSubscriber(email: string): Promise<void> {
  const res = await visitor().post("/newsletter", { email, source: "footer" });
  expect(res.status).toBe(200);
  const confirmation = await mail.waitFor(email, /Confirm your East Harlem newsletter subscription/);
  const link = linkIn(confirmation, `${server.url}/newsletter/confirm?token=`);
  const c = visitor();
  expect(await Client.text(await c.get(link))).toContain("Confirm subscription");
  const done = await c.post(link, { token: new URL(link).searchParams.get("token")! });
  expect(await Client.text(done)).toContain(NEWSLETTER_MESSAGES.confirmed);
}

async function sendNewsletter(subject: string): Promise<void> {
  const admin = new Client(server.url);
  await registerOverHttp(admin, ADMIN).catch(async () => {
    const res = await admin.post("/login", { intent: "signin", email: ADMIN, password: "uptown-2024", redirectTo: "/" });
    await res.arrayBuffer();
  });
  const preview = await admin.post("/admin/newsletter", { subject, body: "New drop Friday.\n\n- Tees\n- Caps" });
  expect(preview.status).toBe(200);
  expect(await Client.text(preview)).toContain(`Send "${subject}" to`);
  const sent = await admin.post("/admin/newsletter", { subject, body: "New drop Friday.\n\n- Tees\n- Caps", confirmed: "yes" });
  expect(sent.status).toBe(302);
  expect(sent.headers.get("location")).toBe("/admin/newsletter?done=sent");
}

const unsubscribeLinkOf = (m: CaughtMail) => /^<([^>]+)>$/.exec(m.headers["list-unsubscribe"] ?? "")?.[1] ?? "";

describe("the subscribe box without JavaScript", () => {
  it("answers every accepted address with the same message: new, waiting, subscribed", async () => {
    const fresh = newEmail();
    const first = await visitor().post("/newsletter", { email: fresh, source: "shop" });
    expect(first.status).toBe(200);
    expect(await boxMessage(first)).toBe(NEWSLETTER_MESSAGES.checkInbox);
    expect(await boxMessage(await visitor().post("/newsletter", { email: fresh, source: "shop" }))).toBe(NEWSLETTER_MESSAGES.checkInbox);
    const known = newEmail();
    await confirmedSubscriber(known);
    const again = await visitor().post("/newsletter", { email: known.toUpperCase(), source: "footer" });
    expect(again.status).toBe(200);
    expect(await boxMessage(again)).toBe(NEWSLETTER_MESSAGES.checkInbox);
    // The fetcher's answer is the same too.
    const enhanced = await visitor().post("/newsletter.data", { email: known, source: "footer" });
    expect(enhanced.status).toBe(200);
    expect(await enhanced.text()).toContain(NEWSLETTER_MESSAGES.checkInbox);
  });

  it("refuses a bad address with the spec's message (400), and a throttled client with 429", async () => {
    const bad = await visitor().post("/newsletter", { email: "not-an-address", source: "shop" });
    expect(bad.status).toBe(400);
    expect(await boxMessage(bad)).toBe("Please enter a valid email address.");
    const one = new Client(server.url, undefined, { "X-Forwarded-For": "203.0.113.66" });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await one.post("/newsletter", { email: newEmail(), source: "footer" })).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const refused = await one.post("/newsletter", { email: newEmail(), source: "footer" });
    expect(refused.status).toBe(429);
    expect(await Client.text(refused)).toContain(NEWSLETTER_MESSAGES.tooManyRequests);
  });
});

describe("a newsletter and its one-click unsubscribe", () => {
  it("reaches confirmed subscribers only; the List-Unsubscribe POST works from another site without a session (answered before the origin checks); GET changes nothing; a forged token is refused", async () => {
    const subscriber = newEmail();
    await confirmedSubscriber(subscriber);
    const waiting = newEmail();
    await visitor().post("/newsletter", { email: waiting, source: "shop" });
    const subject = `Friday drop ${Date.now()}`;
    await sendNewsletter(subject);
    const letter = await mail.waitFor(subscriber, new RegExp(subject));
    expect(letter.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const url = unsubscribeLinkOf(letter);
    expect(url).toMatch(new RegExp(`^${server.url}/newsletter/unsubscribe\\?token=`));
    expect(letter.text).toContain(url);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mail.mails.filter((m) => m.to.includes(waiting) && m.subject === subject)).toHaveLength(0);

    // A link scanner's GET: the page offers the button, the address stays subscribed.
    const looked = await fetch(url);
    expect(looked.status).toBe(200);
    const offer = (await Client.text(looked)).replace(/<[^>]+>/g, "");
    expect(offer).toContain(`Stop sending the East Harlem newsletter to ${subscriber}?`);

    const token = new URL(url).searchParams.get("token")!;
    const [id, signature] = token.split(".");
    const forged = `${server.url}/newsletter/unsubscribe?token=${Number(id) + 1}.${signature}`;
    const oneClick = (target: string) =>
      fetch(target, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example", "Sec-Fetch-Site": "cross-site" }, redirect: "manual" });
    expect((await oneClick(forged)).status).toBe(400);

    const res = await oneClick(url);
    expect(res.status).toBe(200);
    expect(await Client.text(res)).toContain(NEWSLETTER_MESSAGES.unsubscribed);
    expect(await Client.text(await fetch(url))).toContain("You're unsubscribed");

    // The exemption is this address's alone: the subscribe form still refuses another site's post.
    const crossSite = await fetch(`${server.url}/newsletter`, { method: "POST", body: `email=${encodeURIComponent(newEmail())}`, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);

    const next = `Next drop ${Date.now()}`;
    await sendNewsletter(next);
    await new Promise((r) => setTimeout(r, 2500));
    expect(mail.mails.filter((m) => m.to.includes(subscriber) && m.subject === next)).toHaveLength(0);
  });
});

describe("an account's Settings switch", () => {
  const switchOn = (html: string) => /<input[^>]*id="emailNewsletter"[^>]*>/.exec(html)![0].includes("checked");

  it("shows the subscription: on after confirming, off after unsubscribing by the mail's token", async () => {
    const email = newEmail();
    const shopper = new Client(server.url);
    await registerOverHttp(shopper, email);
    expect(switchOn(await Client.text(await shopper.get("/settings")))).toBe(false);
    const saved = await shopper.post("/settings", { intent: "preferences", theme: "auto", language: "en", currency: "USD", emailOrderUpdates: "on", emailNewsletter: "on" });
    expect(saved.status).toBe(200);
    // The address is not verified yet: a confirmation link, and the switch says it waits for it.
    const settings = await Client.text(await shopper.get("/settings"));
    expect(switchOn(settings)).toBe(true);
    expect(settings).toContain(`Waiting for you to confirm: we sent a link to ${email}.`);
    const confirmation = await mail.waitFor(email, /Confirm your East Harlem newsletter subscription/);
    const link = linkIn(confirmation, `${server.url}/newsletter/confirm?token=`);
    await visitor().post(link, { token: new URL(link).searchParams.get("token")! });
    expect(await Client.text(await shopper.get("/settings"))).not.toContain("Waiting for you to confirm");

    const subject = `Members ${Date.now()}`;
    await sendNewsletter(subject);
    const letter = await mail.waitFor(email, new RegExp(subject));
    const res = await fetch(unsubscribeLinkOf(letter), { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    expect(switchOn(await Client.text(await shopper.get("/settings")))).toBe(false);
  });
});

describe("a newsletter written in English and Spanish", () => {
  async function spanishSubscriber(email: string): Promise<void> {
    expect((await visitor().post("/es/newsletter", { email, source: "footer" })).status).toBe(200);
    const confirmation = await mail.waitFor(email, /Confirma tu suscripción/);
    const link = linkIn(confirmation, `${server.url}/es/newsletter/confirm?token=`);
    const done = await visitor().post(link, { token: new URL(link).searchParams.get("token")! });
    expect(await Client.text(done)).toContain(spanishNewsletter["newsletter.message.confirmed"]);
  }

  it("is composed in the back office, checked both or neither, and reaches each subscriber in theirs with the unsubscribe page in theirs", async () => {
    const [hablante, speaker] = [newEmail(), newEmail()];
    await spanishSubscriber(hablante);
    await confirmedSubscriber(speaker);
    const admin = new Client(server.url);
    await registerOverHttp(admin, ADMIN).catch(async () => (await admin.post("/login", { intent: "signin", email: ADMIN, password: "uptown-2024", redirectTo: "/" })).arrayBuffer());
    const stamp = Date.now();
    const form = { subject: `Rooftop jam ${stamp}`, body: "Saturday on the **roof**.", subjectEs: `Fiesta en la azotea ${stamp}`, bodyEs: "El sábado en la **azotea**." };

    // Half a Spanish version is refused next to the field it lacks, and nothing is sent.
    const half = await admin.post("/admin/newsletter", { ...form, bodyEs: "" });
    expect(half.status).toBe(400);
    expect(await Client.text(half)).toContain(NEWSLETTER_MESSAGES.spanishBodyRequired);
    const preview = await admin.post("/admin/newsletter", form);
    expect(preview.status).toBe(200);
    const shown = await Client.text(preview);
    expect(shown).toContain(form.subjectEs);
    expect(shown).toContain("Spanish preview");
    const sent = await admin.post("/admin/newsletter", { ...form, confirmed: "yes" });
    expect(sent.status).toBe(302);

    const spanish = await mail.waitFor(hablante, new RegExp(form.subjectEs));
    expect(spanish.text).toContain("El sábado en la azotea.");
    const url = unsubscribeLinkOf(spanish);
    expect(url).toMatch(new RegExp(`^${server.url}/es/newsletter/unsubscribe\\?token=`));
    expect(spanish.text).toContain(url);
    const english = await mail.waitFor(speaker, new RegExp(form.subject));
    expect(english.text).toContain("Saturday on the roof.");
    expect(unsubscribeLinkOf(english)).toMatch(new RegExp(`^${server.url}/newsletter/unsubscribe\\?token=`));

    // The Spanish address takes the mail provider's one-click POST as the English one does.
    const res = await fetch(url, { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example", "Sec-Fetch-Site": "cross-site" }, redirect: "manual" });
    expect(res.status).toBe(200);
    // The page the link opens says so, in Spanish.
    expect(await Client.text(await fetch(url))).toContain(spanishNewsletter["newsletter.unsubscribe.done"]);
  });
});
