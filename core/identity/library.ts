import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";
import type { Db } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { queueMail, recipientLocale, resetPasswordMail, verificationMail } from "../mail/index.ts";
import { localePath, splitLocale } from "../shared/paths.ts";
import type { Locale } from "../shared/locale.ts";
import type { JobQueue } from "../shared/jobs.ts";
import { MIN_PASSWORD_LENGTH } from "../accounts/index.ts";
import { crashPoint } from "../shared/failpoints.ts";
import { storeCookieName } from "../shared/cookies.ts";
import { hashPassword, verifyPassword } from "./password.ts";

/** The identity library's sign-up endpoint (called by the store's own form actions, never over HTTP). */
const SIGN_UP_PATH = "/sign-up/email";

export interface AuthOptions {
  db: Db;
  baseUrl: string;
  secret: string;
  jobs: JobQueue;
  log: Logger;
}

/**
 * Identity: better-auth with sessions, password hashes and one-time tokens in our database.
 * The store's own form actions call it (auth.api.*); over HTTP only the links sent by mail are served.
 * The app's API (/api/v1) signs in through the same calls and hands the app its session as a bearer token
 * (the bearer plugin: "Authorization: Bearer <token>" reads as the session cookie would). Only signed tokens
 * are taken, so the tokens kept in the sessions table are of no use without the server's secret.
 */
