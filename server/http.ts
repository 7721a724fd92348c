import path from "node:path";
import expressStaticGzip from "express-static-gzip";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import { toNodeHandler } from "better-auth/node";
import { alreadyVerifiedLanding, throughStoreRedirects } from "./auth-links.ts";
import type { Database } from "../db/client.ts";
import type { LoadingAuth } from "../core/identity/index.ts";
import type { PaymentProvider } from "../core/payments/index.ts";
import type { CheckoutDeps } from "../core/checkout/index.ts";
import type { JobQueue } from "../core/shared/jobs.ts";
import type { MediaStore } from "../core/media/index.ts";
import type { AudioStore } from "../core/music/index.ts";
import type { Env } from "./env.ts";
import type { StoreContext } from "../app/context.ts";
import { serveMedia } from "./media.ts";
import { serveAudio } from "./audio.ts";
import { recordCopiedPageEvents, visitMiddleware, type Analytics, type Visit } from "./analytics.ts";
import type { PageCache } from "./page-cache.ts";
import type { Role } from "../db/schema/auth.ts";
import { paymentWebhookHandler } from "./payment-webhook.ts";
import { oneClickStopAlerts } from "./alerts.ts";
import { oneClickUnsubscribe } from "./newsletter.ts";
import { LOCALES } from "../core/shared/locale.ts";
import { localePath } from "../core/shared/paths.ts";
import { createRequestHandler } from "./react-router-handler.ts";
import { secureRandomBytes } from "./request-ids.ts";
import { compressAnswers } from "./compression.ts";
import { addressGuard, errorAnswer, formBodyGuard, sameOriginGuard } from "./request-guard.ts";
import { LineBoard, lineStatusFromPicture, waitingAddDoor, waitingRoomDoor, type RenderWaitingPage } from "./lines.ts";
import { sessionAccountReader } from "./session-reader.ts";
import { apiNotFound, createApi } from "./api/index.ts";

export interface HttpOptions {
  env: Env;
  database: Database;
  log: Logger;
  auth: LoadingAuth;
  /** The server's signing secret (AUTH_SECRET or the one kept in the database). */
  secret: string;
  jobs: JobQueue;
  mailDelivery: "smtp" | "none";
  payments: PaymentProvider;
  /** Where uploaded product photographs are kept (DATA_DIR/media on the local disk). */
  media: MediaStore;
  /** Where the tracks of the Music page are kept (DATA_DIR/media/audio). */
  audio: AudioStore;
  /** Production: the built server bundle and the folder of client files. */
  build?: { server: ServerBuild; clientDir: string };
  /** The event recorder and the rollup run (server/analytics.ts). */
  analytics: Analytics;
  /** Guests' copies of public pages (production build only); absent: every page is rendered. */
  pageCache?: PageCache;
  /** Development: Vite in middleware mode. */
  vite?: { middlewares: express.RequestHandler; ssrLoadModule(id: string): Promise<Record<string, unknown>> };
}

/** Stripe.js and the iframes of its card field, allowed only when Stripe takes the payments. */
const STRIPE_SOURCES = { script: " https://js.stripe.com", frame: "https://js.stripe.com https://hooks.stripe.com", connect: " https://api.stripe.com" };

function securityHeaders(env: Env) {
  const https = env.BASE_URL.startsWith("https://");
  const stripe = env.PAYMENT_PROVIDER === "stripe";
  // Vite's dev server injects inline scripts of its own; the policy is enforced everywhere else.
  const enforced = env.NODE_ENV !== "development";
  const policy = (scriptNonce: string | null) =>
    [
      "default-src 'self'",
      `script-src 'self'${scriptNonce === null ? "" : ` 'nonce-${scriptNonce}'`}${stripe ? STRIPE_SOURCES.script : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self'${stripe ? STRIPE_SOURCES.connect : ""}`,
      ...(stripe ? [`frame-src ${STRIPE_SOURCES.frame}`] : []),
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
  // A page's policy is these two halves around its nonce, joined once here rather than on every request.
  const [pageHead, pageTail] = policy("\0").split("\0") as [string, string];
  // The JSON API and its reference page have no inline script, so no nonce: one policy for all its answers.
  const apiPolicy = policy(null);
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (https || req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // The build's fingerprinted files (stylesheets, scripts, fonts) are never shown as a page, so the
    // headers that govern a page (its policy, framing, opener, permissions, referrer) would be about 550
    // bytes of nothing on each; a page loads several of them before its first paint. /assets answers only
    // its files (a missing one is a plain-text 404, never a page).
    const path = req.path;
    if (path.startsWith("/assets/")) return next();
    if (path.startsWith("/api/v1/") || path === "/api/v1") {
      if (enforced) res.setHeader("Content-Security-Policy", apiPolicy);
    } else {
      const nonce = secureRandomBytes(16).toString("base64");
      res.locals.nonce = nonce;
      if (enforced) res.setHeader("Content-Security-Policy", pageHead + nonce + pageTail);
    }
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    next();
  };
}

/** The address as logged: the one-time tokens of mailed links (verification, reset) are not kept in logs. */
export function withoutSecrets(url: string): string {
  return url.replace(/(\/reset-password\/)[^/?#]+/, "$1[token]").replace(/([?&]token=)[^&#]*/g, "$1[token]");
}

function requestLog(log: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    // Below the log's level (LOG_LEVEL=warn, say) a request costs no listener and no log entry.
    if (!log.isLevelEnabled("info")) return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log.info(
        {
          method: req.method,
          url: withoutSecrets(req.originalUrl),
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
        },
        "request",
      );
    });
    next();
  };
}

