import path from "node:path";
import expressStaticGzip from "express-static-gzip";
import express, { type Request, type Response } from "express";
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
import { bindUseCases, type StoreDeps, type UseCases } from "../core/use-cases/index.ts";
import { paymentWebhookHandler } from "./payment-webhook.ts";
import { oneClickStopAlerts } from "./alerts.ts";
import { oneClickUnsubscribe } from "./newsletter.ts";
import { LOCALES } from "../core/shared/locale.ts";
import { localePath } from "../core/shared/paths.ts";
import { createRequestHandler } from "./react-router-handler.ts";
import { compressAnswers } from "./compression.ts";
import { requestLog } from "./request-log.ts";
import { securityHeaders } from "./security-headers.ts";
import { addressGuard, errorAnswer, formBodyGuard, sameOriginGuard } from "./request-guard.ts";
import { LineBoard, lineStatusFromPicture, waitingAddDoor, waitingRoomDoor, type RenderWaitingPage } from "./lines.ts";
import { sessionAccountReader } from "./session-reader.ts";
import { apiNotFound, createApi } from "./api/index.ts";

export { withoutSecrets } from "./request-log.ts";

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
  const storeDeps: StoreDeps = {
    db: database.db,
    auth: options.auth,
    log,
    jobs: options.jobs,
    baseUrl: env.BASE_URL,
    signingSecret: options.secret,
    adminEmails: env.ADMIN_EMAILS,
    payments,
    media: options.media,
    audio: options.audio,
    checkout: checkoutDeps,
  };
  // The API's use cases, from this bundle's core. The pages' bundle (React Router's build) carries its own copy of
  // core, with its own error classes the pages recognise: the pages' use cases are bound from that copy (ADR 0048).
  const useCases = bindUseCases(storeDeps);
  const pageUseCases = new WeakMap<object, UseCases>();
  const useCasesOf = (build: ServerBuild): UseCases => {
    const entry = build.entry.module as { bindUseCases?: typeof bindUseCases };
    if (!entry.bindUseCases) throw new Error("the server build's entry does not export bindUseCases (app/entry.server.tsx)");
    let bound = pageUseCases.get(entry);
    if (!bound) pageUseCases.set(entry, (bound = entry.bindUseCases(storeDeps)));
    return bound;
  };
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies named in TRUSTED_PROXIES; otherwise a client could
  // name its own address and step around the throttles that count per address.
  app.set("trust proxy", env.TRUSTED_PROXIES.length > 0 ? env.TRUSTED_PROXIES : false);
  app.use(securityHeaders(env));
  app.use(requestLog(log));
  // The app's JSON API (ADR 0027): its own body, origin and error rules (problem+json), so before the pages' guards;
  // it compresses its own answers (its kept catalogue reads go out as they were kept, already compressed).
  app.use("/api/v1", createApi({ useCases, auth: options.auth, log, baseUrl: env.BASE_URL, signingSecret: options.secret, adminEmails: env.ADMIN_EMAILS, analytics: { recorder: options.analytics.recorder, recording: env.ANALYTICS_RECORDING === "on" }, limits: { perAddress: env.API_RATE_LIMIT_PER_ADDRESS, perToken: env.API_RATE_LIMIT_PER_TOKEN, windowSeconds: 60 }, corsOrigins: env.API_CORS_ORIGINS, answers: options.pageCache, checkout: { stripePublishableKey: env.PAYMENT_PROVIDER === "stripe" ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null } }));
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
    useCases: res.locals.useCases as UseCases,
    log,
    nonce: res.locals.nonce as string,
    baseUrl: env.BASE_URL,
    secureCookies: env.BASE_URL.startsWith("https://"),
    auth: options.auth,
    signingSecret: options.secret,
    mailDelivery: options.mailDelivery,
    adminEmails: env.ADMIN_EMAILS,
    payments,
    media: options.media,
    audio: options.audio,
    checkout: {
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
  // The pages' use cases, from the build that renders them (in development, Vite's current one).
  const productionPages = options.build ? useCasesOf(options.build.server) : null;
  const pageUseCasesFor: express.RequestHandler = (_req, res, next) => {
    if (productionPages) {
      res.locals.useCases = productionPages;
      return next();
    }
    options.vite!.ssrLoadModule("virtual:react-router/server-build").then((build) => {
      res.locals.useCases = useCasesOf(build as unknown as ServerBuild);
      next();
    }, next);
  };
  app.use(formBodyGuard(), waitingAddDoor(lineDoor), pageUseCasesFor, handler);
  app.use(errorAnswer(log));
  return app;
}
