import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../server/request-guard.ts";
import { english } from "./words.ts";
import { Client } from "./http-client.ts";
import { registerOverHttp, SHOPPER_PASSWORD } from "./http-shopper.ts";
import { startSeededStore } from "./server.ts";
import { changedTables, InspectedStore, type TableSnapshot } from "./store-snapshot.ts";

// Text that is not UTF-8 (here the bytes C3 28 FF FE: a broken sequence, then two bytes UTF-8 never uses),
// sent to forms and to the app's API that store text: each is refused with a 400 and its reason, and no
// table changes. Once the bytes were read as replacement characters and stored.

const SLUG = "harlem-classic-tee";
const BAD = "%C3%28%FF%FE";
const BAD_BYTES = [0xc3, 0x28, 0xff, 0xfe];
const BROWSER = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

let store: InspectedStore;
let shopper: Client;
let token: string;
let before: TableSnapshot;

const url = () => store.server.url;
/** The shopper's browser at the server's current address (an embedded store's snapshot restarts it elsewhere). */
const browser = () => {
  const c = new Client(url());
  for (const [k, v] of shopper.cookies) c.cookies.set(k, v);
  return c;
};
/** An urlencoded body written by hand, as a client that encodes the bytes it was given would send it. */
const postRaw = (path: string, body: string, headers: Record<string, string> = {}) =>
  browser().send(path, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url(), ...headers } });
/** A JSON body whose string holds the bad bytes where `MARK` stands. */
const jsonWithBadBytes = (json: object) => {
  const [head, tail] = JSON.stringify(json).split("MARK") as [string, string];
  return Uint8Array.from([...Buffer.from(head), ...BAD_BYTES, ...Buffer.from(tail)]);
};
const api = (method: string, path: string, body: Uint8Array<ArrayBuffer>, language = "en") =>
  fetch(`${url()}/api/v1${path}`, { method, body, headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Accept-Language": language } });

beforeAll(async () => {
  store = new InspectedStore(await startSeededStore());
  shopper = new Client(url());
  const email = `utf8-${Date.now()}@east-harlem.test`;
  await registerOverHttp(shopper, email, "Marisol Vega");
  const signIn = await fetch(`${url()}/api/v1/auth/sign-in`, { method: "POST", body: JSON.stringify({ email, password: SHOPPER_PASSWORD }), headers: { "Content-Type": "application/json" } });
  token = ((await signIn.json()) as { token: string }).token;
  before = await store.snapshot();
}, 240_000);

afterAll(() => store?.stop());

describe("text that is not UTF-8", () => {
  it("is refused by the profile, review and newsletter forms with a 400 and the reason", async () => {
    const forms: [string, string][] = [
      ["/profile", `intent=profile&firstName=${BAD}&lastName=Vega&phone=`],
      [`/shop/${SLUG}/reviews`, `intent=create&rating=5&title=${BAD}&comment=Fits+well&redirectTo=%2Fshop%2F${SLUG}`],
      [`/shop/${SLUG}/reviews`, `intent=create&rating=5&title=Great&comment=Fits+${BAD}+well`],
      ["/newsletter", `email=ana${BAD}%40east-harlem.test&source=footer`],
      ["/es/newsletter", `email=ana%40east-harlem.test&source=${BAD}`],
      // In a field's name, and raw (not percent-encoded).
      ["/profile", `intent=profile&firstName=Marisol&lastName=Vega&phone=&${BAD}=1`],
    ];
    for (const [path, body] of forms) {
      const res = await postRaw(path, body);
      expect(res.status, `${path} ${body}`).toBe(400);
      expect(await res.json()).toEqual({ error: MESSAGES.invalidUtf8 });
    }
    const raw = await browser().send("/profile", {
      method: "POST",
      body: Uint8Array.from([...Buffer.from("intent=profile&lastName=Vega&phone=&firstName="), ...BAD_BYTES]),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url() },
    });
    expect(raw.status).toBe(400);
    // A browser navigating is shown a page with the reason.
    const page = await postRaw("/profile", `intent=profile&firstName=${BAD}&lastName=Vega&phone=`, BROWSER);
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await Client.text(page)).toContain(MESSAGES.invalidUtf8);
  });

  it("is refused in a multipart form, where files may hold any bytes", async () => {
    const form = new FormData();
    form.append("intent", "profile");
    form.append("firstName", "MARK");
    form.append("lastName", "Vega");
    form.append("phone", "");
    const request = new Request(url(), { method: "POST", body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const at = body.indexOf("MARK");
    const res = await browser().send("/profile", {
      method: "POST",
      body: Uint8Array.from([...body.subarray(0, at), ...BAD_BYTES, ...body.subarray(at + 4)]),
      headers: { "Content-Type": request.headers.get("content-type")!, Origin: url() },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: MESSAGES.invalidUtf8 });
  });

  it("is refused by the API's JSON bodies with a 400 problem, in the language asked for", async () => {
    const calls: [string, string, Uint8Array<ArrayBuffer>][] = [
      ["PATCH", "/me/profile", jsonWithBadBytes({ firstName: "MARK", lastName: "Vega", phone: "", marketingOptIn: false })],
      ["POST", `/products/${SLUG}/reviews`, jsonWithBadBytes({ rating: 5, title: "MARK", comment: "Fits well" })],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, body);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(await res.json()).toMatchObject({ status: 400, code: "bad_request", detail: english("api.domain.invalidUtf8") });
    }
    const spanish = await api("PATCH", "/me/profile", calls[0]![2], "es");
    expect(((await spanish.json()) as { detail: string }).detail).toBe("El cuerpo de la solicitud no es UTF-8 válido.");
  });

  it("leaves every table as it was", async () => {
    expect(changedTables(before, await store.snapshot())).toEqual([]);
  });

  it("while the same forms take text in any language that is UTF-8", async () => {
    const saved = await postRaw("/profile", "intent=profile&firstName=Jos%C3%A9&lastName=Ortiz+%F0%9F%8E%A4&phone=");
    expect(saved.status).toBe(200);
    expect(await Client.text(await browser().get("/profile"))).toContain("José Ortiz 🎤");
    const profile = await fetch(`${url()}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await profile.json()).toMatchObject({ profile: { firstName: "José", lastName: "Ortiz 🎤" } });
  });
});