/** What every checkout command of this process runs with. */
export function checkoutDepsOf(options: Pick<HttpOptions, "env" | "database" | "log" | "payments" | "jobs">): CheckoutDeps {
  const { env, database, log, payments, jobs } = options;
  return {
    db: database.db,
    payments,
    jobs,
    baseUrl: env.BASE_URL,
    holdTtlMs: env.RESERVATION_TTL_MINUTES * 60_000,
    reconcileAfterMs: env.RECONCILE_AFTER_SECONDS * 1000,
    onError: (err, what) => log.error({ err }, what),
  };
}

/** The store's HTTP app: static files, /healthz, and every page rendered by React Router. */
export function createHttpApp(options: HttpOptions): express.Express {
  const { env, database, log, payments } = options;
  const checkoutDeps = checkoutDepsOf(options);
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies named in TRUSTED_PROXIES; otherwise a client could
  // name its own address and step around the throttles that count per address.
  app.set("trust proxy", env.TRUSTED_PROXIES.length > 0 ? env.TRUSTED_PROXIES : false);
  app.use(securityHeaders(env));
  app.use(requestLog(log));
  // The app's JSON API (ADR 0027): its own body, origin and error rules (problem+json), so before the pages' guards;
  // it compresses its own answers (its kept catalogue reads go out as they were kept, already compressed).
  app.use("/api/v1", createApi({ db: database.db, auth: options.auth, log, baseUrl: env.BASE_URL, jobs: options.jobs, signingSecret: options.secret, adminEmails: env.ADMIN_EMAILS, analytics: { recorder: options.analytics.recorder, recording: env.ANALYTICS_RECORDING === "on" }, limits: { perAddress: env.API_RATE_LIMIT_PER_ADDRESS, perToken: env.API_RATE_LIMIT_PER_TOKEN, windowSeconds: 60 }, corsOrigins: env.API_CORS_ORIGINS, answers: options.pageCache, checkout: { deps: checkoutDeps, stripePublishableKey: env.PAYMENT_PROVIDER === "stripe" ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null } }));
  // A drop's waiting page asks for its place every few seconds: answered from this process's picture of the
  // line and the visitor's signed place, before anything else reads the request (server/lines.ts); a few
  // dozen bytes of JSON, never compressed.
  const lines = new LineBoard(database.db, log);
  const lineDoor = { board: lines, secret: options.secret, secureCookies: env.BASE_URL.startsWith("https://") };
  const sessionAccount = sessionAccountReader(database.db, options.secret, env.BASE_URL.startsWith("https://"));
  app.get(LOCALES.map((locale) => localePath("/shop/:slug/queue", locale)), lineStatusFromPicture({ ...lineDoor, db: database.db, sessionAccount }));
  app.use(compressAnswers);
  app.use(addressGuard());

  app.get("/healthz", async (_req, res) => {
    const ok = await database.ping();
    res.setHeader("Cache-Control", "no-store");
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "unavailable", database: database.kind });
  });

  // Uploaded photographs, straight from the store: before the pages, and before any form handling.
  app.use("/media", serveMedia(options.media, log));
  app.use("/audio", serveAudio(options.audio));

  // Provider webhooks read their body raw (the signature is over its exact bytes), and only on this path.
  if (payments.webhooks) {
    app.post(
      "/api/webhooks/stripe",
      express.raw({ type: () => true, limit: "256kb" }),
      paymentWebhookHandler({
        deps: checkoutDeps,
        webhooks: payments.webhooks,
        log,
      }),
    );
  }
  app.all("/api/webhooks/{*rest}", (_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  // The newsletter's one-click unsubscribe, posted by mail providers from their servers (signed token), at
  // the address in each language (a subscriber's mail names the one in theirs).
  app.post(
    LOCALES.map((locale) => localePath("/newsletter/unsubscribe", locale)),
    oneClickUnsubscribe({ db: database.db, secret: options.secret }, log),
  );
  // The same for the "Notify me" mail's stop link (a random token names the sign-up).
  app.post(
    LOCALES.map((locale) => localePath("/alerts/stop", locale)),
    oneClickStopAlerts({ db: database.db }, log),
  );
  // Everything after this point changes state only for the store's own pages (the webhook above is signed).
  app.use(sameOriginGuard(env.BASE_URL));

  // Of the identity library's HTTP endpoints only the links sent by mail are served: every other account
  // action goes through the store's own forms, which validate, throttle and map errors. The links' callbacks
  // go through the store's safe-redirect rule (server/auth-links.ts).
  const authHandler = toNodeHandler(throughStoreRedirects((request) => options.auth.handler(request), env.BASE_URL, log));
  app.get("/api/auth/verify-email", alreadyVerifiedLanding({ db: database.db, secret: options.secret, sessionAccount }));
  app.get(["/api/auth/verify-email", "/api/auth/reset-password/:token"], (req, res, next) => authHandler(req, res).catch(next));
  app.all("/api/auth/{*rest}", (_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  app.all(["/api", "/api/{*rest}"], apiNotFound(env.BASE_URL));

  const publicDir = options.build?.clientDir ?? path.resolve("public");
  app.get("/favicon.ico", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.type("image/svg+xml").sendFile(path.join(publicDir, "favicon.svg"));
  });

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else if (options.build) {
    const { clientDir } = options.build;
    // Fingerprinted bundles never change under their name (so no validators either); everything else is
    // revalidated. Their text files are sent as compressed at build time (scripts/compress-assets.mjs),
    // brotli first, where the browser takes it.
    app.use(
      "/assets",
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        serveStatic: { immutable: true, maxAge: "1y", index: false, etag: false, lastModified: false },
      }),
    );
    app.use("/assets", (_req, res) => {
      res.status(404).type("text/plain").send("Not found");
    });
    // Every file there has an extension: a page's address (no dot in its last part) costs no file lookup.
    const files = express.static(clientDir, {
      index: false,
      setHeaders: (res) => res.setHeader("Cache-Control", "no-cache"),
    });
    app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
  }

  const stylesheets = options.build?.server.assets.routes.root?.css ?? [];
  const getLoadContext = (req: Request, res: Response): StoreContext => ({
    clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
    db: database.db,
    log,
    nonce: res.locals.nonce as string,
    baseUrl: env.BASE_URL,
    secureCookies: env.BASE_URL.startsWith("https://"),
    auth: options.auth,
    signingSecret: options.secret,
    jobs: options.jobs,
    mailDelivery: options.mailDelivery,
    adminEmails: env.ADMIN_EMAILS,
    payments,
    media: options.media,
    audio: options.audio,
    checkout: {
      deps: checkoutDeps,
      stripePublishableKey: env.PAYMENT_PROVIDER === "stripe" ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
    isDevelopment: env.NODE_ENV !== "production",
    visit: res.locals.visit as Visit,
    analytics: options.analytics,
    page: { guestCacheable: false, failed: false },
    dataRequest: req.path.endsWith(".data"),
    placesTaken: (res.locals.placesTaken as string[] | undefined) ?? [],
    sessionAccount,
    stylesheets,
  });

  const handler = options.vite
    ? createRequestHandler({
        build: () => options.vite!.ssrLoadModule("virtual:react-router/server-build") as unknown as Promise<ServerBuild>,
        getLoadContext,
        mode: "development",
      })
    : createRequestHandler({
        build: options.build!.server,
        getLoadContext,
        mode: env.NODE_ENV,
        pageCache: options.pageCache,
        onCopyServed: (_req, res, page) => recordCopiedPageEvents(options.analytics.recorder, res.locals.visit as Visit | undefined, page.events),
      });
  const secureCookies = env.BASE_URL.startsWith("https://");
  // A drop's product page while its line runs: the waiting page for whoever waits (server/lines.ts), drawn by
  // the app's renderer from the server build, before analytics and React Router read the request.
  const waitingPage = async (): Promise<RenderWaitingPage | undefined> => {
    const build = options.vite ? ((await options.vite.ssrLoadModule("virtual:react-router/server-build")) as unknown as ServerBuild) : options.build?.server;
    return (build?.entry.module as { renderWaitingPage?: RenderWaitingPage } | undefined)?.renderWaitingPage;
  };
  app.get(
    LOCALES.map((locale) => localePath("/shop/:slug", locale)),
    waitingRoomDoor({ ...lineDoor, db: database.db, sessionAccount, stylesheets, renderer: waitingPage }),
  );
  app.use(
    visitMiddleware({
      recorder: options.analytics.recorder,
      recording: env.ANALYTICS_RECORDING === "on",
      secureCookies,
      log,
      roleOf: async (req) => {
        if (!req.get("cookie")?.includes("session_token")) return null;
        const found = await options.auth.api.getSession({ headers: new Headers({ cookie: req.get("cookie") ?? "" }) });
        const user = found?.user as { id: string; role?: Role } | undefined;
        return user ? { id: user.id, role: user.role ?? "customer" } : null;
      },
    }),
  );
  app.use(formBodyGuard(), waitingAddDoor(lineDoor), handler);
  app.use(errorAnswer(log));
  return app;
}
