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
    const res = await fetch(new URL(path, this.baseUrl), { headers: this.cookieHeader(), redirect: "manual", ...this.signal() });
    this.remember(res);
    return res;
  }

  async post(path: string, fields: Record<string, string>): Promise<Response> {
    const res = await fetch(new URL(path, this.baseUrl), {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.baseUrl, ...this.cookieHeader() },
      redirect: "manual",
      ...this.signal(),
    });
    this.remember(res);
    return res;
  }

  /** A page's visible words: HTML without React's text separators. */
  static async text(res: Response): Promise<string> {
    return (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  }
}
