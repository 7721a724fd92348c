import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MESSAGES } from "./messages.ts";
import { SEED_AUDIO_DIR } from "../db/seed/music.ts";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// Pictures and deletes of the culture back office over HTTP, against the production build as its own process:
// an administrator uploads a photograph for a story through its page (a multipart form, as a browser without
// JavaScript sends it), the story page then shows it with its srcsets and /media serves it; a bad file is
// refused with the product uploads' message and the form keeps what was typed; stories, playlists and
// collections are deleted only after a confirm step, audited, and never by a customer.

let store: SeededStore;
let url: string;
const ADMIN = `culture-boss-${Date.now()}@east-harlem.test`;
let admin: Client;
let customer: Client;

async function png(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 13) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** The story form's fields as its page renders them (hidden and filled ones), by name. */
function storyFields(html: string): Record<string, string> {
  const read = (name: string) => {
    const input = new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`).exec(html);
    return decode(input?.[1] ?? input?.[2] ?? "");
  };
  const area = (name: string) => decode(new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html)?.[1] ?? "");
  const selected = decode(/<option[^>]*selected=""[^>]*value="([^"]*)"|<option value="([^"]*)" selected=""/.exec(html)?.slice(1).find(Boolean) ?? "/images/article-1.svg");
  return { title: read("title"), slug: read("slug"), category: read("category"), author: read("author"), imageAlt: read("imageAlt"), excerpt: area("excerpt"), body: area("body"), imageSrc: selected };
}

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

function multipart(c: Client, page: string, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append("photo", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return c.send(page, { method: "POST", body, headers: { Origin: url, Accept: "text/html" } });
}

/** The id of the first story on the back office's list whose title contains `title`. */
async function storyId(title: string): Promise<number> {
  const html = await Client.text(await admin.get("/admin/articles"));
  const at = html.indexOf(title);
  const ids = [...html.slice(0, at).matchAll(/\/admin\/articles\/(\d+)/g)];
  return Number(ids[ids.length - 1]![1]);
}

const auditPage = async (entity: string) => Client.text(await admin.get(`/admin/audit?entity=${entity}`));

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  url = store.server.url;
  admin = new Client(url);
  await registerOverHttp(admin, ADMIN, "Culture Boss");
  customer = new Client(url);
  await registerOverHttp(customer, `culture-shopper-${Date.now()}@east-harlem.test`);
}, 240_000);

afterAll(() => store?.stop());

describe("a story's photograph", () => {
  let id = 0;
  let page = "";
  let fields: Record<string, string> = {};

  beforeAll(async () => {
    id = await storyId("The Walls Speak");
    page = `/admin/articles/${id}`;
    fields = storyFields(await Client.text(await admin.get(page)));
    expect(fields.slug).toBe("the-walls-speak-murals-of-east-harlem");
  });

  it("is uploaded through the story's form, shown on the story page with srcsets and served from /media", async () => {
    const res = await multipart(admin, page, { ...fields, intent: "save", imageAlt: "A mural on 104th Street at dusk" }, { bytes: await png(1400, 900), name: "mural.png", type: "image/png" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${page}?done=saved`);

    const story = await Client.text(await customer.get(`/culture/${fields.slug}`));
    const webp = /srcSet="(\/media\/pictures\/[^"]+-320\.webp [^"]+)"/.exec(story)?.[1];
    expect(webp, "the story page's picture").toBeTruthy();
    expect(webp).toMatch(/-320\.webp 320w, .*-1280\.webp 1280w/);
    expect(story).toMatch(/<source type="image\/avif" srcSet="[^"]*\/media\/pictures\/[^"]*-640\.avif 640w/);
    expect(story).toContain('alt="A mural on 104th Street at dusk"');
    expect(story).toMatch(/width="1400" height="900"/);
    // The culture page's card shows it too.
    expect(await Client.text(await customer.get("/culture"))).toContain("/media/pictures/");

    const file = /\/media\/(pictures\/[A-Za-z0-9_-]+-640\.webp)/.exec(webp!)![1]!;
    const served = await customer.get(`/media/${file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toMatch(/immutable/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(640);

    // The save is audited with the picture it points at.
    expect(await auditPage("article")).toContain("pictureId");

    // Unticking "Show the uploaded photo" goes back to the drawn art; the photo's files are deleted.
    const back = await multipart(admin, page, { ...fields, intent: "save" });
    expect(back.status).toBe(302);
    const again = await Client.text(await customer.get(`/culture/${fields.slug}`));
    expect(again).not.toContain("/media/pictures/");
    expect((await customer.get(`/media/${file}`)).status).toBe(404);
  });

  it("refuses a file that is not a JPEG, PNG or WebP with the product uploads' message, keeping what the form held", async () => {
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c00" } }).gif().toBuffer();
    const res = await multipart(admin, page, { ...fields, intent: "save", title: "A title typed before the bad file" }, { bytes: gif, name: "mural.png", type: "image/png" });
    expect(res.status).toBe(415);
    const html = await Client.text(res);
    expect(html).toContain(MEDIA_MESSAGES.unsupportedType);
    expect(html).toMatch(/id="photo-error"/);
    expect(html).toContain('value="A title typed before the bad file"');
    // Nothing was saved.
    expect(await Client.text(await customer.get(`/culture/${fields.slug}`))).not.toContain("A title typed before the bad file");

    const text = await multipart(admin, page, { ...fields, intent: "save" }, { bytes: new TextEncoder().encode("not a picture at all"), name: "x.jpg", type: "image/jpeg" });
    expect(text.status).toBe(415);
  });

  it("is refused to a customer (403), who changes nothing", async () => {
    const res = await multipart(customer, page, { ...fields, intent: "save" }, { bytes: await png(400, 300), name: "p.png", type: "image/png" });
    expect(res.status).toBe(403);
  });
});

describe("deleting", () => {
  it("deletes an unpublished story after its confirm step, audited; a published one and a customer are refused", async () => {
    const created = await multipart(admin, "/admin/articles/new", {
      intent: "save",
      title: "A draft to throw away",
      slug: "",
      category: "Culture",
      author: "Staff",
      excerpt: "Short.",
      body: "Some words.",
      imageSrc: "/images/article-1.svg",
      imageAlt: "Drawn art",
    });
    expect(created.status).toBe(302);
    const page = created.headers.get("location")!.replace(/\?.*$/, "");
    const id = page.split("/").pop()!;

    expect((await customer.post(page, { intent: "delete", confirmed: "yes" })).status).toBe(403);
    expect((await admin.post(page, { intent: "delete" })).status).toBe(400);
    expect((await admin.get(page)).status).toBe(200);
    const done = await admin.post(page, { intent: "delete", confirmed: "yes" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/articles?done=deleted");
    expect((await admin.get(page)).status).toBe(404);
    expect(await auditPage("article")).toMatch(new RegExp(`>delete</span><span class="block text-muted">article (?:<!-- -->)?${id}<`));

    const published = await storyId("The Walls Speak");
    const refused = await admin.post(`/admin/articles/${published}`, { intent: "delete", confirmed: "yes" });
    expect(refused.status).toBe(409);
    expect(await Client.text(refused)).toContain("Unpublish the story before deleting it");
  });

  it("deletes a playlist with its tracks' files after its confirm step, audited; the featured mix and a customer are refused", async () => {
    const made = await admin.post("/admin/music", { intent: "create", title: "Throwaway Loops", slug: "", label: "", description: "Gone soon", coverSrc: "/images/playlist-2.svg", coverAlt: "A microphone" });
    expect(made.status).toBe(302);
    const page = made.headers.get("location")!.replace(/\?.*$/, "");
    const track = new FormData();
    track.append("intent", "upload");
    track.append("title", "Loop");
    track.append("artist", "Staff");
    track.append("file", new Blob([new Uint8Array(fs.readFileSync(path.join(SEED_AUDIO_DIR, "underground-2.mp3")))], { type: "audio/mpeg" }), "loop.mp3");
    expect((await admin.send(`${page}/tracks`, { method: "POST", body: track, headers: { Origin: url, Accept: "text/html" } })).status).toBe(302);
    const audio = /(\/audio\/tracks\/[^"]+\.mp3)/.exec(await Client.text(await admin.get(page)))?.[1];
    expect(audio).toBeTruthy();
    expect((await customer.get(audio!)).status).toBe(200);

    expect((await customer.post(page, { intent: "delete", confirmed: "yes" })).status).toBe(403);
    expect((await admin.post(page, { intent: "delete" })).status).toBe(400);
    const done = await admin.post(page, { intent: "delete", confirmed: "yes" });
    expect(done.status).toBe(302);
    expect((await admin.get(page)).status).toBe(404);
    expect((await customer.get(audio!)).status).toBe(404);
    expect(await auditPage("playlist")).toContain("playlist.delete");

    const list = await Client.text(await admin.get("/admin/music"));
    const featured = /href="(\/admin\/music\/\d+)"[^>]*>[\s\S]*?<\/a>[\s\S]*?Featured mix/.exec(list)?.[1];
    expect(featured).toBeTruthy();
    const refused = await admin.post(featured!, { intent: "delete", confirmed: "yes" });
    expect(refused.status).toBe(409);
  });

  it("deletes a collection that is not featured after its confirm step, audited; the featured one and a customer are refused", async () => {
    const made = await admin.post("/admin/collections/new", { intent: "save", name: "Throwaway Drop", slug: "throwaway-drop", description: "Gone soon.", season: "", products: "" });
    expect(made.status).toBe(302);
    const page = made.headers.get("location")!.replace(/\?.*$/, "");
    expect((await customer.get("/collections/throwaway-drop")).status).toBe(200);

    expect((await customer.post(page, { intent: "delete-collection", confirmed: "yes" })).status).toBe(403);
    expect((await admin.post(page, { intent: "delete-collection" })).status).toBe(400);
    const done = await admin.post(page, { intent: "delete-collection", confirmed: "yes" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/collections?done=deleted");
    expect((await customer.get("/collections/throwaway-drop")).status).toBe(404);
    expect(await auditPage("collection")).toMatch(/>delete<\/span>/);

    const list = await Client.text(await admin.get("/admin/collections"));
    const ids = [...list.matchAll(/href="(\/admin\/collections\/\d+)"/g)].map((m) => m[1]!);
    let refusedOne = false;
    for (const candidate of ids) {
      const html = await Client.text(await admin.get(candidate));
      if (!html.includes("This is the featured collection")) continue;
      const refused = await admin.post(candidate, { intent: "delete-collection", confirmed: "yes" });
      expect(refused.status).toBe(409);
      refusedOne = true;
    }
    expect(refusedOne).toBe(true);
  });
});
