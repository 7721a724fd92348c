import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Stripe from "stripe";

/**
 * A local stand-in for the parts of the Stripe API the store calls (the stripe SDK is pointed at it with
 * STRIPE_API_URL): PaymentIntents (create under an Idempotency-Key, retrieve with expand[]=latest_charge,
 * search by metadata, cancel) and refunds. Requests are form-encoded and answers are shaped like Stripe's objects and errors.
 * What the shopper's browser would do with Stripe.js (confirm the card) the test does with succeed()/fail().
 */

type Json = Record<string, unknown>;

export interface FakeIntent extends Json {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "succeeded" | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  latest_charge: string | null;
  payment_method: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Json;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `a[b][0]=x` -> { a: { b: ["x"] } }, as Stripe reads its form-encoded parameters. */
export function parseStripeParams(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Json = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== "object") return value;
    const entries = Object.entries(value as Json).map(([k, v]) => [k, arrays(v)] as const);
    return entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k)) ? entries.map(([, v]) => v) : Object.fromEntries(entries);
  };
  return arrays(root) as Json;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

export async function startFakeStripe(options: { secretKey: string }) {
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const requests: FakeRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();

  const intentOf = (intentId: string): FakeIntent => {
    const intent = intents.get(intentId);
    if (!intent) throw new StripeApiError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${intentId}'`, param: "intent" });
    return intent;
  };

  /** The intent as the API shows it, with latest_charge expanded when asked. */
  const view = (intent: FakeIntent, expand: unknown): Json => {
    const expanded = Array.isArray(expand) ? expand : [];
    const copy: Json = structuredClone(intent);
    if (expanded.includes("latest_charge") && intent.latest_charge) copy.latest_charge = structuredClone(charges.get(intent.latest_charge));
    return copy;
  };

  function createIntent(params: Json): FakeIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) throw new StripeApiError(400, { type: "invalid_request_error", code: "amount_too_small", message: "Amount must be at least $0.50 usd", param: "amount" });
    if (typeof params.currency !== "string") throw new StripeApiError(400, { type: "invalid_request_error", code: "parameter_missing", message: "Missing required param: currency.", param: "currency" });
    const intentId = id("pi");
    const intent: FakeIntent = {
      id: intentId,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency: params.currency,
      status: "requires_payment_method",
      client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
      description: params.description ?? null,
      metadata: (params.metadata as Record<string, string>) ?? {},
      receipt_email: (params.receipt_email as string) ?? null,
      automatic_payment_methods: params.automatic_payment_methods ? { enabled: true, allow_redirects: (params.automatic_payment_methods as Json).allow_redirects ?? "always" } : null,
      latest_charge: null,
      payment_method: null,
      last_payment_error: null,
      canceled_at: null,
      cancellation_reason: null,
      created: nowSeconds(),
      livemode: false,
    };
    intents.set(intentId, intent);
    return intent;
  }

  function cancelIntent(intent: FakeIntent, params: Json): FakeIntent {
    if (intent.status === "succeeded" || intent.status === "canceled") {
      throw new StripeApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    }
    intent.status = "canceled";
    intent.canceled_at = nowSeconds();
    intent.cancellation_reason = (params.cancellation_reason as string) ?? null;
    return intent;
  }

  function createRefund(params: Json): Json {
    const intent = intentOf(String(params.payment_intent));
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (!charge) throw new StripeApiError(400, { type: "invalid_request_error", code: "charge_not_refundable", message: `PaymentIntent ${intent.id} has no successful charge to refund.` });
    const amount = params.amount === undefined ? intent.amount_received : Number(params.amount);
    const left = intent.amount_received - Number(charge.amount_refunded);
    if (amount > left) throw new StripeApiError(400, { type: "invalid_request_error", code: "amount_too_large", message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})` });
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === intent.amount_received;
    const refund = { id: id("re"), object: "refund", amount, currency: intent.currency, charge: charge.id, payment_intent: intent.id, status: "succeeded", created: nowSeconds() };
    refunds.set(refund.id, refund);
    return refund;
  }

  /** Search by metadata, the one query form the store uses: metadata['key']:'value'. */
  function searchIntents(query: string): Json {
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim());
    if (!match) throw new StripeApiError(400, { type: "invalid_request_error", message: `Unsupported search query: ${query}`, param: "query" });
    const data = [...intents.values()].filter((i) => i.metadata[match[1]!] === match[2]).map((i) => view(i, []));
    return { object: "search_result", data, has_more: false, next_page: null, url: "/v1/payment_intents/search" };
  }

  function route(method: string, path: string, params: Json): Json {
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(params);
    if (method === "GET" && path === "/v1/payment_intents/search") return searchIntents(String(params.query ?? ""));
    if (method === "GET" && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) return view(intentOf(match[1]!), params.expand);
    if (method === "POST" && (match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path))) return cancelIntent(intentOf(match[1]!), params);
    if (method === "POST" && path === "/v1/refunds") return createRefund(params);
    throw new StripeApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = req.method === "GET" ? url.search.slice(1) : Buffer.concat(chunks).toString("utf8");
    const params = parseStripeParams(raw);
    const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
    const send = (status: number, body: Json, replayed = false) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req"), ...(replayed ? { "Idempotent-Replayed": "true" } : {}) });
      res.end(JSON.stringify(body));
    };
    requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey: key, params });

    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
    }
    // Stripe answers a repeated key with the first answer, and refuses it for different parameters.
    const fingerprint = `${req.method} ${url.pathname} ${raw}`;
    if (req.method === "POST" && key) {
      const seen = idempotent.get(key);
      if (seen && seen.fingerprint !== fingerprint) {
        return send(400, { error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with." } });
      }
      if (seen) return send(seen.status, seen.body, true);
    }
    let status = 200;
    let body: Json;
    try {
      body = route(req.method ?? "GET", url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    if (req.method === "POST" && key) idempotent.set(key, { fingerprint, status, body: structuredClone(body) });
    send(status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,

    /** What Stripe.js does when the card goes through: a succeeded charge, the intent succeeded. */
    succeed(intentId: string, card: { brand: string; last4: string } = { brand: "visa", last4: "4242" }): FakeIntent {
      const intent = intentOf(intentId);
      const chargeId = id("ch");
      const paymentMethod = id("pm");
      charges.set(chargeId, {
        id: chargeId,
        object: "charge",
        amount: intent.amount,
        amount_captured: intent.amount,
        amount_refunded: 0,
        currency: intent.currency,
        paid: true,
        refunded: false,
        status: "succeeded",
        payment_intent: intent.id,
        payment_method: paymentMethod,
        payment_method_details: { type: "card", card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: "credit", country: "US" } },
        created: nowSeconds(),
      });
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: chargeId, payment_method: paymentMethod, last_payment_error: null });
      return intent;
    },

    /** What Stripe.js does when the card is refused: the intent wants another payment method. */
    fail(intentId: string, error: { code: string; message: string } = { code: "card_declined", message: "Your card was declined." }): FakeIntent {
      const intent = intentOf(intentId);
      Object.assign(intent, {
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", code: error.code, decline_code: "generic_decline", message: error.message },
      });
      return intent;
    },

    /** An Event object as Stripe sends it to a webhook endpoint, with a snapshot of the object. */
    event(type: string, object: Json): Json {
      return {
        id: id("evt"),
        object: "event",
        api_version: "2026-10-28",
        created: nowSeconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** The Stripe-Signature header for a payload, signed with the endpoint's secret as Stripe signs it. */
export function signature(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
}

/** Posts an event to the store's webhook endpoint the way Stripe does: the JSON body and its signature. */
export async function deliver(url: string, event: Json, secret: string, options: { header?: string; body?: string } = {}): Promise<Response> {
  const body = options.body ?? JSON.stringify(event, null, 2);
  return fetch(url, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": options.header ?? signature(body, secret) },
  });
}
