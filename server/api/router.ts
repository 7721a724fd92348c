import express, { type NextFunction, type Request, type Response } from "express";
import { DEFAULT_LOCALE, type Locale } from "../../core/shared/locale.ts";
import { compressAnswers } from "../compression.ts";
import { addressProblem, isHostName, MESSAGES as REQUEST_MESSAGES } from "../request-guard.ts";
import { negotiateLocale } from "../../texts/index.ts";
import { TOKEN_PATTERN } from "../../core/shared/ids.ts";
import { track } from "./analytics.ts";
import { jsonBody, parseBody, parseWith, problemOf, queryFields } from "./request.ts";
import { entityTag, sendKept, validatedCopy } from "./validators.ts";
import { authenticate, signInRequired } from "./bearer.ts";
import { claimIdempotency, requestIdentity, settleKey, type HeldKey } from "./idempotency.ts";
import { countAddress, countToken, setRateLimitHeaders, type Quota } from "./limits.ts";
import type { AnyOperation, ApiContext, ApiDeps } from "./operation.ts";
import { API_MESSAGES, ApiProblem, problemJson, sendProblem, type Said } from "./problem.ts";

const METHODS = ["GET", "HEAD", "POST", "PATCH", "DELETE", "OPTIONS"];
/** What a browser page on an allowed origin may read of an answer. */
const EXPOSED = ["ETag", "RateLimit", "RateLimit-Policy", "Retry-After", "Location", "Content-Language", "WWW-Authenticate", "X-Cart-Token", "Idempotent-Replayed"];

/** The language of the answer: Accept-Language among the store's (English unless Spanish is preferred). */
export function apiLocale(req: Request): Locale {
  return negotiateLocale(req.get("accept-language")) ?? DEFAULT_LOCALE;
}

function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * Cross-origin reads by browser pages, only from the origins configured (API_CORS_ORIGINS; none by default:
 * apps are not browsers and need none). No credentials are ever allowed: the API reads bearer tokens, not cookies.
 */
function cors(origins: readonly string[]) {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get("origin");
    const allowed = origin !== undefined && origins.includes(origin);
    if (origins.length > 0) res.vary("Origin");
    if (allowed) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      res.setHeader("Access-Control-Expose-Headers", EXPOSED.join(", "));
    }
    if (req.method === "OPTIONS") {
      if (allowed) {
        res.setHeader("Access-Control-Allow-Methods", "GET, POST, PATCH, DELETE");
        res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, If-None-Match, Accept-Language, X-Analytics-Session, X-Cart-Token, Queue-Ticket, Idempotency-Key");
        res.setHeader("Access-Control-Max-Age", "600");
      }
      res.setHeader("Allow", METHODS.join(", "));
      res.status(204).end();
      return;
    }
    next();
  };
}

/** The checks every request to the store gets (server/request-guard.ts), answered as problems. */
function addressChecks(deps: ApiDeps) {
  return (req: Request, res: Response, next: NextFunction) => {
    const fail = (status: number, code: string, message: Said) => sendProblem(res, new ApiProblem(status, code, message), { baseUrl: deps.baseUrl, locale: apiLocale(req) });
    if (!METHODS.includes(req.method)) {
      res.setHeader("Allow", METHODS.join(", "));
      return fail(405, "method_not_allowed", API_MESSAGES.methodNotAllowed);
    }
    const host = req.get("host");
    if ((host !== undefined && !isHostName(host)) || (req.host !== undefined && !isHostName(req.host))) return fail(400, "bad_request", REQUEST_MESSAGES.badHost);
    const problem = addressProblem(req.originalUrl);
    if (problem) return fail(400, "bad_request", problem);
    next();
  };
}

/** A guest cart's token from X-Cart-Token: the random token the API issued (a malformed one is refused). */
export const CART_TOKEN_MESSAGE = "Your cart has expired. Please add the item again.";
function cartTokenOf(req: Request): string | null {
  const value = req.get("x-cart-token");
  if (value === undefined || value === "") return null;
  if (!TOKEN_PATTERN.test(value)) throw new ApiProblem(400, "validation", CART_TOKEN_MESSAGE, { errors: [{ field: "header.x-cart-token", message: CART_TOKEN_MESSAGE }] });
  return value;
}

/** "/products/{slug}" as Express writes it: "/products/:slug". */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

