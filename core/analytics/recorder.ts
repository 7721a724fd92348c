import type { Db } from "../../db/client.ts";
import { writeEventBatch } from "./commands.ts";
import type { EventInput } from "./inputs.ts";

/**
 * Buffers events off the request path and writes them in batches: every `flushMs`, or at once when
 * `batchSize` are waiting. A page only pushes to an array. While the database is unreachable the buffer
 * keeps at most `maxBuffered` events (the oldest are dropped first, and counted), so memory stays flat.
 */
export class EventRecorder {
  private buffer: EventInput[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { flushMs?: number; batchSize?: number; maxBuffered?: number; onError?: (error: unknown) => void } = {},
  ) {}

  record(event: EventInput): void {
    this.buffer.push(event);
    const max = this.options.maxBuffered ?? 50_000;
    if (this.buffer.length > max) {
      this.dropped += this.buffer.length - max;
      this.buffer.splice(0, this.buffer.length - max);
    }
    if (this.buffer.length >= (this.options.batchSize ?? 500)) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs ?? 1000);
      this.timer.unref();
    }
  }

  /** Writes what is buffered; concurrent calls wait for the one running, then write what came since. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.flushing) await this.flushing;
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = writeEventBatch(this.db, batch)
      .catch((error: unknown) => {
        // Kept for the next flush (bounded by maxBuffered in record()).
        this.buffer = [...batch, ...this.buffer];
        this.options.onError?.(error);
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  /** Stops the timer and writes what remains (on shutdown). */
  async stop(): Promise<void> {
    await this.flush();
  }
}
