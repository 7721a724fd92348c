import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type { UseCases } from "../../core/use-cases/index.ts";
import type { Role } from "../../db/schema/auth.ts";
import type { EventInput, EventRecorder } from "../../core/analytics/index.ts";
import type { Locale } from "../../core/shared/locale.ts";
import type { LoadingAuth } from "../../core/identity/index.ts";
import type { PageCache } from "../page-cache.ts";
import type { FieldError } from "./field-errors.ts";

/** What the API runs with: the same services the pages get (server/http.ts hands them over). */
export interface ApiDeps {
  /** Every command and read of the core, bound to the store's services (the pages' own): the API calls these, never the database. */
  useCases: UseCases;
  auth: LoadingAuth;
  log: Logger;
  baseUrl: string;
  /** The server's signing secret (the newsletter's links). */
  signingSecret: string;
  adminEmails: readonly string[];
  analytics: { recorder: EventRecorder; recording: boolean };
  limits: ApiLimits;
  /** Origins (scheme://host[:port]) whose browser pages may call the API; empty: none (apps are not browsers). */
  corsOrigins: readonly string[];
  /**
   * The guest page cache (server/page-cache.ts, ADR 0026), which also keeps the catalogue reads' answers to
   * requests without a token, for as long and dropped by the same changes; absent: every answer is made.
   */
  answers?: PageCache;
  /** Stripe's publishable key when Stripe takes the payments (for the mobile SDK). */
  checkout: { stripePublishableKey: string | null };
}

/** Requests per window: every request counts against its address, a signed-in one also against its token. */
export interface ApiLimits {
  perAddress: number;
  perToken: number;
  windowSeconds: number;
}

/** The shopper behind a bearer token: decided on the server from the token, never from the request's words. */
export interface ApiViewer {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role: Role;
  /** The session the token is, for the token list ("current") and the per-token limit. */
  sessionId: string;
}

export type Access = "public" | "signed-in";

export interface ApiContext<A extends Access = Access> {
  deps: ApiDeps;
  /** What the handler recorded for analytics, kept with a kept answer to be recorded again for each request it serves. */
  tracked?: Tracked[];
  locale: Locale;
  viewer: A extends "signed-in" ? ApiViewer : ApiViewer | null;
  /** The guest cart named by X-Cart-Token (operations with `cartToken`), checked for its form only; null when none. */
  cartToken: string | null;
  /** The request's Idempotency-Key as held (requester, key and first claim), for what it starts elsewhere; null without one. */
  requestKey: string | null;
  req: Request;
  res: Response;
}

/** An analytics event as an operation records it (server/api/analytics.ts). */
export type Tracked = Omit<EventInput, "occurredAt" | "userId" | "sessionId" | "source">;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : void;

/**
 * One operation of the API: its address, its inputs and answer as zod schemas, and the handler. The router
 * serves exactly these (validating with the schemas) and the OpenAPI document describes exactly these (from
 * the same schemas), so what is documented is what is served.
 */
export interface Operation<
  A extends Access = Access,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
> {
  operationId: string;
  method: "get" | "post" | "patch" | "delete";
  /** The path under /api/v1, with {named} parameters as OpenAPI writes them. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** "public": a token is optional (a bad one is still refused); "signed-in": a valid token is required. */
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  /** The answer on success: 200, 201 or 202 with a JSON body of `schema`, or 204 with none. */
  success: { status: 200 | 201 | 202 | 204; description: string; schema?: R };
  /** Problem statuses this operation may answer besides the ones every operation may (400, 401, 429, 500). */
  problems?: readonly number[];
  /** Catalogue reads: an ETag on the answer, and 304 for a matching If-None-Match. */
  etag?: boolean;
  /**
   * A request that creates something takes an Idempotency-Key header ("required" or "optional"): the same key
   * with the same request is answered with the first answer, kept 24 hours (server/api/idempotency.ts).
   */
  idempotency?: "required" | "optional";
  /** The operation reads a guest's cart token from X-Cart-Token (the guest cart, when no bearer token is sent). */
  cartToken?: boolean;
  /** The operation reads a place in a drop's line from the Queue-Ticket header (ADR 0034). */
  queueTicket?: boolean;
  /**
   * A body that does not validate is refused with its schema's field errors and these: the operation's own
   * checks of the same body (those that need the store, as the checkout's card and shipping address), so that
   * every field's message comes at once, as the web's forms give them. `body` is the object sent ({} without one).
   */
  moreFieldErrors?(input: { body: Record<string, unknown>; deps: ApiDeps; viewer: A extends "signed-in" ? ApiViewer : ApiViewer | null }): Promise<FieldError[]>;
  handle(input: { params: Out<P>; query: Out<Q>; body: Out<B>; ctx: ApiContext<A> }): Promise<In<R>>;
}

/** Declares an operation (the identity function, for the types to be inferred from the schemas). */
export function operation<A extends Access, P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
  op: Operation<A, P, Q, B, R>,
): Operation<A, P, Q, B, R> {
  return op;
}

// The router and the document take every operation whatever its types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any, any, any>;
