import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeAuthError } from "../app/lib/auth-errors.server.ts";
import { MESSAGES } from "./messages.ts";
import { english } from "./words.ts";
import { createAuth } from "../core/identity/index.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

/**
 * Every signed-in request reads its session (ADR 0029): the identity library reads the session and its user
 * in one statement (its `joins` setting, over the relations in db/schema/auth.ts), and sign-in reads the user
 * with its accounts (the password hash) in one. What a shopper notices stays the same: the right password
 * signs in, a wrong one does not, and the signed-in account is the one that signed up.
 */
describe("the identity library's reads", () => {
  let database: TestDatabase;
  let auth: ReturnType<typeof createAuth>;
  /** Statements sent to the database while `fn` runs. */
  let counted: string[] | null = null;
  const counting = async <T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> => {
    counted = [];
    try {
      const result = await fn();
      return { result, statements: counted };
    } finally {
      counted = null;
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // The driver's client (PGlite's, or node-postgres's pool): each query through it is one statement.
    const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      counted?.push(typeof first === "string" ? first : (first.text ?? ""));
      return query(...args);
    };
    auth = createAuth({ db: database.db, baseUrl: "http://127.0.0.1:4400", secret: "a-test-secret-of-at-least-32-characters", jobs: database.jobs, log: pino({ level: "silent" }) });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("reads a session with its account in one statement, and signs in by reading the account with its password in one", async () => {
    const email = "session-reader@east-harlem.test";
    const password = "a long enough password";
    const signUp = await auth.api.signUpEmail({ body: { email, password, name: "Session Reader" }, asResponse: true });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

    const { result: viewer, statements } = await counting(() => auth.api.getSession({ headers: new Headers({ cookie }) }));
    expect(viewer?.user.email).toBe(email);
    expect(viewer?.user.role).toBe("customer");
    expect(viewer?.user.createdAt).toBeInstanceOf(Date);
    expect(viewer?.session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(statements).toHaveLength(1);

    const wrong = await counting(() => auth.api.signInEmail({ body: { email, password: "not the password at all" }, asResponse: true }));
    expect(wrong.result.status).toBe(401);
    expect(wrong.statements).toHaveLength(1);

    const right = await auth.api.signInEmail({ body: { email, password }, asResponse: true });
    expect(right.status).toBe(200);
    const signedIn = right.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const again = await auth.api.getSession({ headers: new Headers({ cookie: signedIn }) });
    expect(again?.user.id).toBe(viewer?.user.id);

    // A session that is gone (signed out) reads as no one.
    await auth.api.signOut({ headers: new Headers({ cookie: signedIn }) });
    expect(await auth.api.getSession({ headers: new Headers({ cookie: signedIn }) })).toBeNull();
  });

  it("loads the library on first use, and its refusals read in the catalogue's words while other errors are not swallowed", async () => {
    // A fresh instance: nothing is loaded until the first call, which waits for it.
    const fresh = createAuth({ db: database.db, baseUrl: "http://127.0.0.1:4400", secret: "a-test-secret-of-at-least-32-characters", jobs: database.jobs, log: pino({ level: "silent" }) });
    const email = "twice@east-harlem.test";
    await fresh.api.signUpEmail({ body: { email, password: "a long enough password", name: "Twice" } });
    const refusal = await fresh.api.signUpEmail({ body: { email, password: "a long enough password", name: "Twice" } }).catch((error: unknown) => error);
    // Its message is a text's id, worded here as an English page words it.
    const described = describeAuthError(refusal);
    expect({ ...described, message: english(described.message) }).toEqual({ cause: "email-already-in-use", message: MESSAGES.emailInUse });
    const other = new Error("the database is down");
    expect(() => describeAuthError(other)).toThrow(other);
  });
});
