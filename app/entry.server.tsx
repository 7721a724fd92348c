import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { deferAppScriptsStream } from "./lib/app-on-interaction.server.ts";
import { NonceContext } from "./lib/nonce.ts";
import { noStore } from "./lib/private-page.ts";

export const streamTimeout = 5_000;

/** The drop's light waiting page, drawn by the waiting room's door without React Router (server/lines.ts, ADR 0040). */
export { renderWaitingPage } from "./lib/waiting-page.server.tsx";
/** The use cases, bound by the server from this build's own copy of core (server/http.ts, ADR 0048). */
export { bindUseCases } from "../core/use-cases/index.ts";

/**
 * Every error a loader, action or render threw that no domain rule explains goes to the log as one JSON
 * line (pino, with the method and path), not to stderr. A request the client abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const log = (context as Partial<AppLoadContext> | undefined)?.log;
  const where = { method: request.method, path: new URL(request.url).pathname };
  if (log) log.error({ err: error, ...where }, "request failed");
  else console.error(error);
};

/**
 * Every page carries the visitor's own cart and session, so no shared cache may keep one. A loader or
 * action that answered no-store (account, checkout, orders) gets no-store on the whole document too:
 * React Router only copies loader headers of routes that export `headers`, so this is decided here,
 * once, for every route. A route's own `headers` export still wins.
 */
function documentCacheControl(context: EntryContext): string {
  const { loaderHeaders, actionHeaders } = context.staticHandlerContext;
  const asked = [...Object.values(loaderHeaders), ...Object.values(actionHeaders)].map((h) => h.get("Cache-Control") ?? "");
  return asked.some((v) => v.includes("no-store")) ? noStore["Cache-Control"] : "private, no-cache";
}

/** The matched page's route `handle` (app/lib/guest-cache.ts and the routes), if it is an object. */
function leafHandle(context: EntryContext): { leafData: unknown; handle: Record<string, unknown> } | null {
  const { matches, loaderData } = context.staticHandlerContext;
  const leaf = matches[matches.length - 1];
  const handle: unknown = leaf ? context.routeModules[leaf.route.id]?.handle : undefined;
  return leaf && typeof handle === "object" && handle !== null ? { leafData: loaderData[leaf.route.id], handle: handle as Record<string, unknown> } : null;
}

/**
 * `guestCache`: a guest may be served a kept copy of this page (server/page-cache.ts; only public pages that
 * show every guest the same thing). `appOnInteraction`: the app's JavaScript waits for the first interaction
 * (ADR 0030), unless the page's `appAtOnce(data)` asks for it at once: a product whose timed release is to
 * come counts down and opens without an interaction (ADR 0031).
 */
function leafFlags(context: EntryContext): { guestCache: boolean; appOnInteraction: boolean } {
  const leaf = leafHandle(context);
  if (!leaf) return { guestCache: false, appOnInteraction: false };
  const { handle, leafData } = leaf;
  const atOnce = typeof handle.appAtOnce === "function" && (handle.appAtOnce as (data: unknown) => unknown)(leafData) === true;
  return { guestCache: handle.guestCache === true, appOnInteraction: handle.appOnInteraction === true && !atOnce };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const page = loadContext.page as AppLoadContext["page"] | undefined;
  const flags = leafFlags(routerContext);
  if (page) page.guestCacheable = flags.guestCache;
  const appOnInteraction = flags.appOnInteraction && !routerContext.isSpaMode;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JavaScript visitors get the whole document at once; others get it streamed (browse
    // pages too: the browser parses and lays out a streamed page in shorter tasks than a whole one).
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(appOnInteraction ? body.pipe(deferAppScriptsStream()) : body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", documentCacheControl(routerContext));
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (page) page.failed = true;
          if (shellRendered) loadContext.log.error({ err: error, path: new URL(request.url).pathname }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
