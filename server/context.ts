import type { Db } from "../db/client.ts";
import type { Auth } from "./auth.ts";
import type { Mailer } from "./mail.ts";
import type { Logger } from "pino";

/** What the server hands every loader and action (React Router's load context). */
export type StoreContext = {
  db: Db;
  log: Logger;
  /** The CSP nonce of this response, for inline scripts. */
  nonce: string;
  /** Public base URL, for canonical links and mail. */
  baseUrl: string;
  secureCookies: boolean;
  auth: Auth;
  mailer: Mailer;
  /** Emails that get the admin role at sign-up and sign-in (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  /** The client's address (behind a proxy on loopback: the forwarded one), for throttling. */
  clientIp: string;
  /** Development-only pages (the mail outbox) are served when true. */
  isDevelopment: boolean;
};

declare module "react-router" {
  interface AppLoadContext extends StoreContext {}
}
