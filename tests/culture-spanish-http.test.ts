import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedArticles } from "../db/seed/articles.ts";
import { seedArticlesEs, seedEventsEs, seedPlaylistsEs } from "../db/seed/culture-es.ts";
import { SEED_AUDIO_DIR, seedPlaylists } from "../db/seed/music.ts";
import { renderMarkdown } from "../core/articles/index.ts";
import { SEED_EVENTS } from "../db/seed/events.ts";
import { Client } from "./http-client.ts";
import { addToCartOverHttp, registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// The culture half in both languages, against the production build on the sample data: stories, events and
// playlists read in Spanish under /es and in English at their own addresses, a text without Spanish shows its
// English, and the back office's Spanish fields are saved with the rest of the form, audited, and shown.

let store: SeededStore;
let url: string;
const ADMIN = `cultura-boss-${Date.now()}@east-harlem.test`;
let admin: Client;

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  url = store.server.url;
  admin = new Client(url);
  await registerOverHttp(admin, ADMIN, "Cultura Boss");
}, 240_000);

afterAll(() => store?.stop());

/** As the page writes text: ampersands, quotes and angle brackets escaped. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** A body's first paragraph, as the page renders it (curly quotes and all). */
const firstParagraph = (markdown: string) => renderMarkdown(markdown.split("\n\n")[0]!).trim();
const page = async (path: string) => {
  const res = await new Client(url).get(path);
  expect(res.status, path).toBe(200);
  return Client.text(res);
};
const idIn = (location: string | null, pattern: RegExp) => Number(pattern.exec(location ?? "")![1]);
const audit = async (entity: string) => Client.text(await admin.get(`/admin/audit?entity=${entity}`));

