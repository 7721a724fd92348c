import type { Db } from "../db/client.ts";
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
};

declare module "react-router" {
  interface AppLoadContext extends StoreContext {}
}