function serve(op: AnyOperation, deps: ApiDeps) {
  return async (req: Request, res: Response) => {
    const locale = apiLocale(req);
    const quotas: Quota[] = [];
    let held: HeldKey | null = null;
    try {
      await countAddress(deps, clientAddress(req), quotas);
      const signedIn = await authenticate(req, deps);
      if (signedIn) await countToken(deps, signedIn.viewer.sessionId, quotas);
      // Every answer from here on says what is left of its quotas and which language it speaks.
      setRateLimitHeaders(res, quotas, deps.limits.windowSeconds);
      res.setHeader("Content-Language", locale);
      if (op.access === "signed-in" && !signedIn) throw signInRequired();
      const params = parseWith(op.params, { ...req.params }, "path");
      const query = parseWith(op.query, queryFields(req), "query");
      const viewer = signedIn?.viewer ?? null;
      const body = await parseBody(op, req.body, deps, viewer);
      const cartToken = op.cartToken && !viewer ? cartTokenOf(req) : null;
      // A request that creates something, sent again under its Idempotency-Key: the first answer again.
      const keyed = await claimIdempotency(deps, op, req, { viewer, cartToken }, req.body);
      if (keyed && "replay" in keyed) {
        res.setHeader("Cache-Control", "no-store");
        res.setHeader("Idempotent-Replayed", "true");
        res.status(keyed.replay.status);
        if (keyed.replay.status === 204) res.end();
        else res.type(keyed.replay.type).send(keyed.replay.body);
        return;
      }
      held = keyed?.held ?? null;
      const ctx: ApiContext = { deps, locale, viewer, cartToken, requestKey: held ? requestIdentity(held) : null, req, res };
      // A catalogue read without a token is the same for every app: its answer may be a kept one.
      const keep = op.etag && op.method === "get" && !signedIn && deps.answers && (await deps.answers.ready()) ? deps.answers : null;
      const taken = keep ? await keep.take(`api ${locale} ${req.originalUrl}`, true) : null;
      if (taken) res.setHeader("X-Page-Cache", taken.copy ? "hit" : "miss");
      if (taken?.copy) {
        for (const event of taken.copy.events) track(ctx, event);
        sendKept(req, res, taken.copy);
        return;
      }
      // A catalogue read made anew is compressed like any other answer (its route leaves compression out, so
      // that its kept copies go out as kept).
      if (op.etag) compressAnswers(req, res, () => undefined);
      const render = taken?.render;
      if (render) ctx.tracked = [];
      let json: string;
      let tag: string | null = null;
      try {
        const result = await op.handle({ params, query, body, ctx });
        if (op.success.status === 204) {
          if (held) await settleKey(deps, held, { status: 204, type: "", body: "" });
          res.setHeader("Cache-Control", "no-store");
          res.status(204).end();
          return;
        }
        // The answer goes out through its documented schema: what is not in the contract is never sent.
        json = JSON.stringify(op.success.schema ? op.success.schema.parse(result) : result);
        if (op.etag) tag = entityTag(json);
        // Kept with its tag, so a kept answer is sent as it was made: neither hashed nor compressed again.
        void render?.finish({ headers: tag ? [["ETag", tag]] : [], nonce: "", events: ctx.tracked ?? [], html: Buffer.from(json) });
      } finally {
        void render?.finish(null);
      }
      if (held) await settleKey(deps, held, { status: op.success.status, type: "application/json", body: json });
      res.status(op.success.status).type("application/json");
      if (tag) {
        if (validatedCopy(req, res, tag)) return;
      } else {
        res.setHeader("Cache-Control", "private, no-store");
      }
      res.send(json);
    } catch (error) {
      setRateLimitHeaders(res, quotas, deps.limits.windowSeconds);
      const problem = problemOf(error, deps, req);
      if (held) await settleKey(deps, held, { status: problem.status, type: "application/problem+json", body: problemJson(problem, { baseUrl: deps.baseUrl, locale }) });
      sendProblem(res, problem, { baseUrl: deps.baseUrl, locale });
    }
  };
}

/**
 * The API's router, mounted at /api/v1: CORS and the store's address checks, JSON bodies, then each
 * operation; anything else under it is a 404 problem, a known path with another method a 405.
 */
export function apiRouter(deps: ApiDeps, operations: readonly AnyOperation[], extra: (router: express.Router) => void): express.Router {
  const router = express.Router({ caseSensitive: true, strict: false });
  router.use(cors(deps.corsOrigins));
  router.use(addressChecks(deps));
  extra(router);
  router.use(jsonBody);
  const paths = new Map<string, string[]>();
  for (const op of operations) {
    const path = expressPath(op.path);
    // Compressed, except the catalogue reads, whose kept copies go out as kept (serve compresses the others).
    if (op.etag) router[op.method](path, serve(op, deps));
    else router[op.method](path, compressAnswers, serve(op, deps));
    paths.set(path, [...(paths.get(path) ?? []), op.method.toUpperCase()]);
  }
  for (const [path, methods] of paths) {
    router.all(path, (req, res) => {
      res.setHeader("Allow", [...methods, ...(methods.includes("GET") ? ["HEAD"] : [])].join(", "));
      sendProblem(res, new ApiProblem(405, "method_not_allowed", API_MESSAGES.methodNotAllowed), { baseUrl: deps.baseUrl, locale: apiLocale(req) });
    });
  }
  router.use((req: Request, res: Response) => sendProblem(res, new ApiProblem(404, "not_found", API_MESSAGES.notFound), { baseUrl: deps.baseUrl, locale: apiLocale(req) }));
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => sendProblem(res, problemOf(error, deps, req), { baseUrl: deps.baseUrl, locale: apiLocale(req) }));
  return router;
}

/** For /api outside the API's versions (and the store's other /api paths once they have passed): a 404 problem. */
export function apiNotFound(baseUrl: string) {
  return (req: Request, res: Response) => sendProblem(res, new ApiProblem(404, "not_found", API_MESSAGES.notFound), { baseUrl, locale: apiLocale(req) });
}