async function openAuth({ db, baseUrl, secret, jobs, log }: AuthOptions, open: OpenTransaction) {
  const [{ betterAuth }, { drizzleAdapter }, { bearer }] = await Promise.all([
    import("better-auth"),
    import("better-auth/adapters/drizzle"),
    import("better-auth/plugins"),
  ]);
  // The handle of the store's transaction the library is writing in (a sign-up's), else the database's.
  const current = () => open.getStore() ?? db;
  // The mail goes into the outbox before the request answers (the worker sends it): at sign-up in the same
  // transaction as the account, otherwise right after the library's writes.
  const queue = async (mail: Parameters<typeof queueMail>[2]) => {
    try {
      await queueMail(current(), jobs, mail);
    } catch (err) {
      log.error({ err, to: mail.to, subject: mail.subject }, "mail could not be queued");
      throw err;
    }
  };
  /**
   * The link's language and the link itself: the account's language (ADR 0025), else, for an account still
   * being made (its profile follows the sign-up), the page the form was on, which its callbackURL names. The
   * page the link lands on after the token is checked is then in that language.
   */
  const inTheirLanguage = async (user: { id: string; email: string }, url: string): Promise<{ locale: Locale; url: string }> => {
    const link = new URL(url);
    const callback = link.searchParams.get("callbackURL");
    const local = callback?.startsWith("/") && !callback.startsWith("//") ? callback : null;
    const locale = await recipientLocale(current(), { userId: user.id, email: user.email, pageLocale: local ? splitLocale(local.split(/[?#]/)[0]!).locale : null });
    if (local) link.searchParams.set("callbackURL", localePath(local, locale));
    return { locale, url: link.toString() };
  };
  return betterAuth({
    appName: "East Harlem",
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [baseUrl],
    // The library's multi-row writes (a sign-up, a password reset) are transactions; inside a transaction of
    // the store's (see `writingIn`), they are part of it.
    database: drizzleAdapter(followingTransaction(db, open), {
      provider: "pg",
      usePlural: true,
      transaction: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
      },
    }),
    user: {
      additionalFields: {
        role: { type: "string", input: false, required: false, defaultValue: "customer" },
        lastLoginAt: { type: "date", input: false, required: false },
        deletedAt: { type: "date", input: false, required: false },
        active: { type: "boolean", input: false, required: false, defaultValue: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url: given }) => {
        const { locale, url } = await inTheirLanguage(user, given);
        await queue(resetPasswordMail(user.email, url, baseUrl, locale));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url: given }) => {
        const { locale, url } = await inTheirLanguage(user, given);
        await queue(verificationMail(user.email, user.name, url, baseUrl, locale));
      },
    },
    // The crash tests' points between the library's writes at sign-up (no-ops unless armed, core/shared/failpoints.ts).
    databaseHooks: {
      account: { create: { before: async (_account, context) => void (context?.path === SIGN_UP_PATH && crashPoint("accounts.sign_up.after_user")) } },
      session: { create: { before: async (_session, context) => void (context?.path === SIGN_UP_PATH && crashPoint("accounts.sign_up.after_password")) } },
    },
    plugins: [bearer({ requireSignature: true })],
    rateLimit: { enabled: false }, // the store throttles sign-ins itself, in the database (core/accounts)
    // A session is read with its user, and at sign-in a user with its accounts, in one statement each (the
    // relations in db/schema/auth.ts): every signed-in request reads its session (ADR 0029).
    advanced: { ...authCookieSettings(baseUrl), database: { joins: true } },
    telemetry: { enabled: false },
  });
}

/** The identity library's instance, as the store's code calls it. */
export type Auth = Awaited<ReturnType<typeof openAuth>>;

/**
 * The identity library, loaded when first used, or ahead of that by `load()`. `writingIn(tx, work)` runs
 * `work` with every read and write of the library on the store's open transaction `tx`: a sign-up and the
 * store's part of the new account commit together (core/accounts signUpWithPassword).
 */
export type LoadingAuth = Auth & { load: () => Promise<Auth>; writingIn: <T>(tx: Db, work: () => Promise<T>) => Promise<T> };

/** The store's transaction the identity library's calls in this async context read and write in, if any. */
type OpenTransaction = AsyncLocalStorage<Db>;

/**
 * The handle the library's database adapter is given: the database, except while a store's transaction
 * is open for the library (`writingIn`), when every query goes to that transaction and a transaction the
 * library begins joins it (its writes then commit, or roll back, with the store's). On PGlite's single
 * connection a query through the database's own handle inside that transaction would wait forever, so
 * none is left to do so.
 */
function followingTransaction(db: Db, open: OpenTransaction): Db {
  return new Proxy(db, {
    get(target, name) {
      const tx = open.getStore();
      if (tx && name === "transaction") return <T>(work: (joined: Db) => Promise<T>) => work(tx);
      const handle = tx ?? target;
      const value: unknown = Reflect.get(handle, name, handle);
      return typeof value === "function" ? value.bind(handle) : value;
    },
  });
}

/**
 * The identity library, for the store's code to call as it is (auth.api.*, auth.handler, auth.$context),
 * loaded on the first call: its modules (about 560 files with their dependencies) took a fifth of the
 * store's start, and a guest's first page does not need them. The start calls `load()` once the store
 * answers (ADR 0028). Every member used is a function answering a promise, or a
 * promise, so a call made before the library is loaded only waits for it. A failed load is tried again
 * by the next call.
 */
export function createAuth(options: AuthOptions): LoadingAuth {
  let opened: Promise<Auth> | null = null;
  const open: OpenTransaction = new AsyncLocalStorage<Db>();
  const load = (): Promise<Auth> =>
    (opened ??= openAuth(options, open).catch((error: unknown) => {
      opened = null;
      throw error;
    }));
  const api = new Proxy({} as Auth["api"], {
    get: (_target, name) =>
      typeof name !== "string" || name === "then"
        ? undefined
        : async (...args: unknown[]) => {
            const auth = await load();
            return (auth.api[name as keyof Auth["api"]] as (...given: unknown[]) => unknown)(...args);
          },
  });
  const lazy = {
    api,
    handler: async (request: Request) => (await load()).handler(request),
    get $context() {
      return load().then((auth) => auth.$context);
    },
    load,
    writingIn: <T>(tx: Db, work: () => Promise<T>) => open.run(tx, work),
  };
  return lazy as unknown as LoadingAuth;
}

/**
 * The identity library's cookies ("eh.session_token", ...): over https "__Host-eh.session_token". The
 * library's own useSecureCookies would prefix "__Secure-" in front of any name, so it stays off and the
 * stricter prefix and the Secure attribute are given here instead.
 */
export function authCookieSettings(baseUrl: string) {
  const secure = baseUrl.startsWith("https://");
  return {
    cookiePrefix: storeCookieName("eh", secure),
    useSecureCookies: false,
    defaultCookieAttributes: { httpOnly: true, sameSite: "lax" as const, path: "/", secure },
  };
}
