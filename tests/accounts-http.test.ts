import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_THROTTLE } from "../core/accounts/index.ts";
import { MESSAGES } from "./messages.ts";
import { seedCatalogue } from "../db/seed/index.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "./database.ts";
import { Client } from "./http-client.ts";
import { linkIn, startMailCatcher } from "./mail-catcher.ts";
import { ensureBuild, inheritedEnv, seededDataDir, startServer, type RunningServer } from "./server.ts";

let server: RunningServer;
let database: TestDatabase | undefined;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
const ADMIN = "boss@east-harlem.test";
const PASSWORD = "uptown-2024";

beforeAll(async () => {
  ensureBuild();
  mail = await startMailCatcher();
  const env: Record<string, string> = { SMTP_URL: mail.url, ADMIN_EMAILS: ADMIN, TRUSTED_PROXIES: "" };
  if (usingPostgres()) {
    database = await createTestDatabase();
    await seedCatalogue(database.db);
    server = await startServer({ ...env, DATABASE_URL: database.url! });
  } else {
    server = await startServer({ ...env, DATA_DIR: seededDataDir("store-accounts-") });
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await database?.destroy();
  await mail?.close();
});

const client = () => new Client(server.url);
let emailCounter = 0;
const newEmail = () => `shopper${++emailCounter}-${Date.now()}@east-harlem.test`;

async function register(c: Client, email: string, password = PASSWORD) {
  return c.post("/login", { intent: "register", email, password, confirmPassword: password, acceptTerms: "on", displayName: "Ana Rivera", redirectTo: "/" });
}

async function signIn(c: Client, email: string, password = PASSWORD) {
  return c.post("/login", { intent: "signin", email, password, redirectTo: "/" });
}

/** Signed in: /login sends the visitor on instead of showing the form. */
async function isSignedIn(c: Client): Promise<boolean> {
  return (await c.get("/login")).status === 302;
}

describe("registration", () => {
  it("checks the form with the spec's messages", async () => {
    const c = client();
    const cases: [Record<string, string>, string][] = [
      [{ email: "", password: "", confirmPassword: "" }, MESSAGES.fillRequired],
      [{ email: "not-an-email", password: "abcdef", confirmPassword: "abcdef", acceptTerms: "on" }, MESSAGES.invalidEmail],
      [{ email: newEmail(), password: "abcdef", confirmPassword: "abcdeg", acceptTerms: "on" }, MESSAGES.passwordsDontMatch],
      [{ email: newEmail(), password: "abc", confirmPassword: "abc", acceptTerms: "on" }, MESSAGES.passwordTooShort],
      [{ email: newEmail(), password: "abcdef", confirmPassword: "abcdef" }, MESSAGES.acceptTerms],
    ];
    for (const [fields, message] of cases) {
      const res = await c.post("/login", { intent: "register", ...fields });
      expect(res.status, message).toBe(400);
      expect(await Client.text(res)).toContain(message);
    }
    expect(await isSignedIn(c)).toBe(false);
  });

  it("creates the account, signs in with a fresh HttpOnly session, and mails a verification link that works once", async () => {
    const c = client();
    const email = newEmail();
    const res = await register(c, email);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const session = res.headers.getSetCookie().find((s) => s.includes("session_token"));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(await isSignedIn(c)).toBe(true);

    const verification = await mail.waitFor(email, /Verify your email/);
    const link = linkIn(verification, `${server.url}/api/auth/verify-email?token=`);
    // Opened in another browser, the link verifies the address and signs its owner in there.
    const mailReader = client();
    const opened = await mailReader.get(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toContain("/dashboard?verified=1");
    expect(await isSignedIn(mailReader)).toBe(true);
    // Used again, it does nothing: nobody is signed in by it a second time.
    const replay = client();
    await replay.get(link);
    expect(await isSignedIn(replay)).toBe(false);
  });

  it("refuses an email that already has an account", async () => {
    const email = newEmail();
    await register(client(), email);
    const res = await register(client(), email);
    expect(res.status).toBe(400);
    expect(await Client.text(res)).toContain(MESSAGES.emailInUse);
  });
});

describe("sign-in", () => {
  const email = `signin-${Date.now()}@east-harlem.test`;
  beforeAll(async () => {
    await register(client(), email);
  });

  it("gives the spec's messages for a missing field, an unknown account and a wrong password", async () => {
    const c = client();
    const empty = await c.post("/login", { intent: "signin", email, password: "" });
    expect(await Client.text(empty)).toContain(MESSAGES.fillAll);
    const unknown = await signIn(c, "nobody-here@east-harlem.test");
    expect(await Client.text(unknown)).toContain(MESSAGES.userNotFound);
    const wrong = await signIn(c, email, "not-the-password");
    expect(await Client.text(wrong)).toContain(MESSAGES.wrongPassword);
    expect(await isSignedIn(c)).toBe(false);
  });

  it("signs in, goes back to the page that asked, and signs out on the server", async () => {
    const c = client();
    const res = await c.post("/login", { intent: "signin", email, password: PASSWORD, redirectTo: "/dashboard" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const stolen = new Client(server.url);
    for (const [k, v] of c.cookies) stolen.cookies.set(k, v);
    const out = await c.post("/logout", {});
    expect(out.status).toBe(302);
    expect(await isSignedIn(c)).toBe(false);
    expect(await isSignedIn(stolen)).toBe(false); // the session ended on the server, not just in the browser
  });

  it("refuses an open redirect after sign-in", async () => {
    // The form's redirectTo is rendered by the store; another one was written by hand, and signs nobody in.
    const c = client();
    const res = await c.post("/login", { intent: "signin", email, password: PASSWORD, redirectTo: "https://evil.example/" });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await Client.text(res)).toContain("The page to return to must be a page of this store.");
    expect(await isSignedIn(c)).toBe(false);
  });

  it("throttles a client's repeated failures on one account under its real address, whatever X-Forwarded-For it sends", async () => {
    // No TRUSTED_PROXIES here: the header is the client's own word, and every request below comes from 127.0.0.1.
    const victim = newEmail();
    await register(client(), victim);
    const from = (ip: string) => new Client(server.url, undefined, { "X-Forwarded-For": ip });
    for (let i = 0; i <= PASSWORD_THROTTLE.freeFailures; i++) {
      expect(await Client.text(await signIn(from(`203.0.113.${i}`), victim, `wrong-${i}`))).toContain(MESSAGES.wrongPassword);
    }
    const c = from("203.0.113.99");
    const res = await signIn(c, victim);
    expect(res.status).toBe(429);
    expect(await Client.text(res)).toContain("Too many failed attempts. Please try again later.");
    expect(await isSignedIn(c)).toBe(false);
  });
});

describe("password reset", () => {
  it("answers the same for unknown addresses and mails nothing", async () => {
    const before = mail.mails.length;
    const res = await client().post("/login", { intent: "reset", email: "ghost@east-harlem.test" });
    expect(res.status).toBe(200);
    expect(await Client.text(res)).toContain("If an account exists for that email");
    await new Promise((r) => setTimeout(r, 500));
    expect(mail.mails.slice(before).some((m) => m.to.includes("ghost@east-harlem.test"))).toBe(false);
  });

  it("mails a single-use link; the new password works, the old one fails, other sessions end", async () => {
    const email = newEmail();
    const other = client();
    await register(other, email);
    const res = await client().post("/login", { intent: "reset", email });
    expect(await Client.text(res)).toContain("If an account exists for that email");
    const resetMail = await mail.waitFor(email, /Reset your password/);
    const link = linkIn(resetMail, `${server.url}/api/auth/reset-password/`);
    const c = client();
    const landing = await c.get(link);
    expect(landing.status).toBe(302);
    const formUrl = landing.headers.get("location")!;
    const token = new URL(formUrl, server.url).searchParams.get("token")!;
    expect(token).toBeTruthy();
    const mismatch = await c.post("/reset-password", { token, password: "new-pass-1", confirmPassword: "new-pass-2" });
    expect(await Client.text(mismatch)).toContain(MESSAGES.passwordsDontMatch);
    const done = await c.post("/reset-password", { token, password: "new-pass-1", confirmPassword: "new-pass-1" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/login?reset=done");
    expect(await isSignedIn(other)).toBe(false);
    expect(await Client.text(await signIn(client(), email))).toContain(MESSAGES.wrongPassword);
    expect((await signIn(client(), email, "new-pass-1")).status).toBe(302);
    const reused = await c.post("/reset-password", { token, password: "again-pass", confirmPassword: "again-pass" });
    expect(reused.status).toBe(400);
  });
});

describe("roles and protected pages", () => {
  const pages = ["/checkout", "/dashboard", "/profile", "/orders", "/settings"];
  const adminPages = ["/admin", "/analytics"];

  it("answers guests with 401 and no data, on pages and their data URLs", async () => {
    const c = client();
    for (const path of [...pages, ...adminPages]) {
      const page = await c.get(path);
      expect(page.status, path).toBe(401);
      expect(await Client.text(page)).toContain(path === "/analytics" ? "Admin Access Required" : "Authentication Required");
      const data = await c.get(`${path}.data`);
      expect([401, 403], `${path}.data`).toContain(data.status);
    }
  });

  it("lets a customer use their pages but not the admin's (403)", async () => {
    const c = client();
    await register(c, newEmail());
    for (const path of pages) expect((await c.get(path)).status, path).toBe(200);
    for (const path of adminPages) {
      const res = await c.get(path);
      expect(res.status, path).toBe(403);
      expect(await Client.text(res)).toContain(path === "/analytics" ? "Admin Access Required" : "Access Denied");
      expect((await c.get(`${path}.data`)).status, `${path}.data`).toBe(403);
    }
  });

  it("makes ADMIN_EMAILS admins at sign-up", async () => {
    const c = client();
    await register(c, ADMIN);
    for (const path of adminPages) expect((await c.get(path)).status, path).toBe(200);
  });
});

describe("the cart and sign-in", () => {
  it("keeps the guest's cart at sign-in and follows the account to another browser", async () => {
    const email = newEmail();
    await register(client(), email);
    const guest = client();
    const productPage = await Client.text(await guest.get("/shop/harlem-classic-tee"));
    const productId = /name="productId" value="(\d+)"/.exec(productPage)![1]!;
    const added = await guest.post("/cart", { intent: "add", productId, size: "S", color: "Black", quantity: "2" });
    expect(added.status).toBe(200);
    await signIn(guest, email);
    expect(await Client.text(await guest.get("/cart"))).toContain("Your cart (2)");
    const elsewhere = client();
    await signIn(elsewhere, email);
    expect(await Client.text(await elsewhere.get("/cart"))).toContain("Your cart (2)");
    await elsewhere.post("/logout", {});
    expect(await Client.text(await elsewhere.get("/cart"))).toContain("Your cart (0)");
  });
});

describe("authorization on every protected route and action", () => {
  const memberPages = ["/checkout", "/dashboard", "/profile", "/orders", "/settings"];
  const adminPages = ["/admin", "/analytics"];

  it("refuses a guest's form posts to member and admin pages with 401, changing nothing", async () => {
    const c = client();
    for (const path of [...memberPages, ...adminPages]) {
      const res = await c.post(path, { intent: "profile", firstName: "Mallory", lastName: "X", phone: "", theme: "dark", password: "x" });
      expect(res.status, path).toBe(401);
      const text = await Client.text(res);
      expect(text).not.toContain("Mallory");
    }
  });

  it("shows each customer only their own account", async () => {
    const a = client();
    const b = client();
    const emailA = newEmail();
    const emailB = newEmail();
    await register(a, emailA);
    await register(b, emailB);
    const profileA = await Client.text(await a.get("/profile"));
    const profileB = await Client.text(await b.get("/profile"));
    expect(profileA).toContain(emailA);
    expect(profileA).not.toContain(emailB);
    expect(profileB).toContain(emailB);
    expect(profileB).not.toContain(emailA);
    // A form can't name another account: the profile saved is always the session's.
    await b.post("/profile", { intent: "profile", firstName: "Bea", lastName: "Two", phone: "", userId: "someone-else", email: emailA });
    expect(await Client.text(await a.get("/profile"))).not.toContain("Bea");
  });

  it("refuses a customer's posts to admin pages with 403", async () => {
    const c = client();
    await register(c, newEmail());
    for (const path of adminPages) expect((await c.post(path, { intent: "anything" })).status, path).toBe(403);
  });

  it("lets a super_admin set from the command line into the admin pages", async () => {
    const email = newEmail();
    await register(client(), email);
    // The role is set by the operator's command, against the same database (so the server is stopped for the embedded one).
    const dataDir = server.env.DATA_DIR;
    if (!usingPostgres()) await server.stop();
    const { spawnSync } = await import("node:child_process");
    const result = spawnSync("node", ["--import", "tsx", "scripts/user-role.ts", email, "super_admin"], {
      env: { ...inheritedEnv(), ...(usingPostgres() ? { DATABASE_URL: database!.url! } : { DATA_DIR: dataDir! }) },
      encoding: "utf8",
    });
    expect(result.stdout + result.stderr).toContain(`${email} is now super_admin`);
    if (!usingPostgres()) server = await startServer(server.env);
    const c = client();
    await signIn(c, email);
    for (const path of adminPages) expect((await c.get(path)).status, path).toBe(200);
  }, 120_000);
});
