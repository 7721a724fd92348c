/** A minimal browser for HTTP tests: keeps cookies, posts forms, follows nothing by itself. */
export class Client {
  readonly cookies = new Map<string, string>();
  /**
   * `timeoutMs`: every request is abandoned (throws) after this long; unset, requests wait.
   * `headers`: sent with every request (e.g. the X-Forwarded-For a proxy in front of the store would add).
   */
  constructor(
    readonly baseUrl: string,
    readonly timeoutMs?: number,
    readonly headers: Record<string, string> = {},
  ) {}

  private signal(): { signal?: AbortSignal } {
    return this.timeoutMs ? { signal: AbortSignal.timeout(this.timeoutMs) } : {};
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): Record<string, string> {
    if (this.cookies.size === 0) return { ...this.headers };
    return { ...this.headers, Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
  }

  async get(path: string): Promise<Response> {
    const res = await fetch(new URL(path, this.baseUrl), { headers: { ...this.headers, ...this.cookieHeader() }, redirect: "manual", ...this.signal() });
    this.remember(res);
    return res;
  }

  async post(path: string, fields: Record<string, string>): Promise<Response> {
    const res = await fetch(new URL(path, this.baseUrl), {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.baseUrl, ...this.headers, ...this.cookieHeader() },
      redirect: "manual",
      ...this.signal(),
    });
    this.remember(res);
    return res;
  }

  /** Any request, with this browser's cookies (and its headers under the given ones); remembers the answer's cookies. */
  async send(path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    const res = await fetch(new URL(path, this.baseUrl), {
      redirect: "manual",
      ...this.signal(),
      ...init,
      headers: { ...this.headers, ...this.cookieHeader(), ...init.headers },
    });
    this.remember(res);
    return res;
  }

  /** A page's visible words: HTML without React's text separators. */
  static async text(res: Response): Promise<string> {
    return (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  }
}

/**
 * A request written by hand over node:http, for what fetch will not send: a Host header of our choosing,
 * a Content-Length with a body streamed to it, or a chunked body of a given size. The body is `bodyBytes`
 * bytes of "a" (after `prefix`), written as the server reads it; the answer is collected in full.
 */
export async function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; prefix?: string; bodyBytes?: number; contentLength?: boolean },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const http = await import("node:http");
  const url = new URL(baseUrl);
  const prefix = Buffer.from(options.prefix ?? "");
  const total = prefix.length + (options.bodyBytes ?? 0);
  const headers: Record<string, string | number> = { ...options.headers };
  if (options.contentLength !== false) headers["Content-Length"] = total;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: options.path, method: options.method ?? "POST", headers });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    // Once answered, the server may stop reading: a write that fails then is not the test's concern.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      if (sent === 0 && prefix.length > 0) {
        req.write(prefix);
        sent = prefix.length;
      }
      while (sent < total && !answered) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}
