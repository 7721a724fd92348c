// The identity library's links (the verification and password-reset links sent by mail, the only ones it
// serves over HTTP) send the browser on to a callback named in the link. Whatever an attacker writes there,
// under any name the library reads or might read, the answer never sends the browser off the store: each
// known bypass of the safe-redirect rule, as every callback, on good and bad tokens of both links.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toSafeRedirectPath } from "../core/shared/safe-redirect.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { Client } from "./http-client.ts";
import { mapLimit, registerOverHttp } from "./http-shopper.ts";
import { linkIn, startMailCatcher } from "./mail-catcher.ts";
import { REDIRECT_BYPASSES } from "./redirect-bypasses.ts";
import { ensureBuild, startServer, tempDir, type RunningServer } from "./server.ts";

const CALLBACKS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

let server: RunningServer;
let database: TestDatabase | undefined;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
/** The links a shopper was mailed: good tokens of each kind. */
let verifyLink: URL;
let resetLink: URL;

beforeAll(async () => {
  ensureBuild();
  mail = await startMailCatcher();
  const env = { SMTP_URL: mail.url, TRUSTED_PROXIES: "" };
  if (usingPostgres()) {
    database = await createTestDatabase();
    server = await startServer({ ...env, DATABASE_URL: database.url! });
  } else {
    server = await startServer({ ...env, DATA_DIR: tempDir("store-auth-callbacks-") });
  }
  const email = `callbacks-${Date.now()}@east-harlem.test`;
  await registerOverHttp(new Client(server.url), email);
  verifyLink = new URL(linkIn(await mail.waitFor(email, /Verify your email/), `${server.url}/api/auth/verify-email?token=`));
  await (await new Client(server.url).post("/login", { intent: "reset", email })).arrayBuffer();
  resetLink = new URL(linkIn(await mail.waitFor(email, /Reset your password/), `${server.url}/api/auth/reset-password/`));
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await mail?.close();
});

/** A Location that keeps the browser on the store: a path of it (the store's rule), or an address on its origin. */
function onTheStore(location: string): boolean {
  if (toSafeRedirectPath(location) !== null) return true;
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return false;
  }
  return url.origin === new URL(server.url).origin && toSafeRedirectPath(`${url.pathname}${url.search}${url.hash}`) !== null;
}

/** The link with `name` set to `value` (the only callback it carries). */
function withCallback(link: URL, name: string, value: string): URL {
  const url = new URL(link);
  url.searchParams.delete("callbackURL");
  url.searchParams.set(name, value);
  return url;
}

describe("the identity library's links", () => {
  it("send the browser on to the store's own pages, as the mail wrote them", async () => {
    const verified = await new Client(server.url).get(verifyLink.pathname + verifyLink.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toContain("/dashboard?verified=1");
    const reset = await new Client(server.url).get(resetLink.pathname + resetLink.search);
    expect(reset.status).toBe(302);
    expect(new URL(reset.headers.get("location")!, server.url).pathname).toBe("/reset-password");
  });

  const links = {
    "a verification link": () => verifyLink,
    "a verification link with a bad token": () => new URL(`${server.url}/api/auth/verify-email?token=bad`),
    "a password-reset link": () => resetLink,
    "a password-reset link with a bad token": () => new URL(`${server.url}/api/auth/reset-password/bad`),
  };

  it.each(Object.keys(links) as (keyof typeof links)[])("%s never answers a Location off the store, whatever its callbacks say", async (kind) => {
    const cases = CALLBACKS.flatMap((name) => REDIRECT_BYPASSES.map((value) => ({ name, value })));
    const answers = await mapLimit(cases, 6, async ({ name, value }) => {
      const url = withCallback(links[kind](), name, value);
      const res = await fetch(url, { redirect: "manual" });
      await res.arrayBuffer();
      return { name, value, status: res.status, location: res.headers.get("location") };
    });
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.location !== null && !onTheStore(a.location))).toEqual([]);
  });
});
