// A newcomer's first mail on the embedded default (no SMTP_URL): the mail is kept, a super_admin reads it in
// the back office (nobody else does), `npm run mail:kept` prints it, `npm run user:role` says in one line
// when the running store holds the embedded database, and a verification link opened again after the
// account's role was changed with the script lands on a page saying the email is verified.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./http-client.ts";
import { registerOverHttp } from "./http-shopper.ts";
import { inheritedEnv, startServer, startSeededStore, tempDir, type SeededStore } from "./server.ts";

let store: SeededStore;
const stamp = Date.now();
const CUSTOMER = `newcomer-customer-${stamp}@east-harlem.test`;
const ADMIN = `newcomer-admin-${stamp}@east-harlem.test`;
const OWNER = `newcomer-owner-${stamp}@east-harlem.test`;
const clients = {} as Record<"customer" | "admin" | "owner", Client>;

/**
 * Runs one of the store's scripts as `npm run` does (through tsx), as its own process. Without blocking this
 * process: a script's start takes seconds, and this process's open connections to the store must see the store
 * close them when they idle, or the next request goes out on a closed one.
 */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("node", ["--import", "tsx", `scripts/${script}`, ...args], { env: { ...inheritedEnv(), LOG_LEVEL: "warn", ...env }, encoding: "utf8", timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, stdout, stderr });
    });
  });
}

/** The store's database for a script: PostgreSQL as it runs, or the embedded one with the store stopped (then started again). */
async function withStoreStopped<T>(work: (env: Record<string, string>) => Promise<T>): Promise<T> {
  if (store.database) return work({ DATABASE_URL: store.database.url! });
  await store.server.stop();
  try {
    return await work({ DATA_DIR: store.dataDir! });
  } finally {
    store.server = await startServer(store.server.env);
  }
}

/** The same browser on the store's current address (the embedded store comes back on a new port). */
const on = (c: Client) => {
  const fresh = new Client(store.server.url);
  for (const [k, v] of c.cookies) fresh.cookies.set(k, v);
  return fresh;
};

/** Follows a link's redirects as a browser does, keeping the client's cookies; the last answer and its path. */
async function follow(c: Client, link: string): Promise<{ res: Response; path: string }> {
  let at = link;
  for (let hop = 0; hop < 5; hop++) {
    const res = await c.get(at);
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) return { res, path: at };
    await res.arrayBuffer();
    const next = new URL(location, store.server.url);
    at = `${next.pathname}${next.search}`;
  }
  throw new Error(`too many redirects from ${link}`);
}

const verifyLinkIn = (html: string, email: string): string => {
  const article = html.split("<article").find((a) => a.includes(`To ${email}`) && a.includes("Verify your email address"));
  const href = article && /href="([^"]*\/api\/auth\/verify-email\?token=[^"]+)"/.exec(article)?.[1];
  if (!href) throw new Error(`no verification link for ${email} on the kept-mail page`);
  const url = new URL(href.replace(/&amp;/g, "&"));
  return `${url.pathname}${url.search}`;
};

beforeAll(async () => {
  store = await startSeededStore({ ADMIN_EMAILS: ADMIN, TRUSTED_PROXIES: "" });
  for (const [who, email] of [["customer", CUSTOMER], ["admin", ADMIN], ["owner", OWNER]] as const) {
    clients[who] = new Client(store.server.url);
    await registerOverHttp(clients[who], email);
  }
  // The owner makes themselves super_admin as the README says: the script, with the embedded store stopped.
  const made = await withStoreStopped((env) => runScript("user-role.ts", [OWNER, "super_admin"], env));
  expect(made.stderr).toBe("");
  expect(made.stdout).toContain(`${OWNER} is now super_admin`);
}, 300_000);
afterAll(() => store?.stop());

