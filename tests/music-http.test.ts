import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MUSIC_MESSAGES } from "./messages.ts";
import { SEED_AUDIO_DIR } from "../db/seed/music.ts";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { startSeededStore, type SeededStore } from "./server.ts";

// The Music page and its audio over HTTP, against the production build as its own process: the page's
// counts and lengths come from the files, /audio answers range requests (what lets a player seek), and an
// administrator's upload is checked by its content, with its length read from the file.

let store: SeededStore;
let url: string;
const ADMIN = `music-boss-${Date.now()}@east-harlem.test`;
let admin: Client;
let customer: Client;
const generated = new Uint8Array(fs.readFileSync(path.join(SEED_AUDIO_DIR, "underground-2.mp3")));

async function createPlaylist(title: string): Promise<number> {
  const res = await admin.post("/admin/music", { intent: "create", title, slug: "", label: "", description: "Test list", coverSrc: "/images/playlist-2.svg", coverAlt: "A microphone" });
  expect(res.status).toBe(302);
  return Number(/\/admin\/music\/(\d+)/.exec(res.headers.get("location")!)![1]);
}

function upload(c: Client, playlistId: number, file: { bytes: Uint8Array; name: string; type: string }, fields = { title: "Test Beat", artist: "Test Artist" }) {
  const body = new FormData();
  body.append("intent", "upload");
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return c.send(`/admin/music/${playlistId}/tracks`, { method: "POST", body, headers: { Origin: url, Accept: "text/html" } });
}

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN });
  url = store.server.url;
  admin = new Client(url);
  await registerOverHttp(admin, ADMIN, "Music Boss");
  customer = new Client(url);
  await registerOverHttp(customer, `music-fan-${Date.now()}@east-harlem.test`);
}, 240_000);

afterAll(() => store?.stop());

describe("music over HTTP", () => {
  it("serves a track with its type, and answers a range with 206 and Content-Range (416 past the end)", async () => {
    const playlistId = await createPlaylist(`Range Check ${Date.now()}`);
    expect((await upload(admin, playlistId, { bytes: generated, name: "beat.mp3", type: "audio/mpeg" })).status).toBe(302);
    const page = await Client.text(await admin.get(`/admin/music/${playlistId}`));
    expect(page).toContain("Test Beat");
    // The track's address, as the public page would give it once the playlist is on it.
    const music = await Client.text(await customer.get("/music"));
    const src = [...music.matchAll(/href="(\/audio\/tracks\/[^"]+\.mp3)"/g)].map((m) => m[1]!).find((s) => s.includes(`/tracks/${playlistId}/`));
    expect(src).toBeDefined();

    const whole = await customer.get(src!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("cache-control")).toContain("immutable");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(generated);

    const part = await customer.send(src!, { headers: { Range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${generated.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(generated.slice(1000, 2000));

    const past = await customer.send(src!, { headers: { Range: `bytes=${generated.length + 10}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${generated.length}`);

    expect((await customer.get("/audio/tracks/none.mp3")).status).toBe(404);
    expect((await customer.get("/audio/..%2f..%2fpackage.json")).status).toBe(404);
  });

  it("refuses a text file named .mp3, and accepts a real MP3 with the length read from it", async () => {
    const playlistId = await createPlaylist(`Upload Check ${Date.now()}`);
    const fake = await upload(admin, playlistId, { bytes: new TextEncoder().encode("this is not audio, only words\n".repeat(50)), name: "song.mp3", type: "audio/mpeg" });
    expect(fake.status).toBe(415);
    expect(await Client.text(fake)).toContain(MUSIC_MESSAGES.unsupportedType);
    expect(await Client.text(await admin.get(`/admin/music/${playlistId}`))).toContain("No tracks yet");

    const real = await upload(admin, playlistId, { bytes: generated, name: "whatever.bin", type: "application/octet-stream" }, { title: "Real Beat", artist: "Synth Crew" });
    expect(real.status).toBe(302);
    const page = await Client.text(await admin.get(`/admin/music/${playlistId}`));
    // underground-2 is 8 bars at 80 bpm plus its 1.5 s tail: 25.5 s.
    expect(page).toContain("Real Beat");
    expect(page).toContain("Synth Crew · 0:25");
    expect(page).toContain("1 track · 25 s");
  });

  it("shows the seeded playlists with counts and lengths from their files", async () => {
    const html = await Client.text(await customer.get("/music"));
    expect(html).toContain("Uptown After Dark");
    expect(html).toMatch(/4 tracks · <time dateTime="PT2M20S">2 min 20 s<\/time> mix/);
    for (const title of ["Harlem Classics", "Underground Heat", "Block Party Anthems"]) expect(html).toContain(title);
    // Without JavaScript every Play is a link to a file the browser can play.
    expect(html).toMatch(/<a href="\/audio\/seed\/mix-1-[0-9a-f]{12}\.mp3"/);
  });

  it("keeps the back office to administrators, and audits each change", async () => {
    expect((await customer.get("/admin/music")).status).toBe(403);
    expect((await upload(customer, 1, { bytes: generated, name: "x.mp3", type: "audio/mpeg" })).status).toBe(403);
    const audit = await Client.text(await admin.get("/admin/audit?entity=playlist"));
    expect(audit).toContain("track.add");
    expect(audit).toContain("playlist.create");
  });
});