describe("the sample culture in both languages", () => {
  const story = seedArticles.find((a) => a.slug === "from-cyphers-to-stages")!;
  const storyEs = seedArticlesEs[story.slug]!;

  it("a story reads in Spanish under /es: title, excerpt as its description, body and category; in English at its own address", async () => {
    const es = await page(`/es/culture/${story.slug}`);
    expect(es).toContain('lang="es"');
    expect(es).toContain(html(storyEs.title));
    expect(es).toContain(`<meta name="description" content="${html(storyEs.excerpt)}"`);
    expect(es).toContain(firstParagraph(storyEs.body));
    expect(es).toContain(">Música<");
    expect(es).toContain(story.author);
    expect(es).not.toContain(firstParagraph(story.body));
    expect(es).not.toContain(html(story.excerpt));

    const en = await page(`/culture/${story.slug}`);
    expect(en).toContain(html(story.title));
    expect(en).toContain(firstParagraph(story.body));
    expect(en).not.toContain(firstParagraph(storyEs.body));
    expect(en).not.toContain(html(storyEs.title));
  });

  it("a story and an event share a card in the page's language: its own address, alt text and picture", async () => {
    const paint = SEED_EVENTS.find((e) => e.slug === "paint-the-block-art-exhibition")!;
    for (const [path, englishTitle, spanishTitle] of [
      [`/culture/${story.slug}`, story.title, storyEs.title],
      [`/events/${paint.slug}`, paint.title, seedEventsEs[paint.slug]!.title],
    ] as const) {
      const card = (text: string) => ({
        image: /<meta property="og:image" content="([^"]+)"/.exec(text)![1]!.replace(/&amp;/g, "&"),
        alt: /<meta property="og:image:alt" content="([^"]+)"/.exec(text)![1]!,
      });
      const en = card(await page(path));
      const es = card(await page(`/es${path}`));
      expect(es.image).toMatch(/\.es\.png\?v=/);
      expect(en.image).not.toMatch(/\.es\.png/);
      expect(es.alt).toContain(html(spanishTitle));
      expect(en.alt).toContain(html(englishTitle));
      const [enPng, esPng] = await Promise.all([fetch(en.image), fetch(es.image)]);
      expect([enPng.status, esPng.status, esPng.headers.get("content-type")]).toEqual([200, 200, "image/png"]);
      expect(Buffer.from(await esPng.arrayBuffer()).equals(Buffer.from(await enPng.arrayBuffer()))).toBe(false);
    }
  });

  it("/es/culture lists every story in Spanish and the next free event with its Spanish texts", async () => {
    const es = await page("/es/culture");
    for (const a of seedArticles) {
      expect(es).toContain(html(seedArticlesEs[a.slug]!.title));
      expect(es).not.toContain(html(a.excerpt));
    }
    const paint = seedEventsEs["paint-the-block-art-exhibition"]!;
    expect(es).toContain(html(paint.title));
    expect(es).toContain(html(paint.description));
    expect(es).toContain(html(paint.timeLabel));

    const en = await page("/culture");
    for (const a of seedArticles) expect(en).toContain(html(a.title));
    expect(en).toContain("Paint the Block: Art Exhibition");
    expect(en).not.toContain(html(paint.description));
  });

  it("an event's page reads in Spanish under /es, its address and ticket type names as Spanish says them", async () => {
    const paint = SEED_EVENTS.find((e) => e.slug === "paint-the-block-art-exhibition")!;
    const paintEs = seedEventsEs[paint.slug]!;
    const es = await page(`/es/events/${paint.slug}`);
    for (const text of [paintEs.title, paintEs.kind, paintEs.timeLabel, paintEs.venue!, paintEs.description]) expect(es).toContain(html(text));
    expect(es).toContain(`<meta name="description" content="${html(paintEs.description.slice(0, 157))}`);
    expect(es).not.toContain(html(paint.description));
    expect(es).not.toContain(`content="${url}/events/${paint.slug}"`);

    const en = await page(`/events/${paint.slug}`);
    for (const text of [paint.title, paint.kind, paint.timeLabel, paint.venue, paint.description]) expect(en).toContain(html(text));
    expect(en).not.toContain(html(paintEs.description));

    const live = SEED_EVENTS.find((e) => e.slug === "rooftop-frequencies-live-session")!;
    const liveEs = await page(`/es/events/${live.slug}`);
    expect(liveEs).toContain(html(seedEventsEs[live.slug]!.description));
    // A street address has no Spanish: it stays as written.
    expect(liveEs).toContain(html(live.venue));
    expect([...liveEs.matchAll(/<h3 class="text-lg font-bold">([^<]+)<\/h3>/g)].map((m) => m[1])).toEqual(["General", "VIP"]);
  });

  it("/es/music shows the playlists in Spanish; the mix keeps its name and the tracks theirs", async () => {
    const es = await page("/es/music");
    for (const p of seedPlaylists) {
      const spanish = seedPlaylistsEs[p.slug]!;
      expect(es).toContain(html(spanish.title ?? p.title));
      expect(es).toContain(html(spanish.description));
      expect(es).not.toContain(html(p.description));
    }
    expect(es).toContain("Uptown After Dark");
    expect(es).toContain("Rooftop Intro");
    expect(es).toContain(html(seedEventsEs["rooftop-frequencies-live-session"]!.title));

    const en = await page("/music");
    for (const p of seedPlaylists) {
      expect(en).toContain(html(p.title));
      expect(en).toContain(html(p.description));
    }
    expect(en).not.toContain("Clásicos de Harlem");
  });
});

