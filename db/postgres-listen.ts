import pg from "pg";
import type { Listener } from "./handle.ts";

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_DELAY_MS = 1000;

/**
 * A connection of its own that LISTENs (a pooled one would be handed to other queries). When it is lost it
 * is made again after a moment; meanwhile `live` is false, and onNotify is called once it is back, since
 * what was committed in between was not heard.
 */
export async function listenPostgres(url: string, channel: string, onNotify: () => void): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const retryLater = () => {
    if (!closed && !retry) retry = setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify();
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      live = false;
      next.end().catch(() => {});
      retryLater();
    };
    next.on("error", lost);
    next.on("end", lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      if (client === next) client = null;
      next.end().catch(() => {});
      throw error;
    }
    live = true;
  };
  const reconnect = async () => {
    retry = null;
    if (closed) return;
    try {
      await connect();
      onNotify();
    } catch (error) {
      console.error(`database connection for notifications not made again: ${(error as Error).message}`);
      retryLater();
    }
  };
  await connect();
  // Round trips share one query: whoever asks while one is on its way waits for the next one, which is
  // sent after their call and so answers for it.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const roundTrip = async () => {
    if (!client || !live) throw new Error("the listening connection is down");
    await client.query("select 1");
  };
  return {
    get live() {
      return live;
    },
    sync() {
      if (!running) {
        running = roundTrip().finally(() => (running = null));
        return running;
      }
      queued ??= running
        .catch(() => {})
        .then(() => {
          queued = null;
          running = roundTrip().finally(() => (running = null));
          return running;
        });
      return queued;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      live = false;
      await last?.end().catch(() => {});
    },
  };
}
