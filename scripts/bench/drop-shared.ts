import type { LightClient } from "../bench-lib.ts";

// What the parts of bench-drop.ts share: the drop, the shoppers, the run's targets.

export const SLUG = "harlem-classic-tee";
export const REQUEST_TIMEOUT_MS = 30_000;
export const PROCESSES = 2;

/** The targets of issue 33 on this kind of machine (2 cores, both stores and PostgreSQL on it). */
export const FIRST_SALE_TARGET_S = 10;
export const SOLD_OUT_TARGET_S = 60;
export const WAIT_P99_TARGET_S = 60;

export type Route = "product page" | "queue status" | "product page, let in" | "cart add" | "checkout page" | "pay";
export const ROUTES: Route[] = ["product page", "queue status", "product page, let in", "cart add", "checkout page", "pay"];

export interface Shopper {
  index: number;
  userId: string;
  name: string;
  email: string;
  bot: boolean;
  client: LightClient;
  arrivalMs: number;
  /** ms from arrival until the shopper learned it was let in, or null. */
  waitedMs: number | null;
  /** Each request: its route, when it was asked for and sent (ms from the opening), and when answered. */
  steps: { route: Route; askedMs: number; sentMs: number; answeredMs: number; status: number }[];
  /** "cut off": let in, but the run ended before the purchase did. */
  outcome: "bought" | "sold out" | "still waiting" | "cut off" | "refused" | "gave up" | null;
}
