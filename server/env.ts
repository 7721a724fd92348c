import { isIP } from "node:net";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);

/** One address, or a block of them in CIDR notation (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrBlock(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The runtime contract (see README): every variable the store reads, checked once at start. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must start with postgres://"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
    SMTP_URL: z.string().trim().optional().transform((v) => v || undefined),
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    /**
     * The proxies whose X-Forwarded-For is believed, as Express's `trust proxy` list; empty (unset): none,
     * and the client's address is the connection's own.
     */
    TRUSTED_PROXIES: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isAddressOrBlock), "TRUSTED_PROXIES must be comma-separated IP addresses or CIDR blocks, such as 127.0.0.1,10.0.0.0/8"),
    PAYMENT_PROVIDER: z.enum(["test", "stripe"]).default("test"),
    /** How long an unpaid checkout holds its stock before the sweeper releases it. */
    RESERVATION_TTL_MINUTES: z.coerce.number().positive().max(24 * 60).default(15),
    /** How often each app process looks for expired reservations. */
    SWEEP_INTERVAL_SECONDS: z.coerce.number().positive().max(3600).default(30),
    /** How often days with new analytics events are recounted into the rollups. */
    ANALYTICS_ROLLUP_SECONDS: z.coerce.number().positive().max(3600).default(30),
    /**
     * "off": the store records no analytics event at all (no page view, product view, search, cart,
     * checkout, purchase or refund event) and sets no visit cookie; the analytics page shows what was
     * recorded before. For operators who must not track, and for measuring what recording costs.
     */
    ANALYTICS_RECORDING: z.enum(["on", "off"]).default("on"),
    /**
     * How long a guest's copy of a public page may be served to other guests (server/page-cache.ts, ADR
     * 0026), in seconds, at most 2; 0 renders every page.
     */
    PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(2).default(2),
    /** Raw analytics events are kept this many months; the daily rollups for ever. */
    ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
    /** A checkout still "charging" after this long is reconciled with the payment provider by the sweeper. */
    RECONCILE_AFTER_SECONDS: z.coerce.number().positive().max(24 * 3600).default(60),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Where the Stripe API is (a local stand-in in tests); unset: Stripe itself. */
    STRIPE_API_URL: optionalText.pipe(z.url("STRIPE_API_URL must be a URL such as http://127.0.0.1:12111").optional()),
    BASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.url("BASE_URL must be a URL such as https://shop.example.com").optional()),
    /** Signs session cookies; unset, a secret is made on first start and kept in the database. */
    AUTH_SECRET: z.string().trim().min(32, "AUTH_SECRET must be at least 32 characters").optional().or(z.literal("").transform(() => undefined)),
    /**
     * Origins (scheme://host[:port], comma-separated) whose browser pages may call the app's API (/api/v1)
     * across origins; unset: none. Apps are not browsers and need none.
     */
    API_CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((entry) => entry.trim().replace(/\/$/, ""))
          .filter(Boolean),
      )
      .refine((origins) => origins.every((o) => /^https?:\/\/[^/\s]+$/.test(o)), "API_CORS_ORIGINS must be comma-separated origins such as https://app.example.com"),
    /** The app's API: requests a minute from one address (every request counts). */
    API_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** The app's API: requests a minute with one token (a signed-in request counts here too). */
    API_RATE_LIMIT_PER_TOKEN: z.coerce.number().int().min(1).max(1_000_000).default(300),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER !== "stripe") return;
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} is required when PAYMENT_PROVIDER=stripe` });
    }
  })
  .transform((env) => ({ ...env, BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "") }));

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