describe("the back office's Spanish fields", () => {
  it("a story: untranslated it reads in English under /es; its Spanish texts are saved with it, audited, and shown text by text", async () => {
    const english = {
      title: `Stoop Talk ${Date.now()}`,
      slug: "",
      category: "Community",
      author: "Test Writer",
      excerpt: "What the neighbors say on the stoop at night.",
      body: "Every evening the stoop fills up with folding chairs.",
      imageSrc: "/images/article-1.svg",
      imageAlt: "A brownstone stoop.",
    };
    const created = await admin.post("/admin/articles/new", { intent: "save", ...english });
    expect(created.status).toBe(302);
    const id = idIn(created.headers.get("location"), /\/admin\/articles\/(\d+)/);
    expect((await admin.post("/admin/articles", { id: String(id), intent: "publish" })).status).toBe(200);
    const slug = /\/culture\/([a-z0-9-]+)/.exec(await Client.text(await admin.get(`/admin/articles/${id}`)))![1]!;

    // No Spanish at all: the Spanish page is the English story (in the Spanish page's frame).
    const untranslated = await page(`/es/culture/${slug}`);
    expect(untranslated).toContain('lang="es"');
    expect(untranslated).toContain(html(english.title));
    expect(untranslated).toContain(html(english.body));

    const saved = await admin.post(`/admin/articles/${id}`, {
      intent: "save",
      ...english,
      slug,
      titleEs: "Charla en el stoop",
      categoryEs: "Comunidad",
      bodyEs: "Todas las tardes el stoop se llena de sillas plegables.",
    });
    expect(saved.status).toBe(302);
    const es = await page(`/es/culture/${slug}`);
    expect(es).toContain("Charla en el stoop");
    expect(es).toContain("Todas las tardes el stoop se llena de sillas plegables.");
    expect(es).toContain(">Comunidad<");
    // The excerpt has no Spanish: its English shows.
    expect(es).toContain(html(english.excerpt));
    const en = await page(`/culture/${slug}`);
    expect(en).toContain(html(english.body));
    expect(en).not.toContain("Charla en el stoop");

    const form = await Client.text(await admin.get(`/admin/articles/${id}`));
    expect(form).toContain('value="Charla en el stoop"');
    expect(form).toContain("Todas las tardes el stoop se llena de sillas plegables.</textarea>");
    const log = await audit("article");
    expect(log).toContain("titleEs");
    expect(log).toContain("Charla en el stoop");

    const tooLong = await admin.post(`/admin/articles/${id}`, { intent: "save", ...english, slug, titleEs: "x".repeat(161) });
    expect(tooLong.status).toBe(400);
    expect(await Client.text(tooLong)).toContain("The Spanish title is too long (at most 160 characters).");
  });

  it("an event and a ticket type: Spanish texts and name saved, audited, and shown on the event page and in the cart", async () => {
    const slug = `noche-de-prueba-${Date.now()}`;
    const event = {
      slug,
      title: "Test Night: Live Session",
      kind: "Live Session",
      timeLabel: "Doors",
      description: "Two DJs and a live band on the roof.",
      startsAt: "2099-06-15T20:00",
      endsAt: "2099-06-15T23:00",
      venue: "A rooftop off Lexington",
      image: "/images/event-june-15.svg",
      imageAlt: "A poster.",
      capacity: "50",
      mode: "tickets",
      partySizeLimit: "1",
      published: "on",
    };
    const created = await admin.post("/admin/events", event);
    expect(created.status).toBe(302);
    const id = idIn(created.headers.get("location"), /\/admin\/events\/(\d+)/);
    expect((await admin.post(`/admin/events/${id}`, { intent: "add-type", name: "Early Bird", price: "15", seats: "20", nameEs: "Preventa" })).status).toBe(302);

    // The event has no Spanish yet: its English texts show on /es; the ticket type has its Spanish name.
    const before = await page(`/es/events/${slug}`);
    expect(before).toContain(html(event.description));
    expect(before).toContain(">Preventa</h3>");
    expect(await page(`/events/${slug}`)).toContain(">Early Bird</h3>");

    const saved = await admin.post(`/admin/events/${id}`, {
      intent: "save",
      ...event,
      titleEs: "Noche de prueba: sesión en vivo",
      descriptionEs: "Dos DJs y una banda en vivo en la azotea.",
      venueEs: "Una azotea cerca de la Lexington",
    });
    expect(saved.status).toBe(302);
    const es = await page(`/es/events/${slug}`);
    for (const text of ["Noche de prueba: sesión en vivo", "Dos DJs y una banda en vivo en la azotea.", "Una azotea cerca de la Lexington"]) expect(es).toContain(text);
    expect(es).not.toContain(html(event.description));
    expect(es).toContain(">Doors<");

    // The cart names the ticket line in the page's language.
    const variantId = Number(/name="variantId" value="(\d+)"/.exec(es)![1]);
    const shopper = new Client(url);
    expect((await addToCartOverHttp(shopper, variantId, 2)).status).toBeLessThan(400);
    const cartEs = await Client.text(await shopper.get("/es/cart"));
    expect(cartEs).toContain("Noche de prueba: sesión en vivo");
    expect(cartEs).toContain("Entrada Preventa");
    const cartEn = await Client.text(await shopper.get("/cart"));
    expect(cartEn).toContain("Test Night: Live Session");
    expect(cartEn).toContain("Early Bird ticket");

    const variantPage = await Client.text(await admin.get(`/admin/events/${id}`));
    expect(variantPage).toContain('value="Preventa"');
    expect(variantPage).toContain('value="Noche de prueba: sesión en vivo"');
    expect((await admin.post(`/admin/events/${id}`, { intent: "save-type", variantId: String(variantId), price: "15", seats: "18", nameEs: "" })).status).toBe(302);
    expect(await page(`/es/events/${slug}`)).toContain(">Early Bird</h3>");
    const log = await audit("event");
    for (const text of ["descriptionEs", "Dos DJs y una banda en vivo en la azotea.", "nameEs", "Preventa"]) expect(log).toContain(text);

    const tooLong = await admin.post(`/admin/events/${id}`, { intent: "save", ...event, kindEs: "x".repeat(41) });
    expect(tooLong.status).toBe(400);
    expect(await Client.text(tooLong)).toContain("The Spanish kind may be at most 40 characters.");
  });

  it("a playlist: untranslated it reads in English on /es/music; its Spanish texts are saved, audited and shown", async () => {
    const title = `Late Night Loops ${Date.now()}`;
    const english = { title, slug: "", label: "", description: "Slow beats for the walk home.", coverSrc: "/images/playlist-2.svg", coverAlt: "A microphone in a dark basement." };
    const created = await admin.post("/admin/music", { intent: "create", ...english });
    expect(created.status).toBe(302);
    const id = idIn(created.headers.get("location"), /\/admin\/music\/(\d+)/);
    const body = new FormData();
    body.append("intent", "upload");
    body.append("title", "Walk Home");
    body.append("artist", "DJ Lex Ave");
    body.append("file", new Blob([fs.readFileSync(path.join(SEED_AUDIO_DIR, "underground-2.mp3"))], { type: "audio/mpeg" }), "walk-home.mp3");
    expect((await admin.send(`/admin/music/${id}/tracks`, { method: "POST", body, headers: { Origin: url, Accept: "text/html" } })).status).toBe(302);

    const before = await page("/es/music");
    expect(before).toContain(html(title));
    expect(before).toContain(html(english.description));

    // An empty address is made from the title again: the same one.
    const slug = "";
    const saved = await admin.post(`/admin/music/${id}`, { intent: "update", ...english, slug, titleEs: "Loops de madrugada", descriptionEs: "Beats lentos para el camino a casa." });
    expect(saved.status).toBe(302);
    const es = await page("/es/music");
    expect(es).toContain("Loops de madrugada");
    expect(es).toContain("Beats lentos para el camino a casa.");
    expect(es).toContain("Walk Home");
    const en = await page("/music");
    expect(en).toContain(html(title));
    expect(en).not.toContain("Loops de madrugada");
    const log = await audit("playlist");
    expect(log).toContain("titleEs");
    expect(log).toContain("Loops de madrugada");

    const tooLong = await admin.post(`/admin/music/${id}`, { intent: "update", ...english, slug, descriptionEs: "x".repeat(401) });
    expect(tooLong.status).toBe(400);
    expect(await Client.text(tooLong)).toContain("The Spanish description may be at most 400 characters.");
  });
});
