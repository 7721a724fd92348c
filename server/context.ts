import type { Db } from "../db/client.ts";
import type { LoadingAuth } from "./auth.ts";
import type { Logger } from "pino";
import type { PaymentProvider } from "../core/payments/index.ts";
import type { CheckoutDeps } from "../core/checkout/index.ts";
import type { JobQueue } from "../core/shared/jobs.ts";
import type { MediaStore } from "../core/media/index.ts";
import type { AudioStore } from "../core/music/index.ts";
import type { EventRecorder } from "../core/analytics/index.ts";
import type { Visit } from "./analytics.ts";
import type { PageRender } from "./page-cache.ts";
import type { LineBoard } from "./lines.ts";
import type { SessionAccountReader } from "./session-reader.ts";

/** What the server hands every loader and action (React Router's load context). */
export type StoreContext = {
  db: Db;
  log: Logger;
  /** The CSP nonce of this response, for inline scripts. */
  nonce: string;
  /** Public base URL, for canonical links and mail. */
  baseUrl: string;
  secureCookies: boolean;
  auth: LoadingAuth;
  /** The server's signing secret: newsletter unsubscribe links are signed with a key derived from it. */
  signingSecret: string;
  /** The job queue: mail is queued through it in the transaction of the change it reports. */
  jobs: JobQueue;
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
  /** What checkout commands need (database, provider, queue, hold), and Stripe's publishable key when it is the provider. */
  checkout: { deps: CheckoutDeps; stripePublishableKey: string | null };
  /** Development-only pages (the mail outbox) are served when true. */
  isDevelopment: boolean;
  /** This request as analytics sees it (bot or not, its anonymous session), and where its events go. */
  visit: Visit;
  analytics: { recorder: EventRecorder; rollup: () => Promise<unknown> };
  /** The app's own request for a route's data (`.data`: a fetcher, a navigation of a running app), not a page. */
  dataRequest: boolean;
  /** Places in lines this request took before the pages saw it (the waiting room's door let the visitor in at once): ticket ids. */
  placesTaken: readonly string[];
  /** This process's picture of the drops' running lines (server/lines.ts). */
  lines: LineBoard;
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