describe("kept mail in the back office", () => {
  it("is refused to a customer and to an admin who is not super_admin, and not linked for the admin", async () => {
    expect((await on(clients.customer).get("/admin/mail")).status).toBe(403);
    const admin = await on(clients.admin).get("/admin/mail");
    expect(admin.status).toBe(403);
    expect(await Client.text(admin)).not.toContain(CUSTOMER);
    expect(await Client.text(await on(clients.admin).get("/admin"))).not.toContain('href="/admin/mail"');
    expect((await new Client(store.server.url).get("/admin/mail")).status).toBe(401);
  });

  it("lists each kept mail for a super_admin: recipient, subject, when, and the body with its links", async () => {
    expect(await Client.text(await on(clients.owner).get("/admin"))).toContain('href="/admin/mail"');
    const page = await on(clients.owner).get("/admin/mail");
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    // The mail worker marks each mail kept a moment after it is written.
    let html = "";
    await expect
      .poll(async () => {
        html = await Client.text(await on(clients.owner).get("/admin/mail"));
        return [CUSTOMER, ADMIN, OWNER].filter((email) => html.includes(`To ${email}`));
      }, { timeout: 20_000 })
      .toHaveLength(3);
    expect(html).toContain("<h1");
    expect(html).toContain("Kept mail");
    for (const email of [CUSTOMER, ADMIN, OWNER]) {
      expect(html).toContain(`To ${email}`);
      expect(verifyLinkIn(html, email)).toMatch(/^\/api\/auth\/verify-email\?token=/);
    }
    expect(html).toMatch(/<time dateTime="\d{4}-\d\d-\d\dT[^"]+">[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d\d [ap]m ET<\/time>/i);
  });
});

describe("npm run mail:kept and npm run user:role", () => {
  it("mail:kept prints the kept mail: recipient, subject and the verification link", async () => {
    const printed = await withStoreStopped((env) => runScript("mail-kept.ts", [], env));
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain(`To:      ${CUSTOMER}`);
    expect(printed.stdout).toContain("Subject: Verify your email address");
    expect(printed.stdout).toMatch(/\/api\/auth\/verify-email\?token=\S+/);
  });

  it("say in one line, without a stack trace, that the running store holds the embedded database", async () => {
    // A data directory held by a live process (this test's own), as a running store holds ./data.
    const dir = tempDir("store-held-");
    fs.writeFileSync(path.join(dir, "store.lock"), String(process.pid));
    for (const [script, args] of [["user-role.ts", [OWNER, "admin"]], ["mail-kept.ts", []]] as const) {
      const run = await runScript(script, [...args], { DATA_DIR: dir });
      expect(run.code, script).toBe(1);
      const lines = run.stderr.trim().split("\n");
      expect(lines, script).toHaveLength(1);
      expect(lines[0]).toContain(`The store is running on the embedded database in ${dir} (pid ${process.pid}): stop it first`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe("a verification link opened after the role was changed with the script", () => {
  it("lands on a page saying the email is verified, signed in there or not", async () => {
    const link = verifyLinkIn(await Client.text(await on(clients.owner).get("/admin/mail")), CUSTOMER);
    // The first click, in a browser of its own: verified and signed in there.
    const first = await follow(new Client(store.server.url), link);
    expect(first.res.status).toBe(200);
    expect(first.path).toBe("/dashboard?verified=1");
    expect(await Client.text(first.res)).toContain("Your email is verified.");
    // The customer's role is changed with the script; then the link is opened again in another browser.
    const changed = await withStoreStopped((env) => runScript("user-role.ts", [CUSTOMER, "admin"], env));
    expect(changed.stdout).toContain(`${CUSTOMER} is now admin`);
    const again = await follow(new Client(store.server.url), link);
    expect(again.res.status).toBe(200);
    expect(again.path).toBe("/login?verified=1");
    expect(await Client.text(again.res)).toContain("Your email is verified. Sign in to continue.");
    // And in the customer's own signed-in browser: the dashboard, saying so.
    const own = await follow(on(clients.customer), link);
    expect(own.res.status).toBe(200);
    expect(own.path).toBe("/dashboard?verified=1");
    expect(await Client.text(own.res)).toContain("Your email is verified.");
  });

  it("in Spanish, lands on the Spanish sign-in page saying so", async () => {
    const link = verifyLinkIn(await Client.text(await on(clients.owner).get("/admin/mail")), CUSTOMER);
    const url = new URL(link, store.server.url);
    url.searchParams.set("callbackURL", "/es/dashboard?verified=1");
    const again = await follow(new Client(store.server.url), `${url.pathname}${url.search}`);
    expect(again.path).toBe("/es/login?verified=1");
    expect(await Client.text(again.res)).toContain("Tu correo está verificado. Inicia sesión para continuar.");
  });
});
