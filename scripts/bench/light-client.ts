import { Pool } from "undici";

// The load: shoppers' visits kept going until a deadline, each on a light HTTP client.

/**
 * Keeps `concurrency` visits going until `deadline` (a Date.now() value): each takes the buyer idle longest,
 * and gives it back when its visit ends, however it ends (`visit` handles its own errors).
 */
export async function visitUntil<B>(deadline: number, concurrency: number, idle: B[], visit: (buyer: B) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        const buyer = idle.shift()!;
        try {
          await visit(buyer);
        } finally {
          idle.push(buyer);
        }
      }
    }),
  );
}

/**
 * A browser for load scripts, on undici's pooled request API instead of fetch: a fifth of fetch's CPU per
 * request (no web streams), which matters when thousands of shoppers run in this one process beside the
 * stores on two cores. It keeps cookies, posts forms and follows nothing by itself, as tests/http-client.ts's
 * Client; its answers are read whole.
 */
export class LightClient {
  readonly cookies = new Map<string, string>();
  private static pools = new Map<string, Pool>();
  /** Connections each store's pool keeps open at most (set before the first request). */
  static connectionsPerStore = 128;

  constructor(
    readonly baseUrl: string,
    readonly timeoutMs: number,
    readonly headers: Record<string, string> = {},
  ) {}

  private pool(): Pool {
    let pool = LightClient.pools.get(this.baseUrl);
    if (!pool) LightClient.pools.set(this.baseUrl, (pool = new Pool(this.baseUrl, { connections: LightClient.connectionsPerStore, pipelining: 1, keepAliveTimeout: 30_000 })));
    return pool;
  }

  /** Closes every pool (the end of a run). */
  static async closeAll(): Promise<void> {
    await Promise.all([...LightClient.pools.values()].map((p) => p.close()));
    LightClient.pools.clear();
  }

  get(path: string): Promise<LightAnswer> {
    return this.send("GET", path, null, {});
  }

  post(path: string, fields: Record<string, string>): Promise<LightAnswer> {
    return this.send("POST", path, new URLSearchParams(fields).toString(), { "content-type": "application/x-www-form-urlencoded", origin: this.baseUrl });
  }

  private async send(method: "GET" | "POST", path: string, body: string | null, extra: Record<string, string>): Promise<LightAnswer> {
    const headers: Record<string, string> = { ...this.headers, ...extra };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await this.pool().request({ method, path, headers, body, headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs });
    const text = await res.body.text();
    const setCookie = res.headers["set-cookie"];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || attrs.some((a) => /max-age=0\b/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const location = res.headers.location;
    return { status: res.statusCode, body: text, location: typeof location === "string" ? location : null };
  }
}

export interface LightAnswer {
  status: number;
  body: string;
  location: string | null;
}
