/**
 * The pages' load context (ADR 0047): what the server hands every loader and action, declared by the app that
 * is handed it, from core's types. This is the one file of app/ the server imports: server/http.ts builds an
 * object of this type for each request, and the server's page cache, session reader and waiting room's door
 * take their part of it from here.
 */
import type { Logger } from "pino";
import type { UseCases } from "../core/use-cases/index.ts";
import type { LoadingAuth } from "../core/identity/index.ts";
import type { PaymentProvider } from "../core/payments/index.ts";
import type { Locale } from "../core/shared/locale.ts";
import type { DomainError } from "../core/shared/errors.ts";
import type { MediaStore } from "../core/media/index.ts";
import type { AudioStore } from "../core/music/index.ts";
import type { EventRecorder, Visit } from "../core/analytics/index.ts";

/** What the render of a page told about it (filled in by app/entry.server.tsx through the load context). */
export interface PageRender {
  /** The page's route declares that a guest may get a copy (`handle.guestCache`). */
  guestCacheable: boolean;
  /** Rendering failed after the first bytes were sent (the answer still says 200). */
  failed: boolean;
}

/**
 * Who a session cookie belongs to, read without the identity library (ADR 0040):
 * for the waiting room's pages, which a drop's crowd asks for thousands of times a minute, where the library's
 * session read (its per-call context, a WebCrypto key imported per call) cost more than the rest of the answer.
 * It decides exactly as the library's getSession does: the cookie the library set (`eh.session_token`, over
 * https `__Host-eh.session_token`), its HMAC-SHA256 signature by the server's secret (checked in constant
 * time), a session row with that token not yet expired, and an account that is active and not deleted. It
 * only reads: the library renews a session's expiry on the pages it reads, as before. Everything else (pages,
 * the checkout, the API) reads the session through the library.
 */
export type SessionAccountReader = (cookieHeader: string | null | undefined) => Promise<{ id: string } | null>;

/**
 * What the waiting room's door asks the app to draw (app/lib/waiting-page.server.tsx, handed over as an export
 * of the server build's entry): the line's product, the visitor's place or why it has none.
 */
export interface WaitingPageView {
  locale: Locale;
  slug: string;
  /** The address's query, "?..." or "". */
  search: string;
  productName: string;
  nonce: string;
  stylesheets: readonly string[];
  place:
    | { kind: "waiting"; position: number; ahead: number; estimateMinutes: number; checkAgainMs: number }
    /** `message`: the domain's refusal (its text; the page words it in the view's language); `signIn`: the way in is signing in. */
    | { kind: "refused"; message: DomainError | string; signIn: boolean };
}

export type RenderWaitingPage = (view: WaitingPageView) => string;

/** What the server hands every loader and action (React Router's load context): server/http.ts builds it. */
export type StoreContext = {
  /** Every command and read of the core, bound to the store's services: the pages call these, never the database. */
  useCases: UseCases;
  log: Logger;
  /** The CSP nonce of this response, for inline scripts. */
  nonce: string;
  /** Public base URL, for canonical links and mail. */
  baseUrl: string;
  secureCookies: boolean;
  auth: LoadingAuth;
  /** The server's signing secret: newsletter unsubscribe links are signed with a key derived from it. */
  signingSecret: string;
  /** "smtp" when SMTP_URL is set; "none": mail stays in the outbox table. */
  mailDelivery: "smtp" | "none";
  /** Emails that get the admin role at sign-up and sign-in (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  /** The client's address (behind a proxy named in TRUSTED_PROXIES: the forwarded one), for throttling. */
  clientIp: string;
  /** The card processor PAYMENT_PROVIDER chose. */
  payments: PaymentProvider;
  /** Where uploaded product photographs are kept and read from. */
  media: MediaStore;
  /** Where the Music page's tracks are kept and written to. */
  audio: AudioStore;
  /** Stripe's publishable key when it is the provider (the checkout's commands are in useCases.checkout). */
  checkout: { stripePublishableKey: string | null };
  /** Development-only pages (the mail outbox) are served when true. */
  isDevelopment: boolean;
  /** This request as analytics sees it (bot or not, its anonymous session), and where its events go. */
  visit: Visit;
  analytics: { recorder: EventRecorder; rollup: () => Promise<unknown> };
  /** The app's own request for a route's data (`.data`: a fetcher, a navigation of a running app), not a page. */
  dataRequest: boolean;
  /** Places in lines this request took before the pages saw it (the waiting room's door let the visitor in at once): ticket ids. */
  placesTaken: readonly string[];
  /** The account a request's session cookie belongs to, read without the identity library: the waiting room's pages only (server/session-reader.ts). */
  sessionAccount: SessionAccountReader;
  /** The stylesheets every page links (the root's, from the build), for pages drawn without the root (the waiting page). */
  stylesheets: readonly string[];
  /** What the render tells the page cache about this page (set by app/entry.server.tsx). */
  page: PageRender;
};

declare module "react-router" {
  // Module augmentation needs an interface, even an empty one.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StoreContext {}
}
