import pLimit, { type LimitFunction } from "p-limit";
import type { Logger } from "pino";
import { admitWaiting, readPlace, runningLines, type RunningLine, type SignedPlace } from "../core/queue/index.ts";
import type { Db } from "../db/client.ts";
import { queueTokensOf } from "../core/queue/index.ts";

// A drop's line as each app process pictures it (server/lines.ts, ADR 0040), and what the doors that answer
// from it share.

/** How old a picture of the lines may be before a request that uses it has it read again. */
export const LINE_PICTURE_MS = 500;
/** A picture this many times older than that is read again before it is used. */
const STALE_PICTURE_FACTOR = 4;
/**
 * How many joins and place reads of the waiting room one process runs at once (of its ten database
 * connections); the rest wait their turn in arrival order, in memory. Buying (adds, checkouts, payments, the
 * product page of those let in) never waits in this lane.
 */
export const LINE_LANE_WIDTH = 4;

export class LineBoard {
  private bySlug = new Map<string, RunningLine>();
  private byProduct = new Map<number, RunningLine>();
  private byVariant = new Map<number, RunningLine>();
  private readAt = -Infinity;
  private reading: Promise<void> | null = null;
  /** The line lane: the waiting room's work this picture cannot answer, a few at once (LINE_LANE_WIDTH). */
  readonly lane: LimitFunction;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly maxAgeMs = LINE_PICTURE_MS,
    laneWidth = LINE_LANE_WIDTH,
  ) {
    this.lane = pLimit(laneWidth);
  }

  /**
   * The running line of a product address, from the picture: a picture older than its age is read again in
   * the background while this request uses the one there is (a busy line is asked about many times a second);
   * one much older (nobody asked for a while, or never) is read again first.
   */
  async lineOf(slug: string): Promise<RunningLine | undefined> {
    const age = performance.now() - this.readAt;
    if (age > STALE_PICTURE_FACTOR * this.maxAgeMs) await this.refresh();
    else if (age > this.maxAgeMs) void this.refresh();
    return this.bySlug.get(slug);
  }

  /** The running line of a product, or of a variant's product, from the picture as it is (no read). */
  runningLineOf(which: { productId: number } | { variantId: number }): RunningLine | undefined {
    return "productId" in which ? this.byProduct.get(which.productId) : this.byVariant.get(which.variantId);
  }

  /**
   * Moves every line that has someone waiting, then reads the picture again; concurrent calls share one read.
   * A failed read keeps the last picture (and is tried again after the picture's age).
   */
  refresh(): Promise<void> {
    this.reading ??= (async () => {
      try {
        for (const line of this.bySlug.values()) {
          if (line.waiting.length > 0 && !line.soldOut) await admitWaiting(this.db, line.productId);
        }
        const lines = await runningLines(this.db);
        this.bySlug = new Map(lines.map((line) => [line.slug, line]));
        this.byProduct = new Map(lines.map((line) => [line.productId, line]));
        this.byVariant = new Map(lines.flatMap((line) => line.variantIds.map((id) => [id, line] as const)));
      } catch (err) {
        this.log.error({ err }, "reading the drops' lines failed");
      } finally {
        this.readAt = performance.now();
        this.reading = null;
      }
    })();
    return this.reading;
  }
}

/** The verified places a request's cookie carries. */
export function placesOf(cookieHeader: string | undefined, secure: boolean, secret: string): SignedPlace[] {
  return queueTokensOf(cookieHeader, secure)
    .map((token) => readPlace(token, secret))
    .filter((place): place is SignedPlace => place !== null);
}

export interface LineDoorOptions {
  board: LineBoard;
  secret: string;
  secureCookies: boolean;
}
