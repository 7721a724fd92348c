import type { Response } from "express";
import { z } from "zod";
import type { DomainError } from "../../core/shared/errors.ts";
import type { Locale } from "../../core/shared/locale.ts";
import { textsOf, type TextRef } from "../../core/shared/text.ts";
import { errorText, wordsIn } from "../../texts/index.ts";
import { fieldErrorsOf, type FieldError } from "./field-errors.ts";

/**
 * Every refusal of the API is an RFC 9457 problem (application/problem+json): `type` names the problem
 * (`<BASE_URL>/api/v1/problems/<code>`), `title` is the status's name, `detail` the sentence the web
 * shows for the same refusal (in the language asked for), `code` the domain's own code ("cart.insufficient_stock")
 * and, for a request that does not validate, `errors` names each field with the form's message.
 */
export const fieldErrorSchema = z
  .object({
    field: z.string().meta({ description: "The field's path in the request: `email`, `card.cardNumber`, `query.page`, `path.slug`; `body` for a body that is not an object of fields.", example: "fullName" }),
    message: z.string().meta({
      description:
        "What the field needs, in the language asked for (Accept-Language): the web form's own message for the same field (`Full name is required.` for a name missing or empty), and for what a form never sends (a number where text goes, a list where the fields go) a plain sentence of what is needed (`Enter a whole number.`). Never the validator's own wording.",
      example: "Full name is required.",
    }),
  })
  .meta({ id: "FieldError" });

export const problemSchema = z
  .object({
    type: z.string().meta({ description: "The problem's identifier: a URI ending in its code.", example: "https://shop.example.com/api/v1/problems/cart.insufficient_stock" }),
    title: z.string().meta({ description: "The status's name.", example: "Conflict" }),
    status: z.number().int().meta({ example: 409 }),
    detail: z.string().meta({ description: "What happened, as the web says it, in the language asked for (Accept-Language).", example: "Only 3 of Harlem Classic Tee (M, Black) available." }),
    code: z.string().meta({ description: "A stable code to branch on: the domain's (`cart.insufficient_stock`, `accounts.session_not_found`) or the API's (`validation`, `unauthorized`, `not_found`, `rate_limited`, `payload_too_large`, `malformed_json`, `unsupported_media_type`).", example: "cart.insufficient_stock" }),
    errors: z.array(fieldErrorSchema).optional().meta({ description: "Present when the request did not validate: one entry per field that is wrong or missing, each with its first message." }),
    retryAfterSeconds: z.number().int().optional().meta({ description: "For 429: how long to wait (as the Retry-After header)." }),
    lines: z
      .array(
        z.object({
          variantId: z.number().int(),
          name: z.string(),
          size: z.string().nullable(),
          color: z.string().nullable(),
          requested: z.number().int(),
          available: z.number().int(),
        }),
      )
      .optional()
      .meta({ description: "For a checkout refused for stock (`checkout.insufficient_stock`): each line there is not enough of, and how many are available." }),
  })
  .meta({ id: "Problem", description: "An RFC 9457 problem: every 4xx and 5xx answer of the API has this body." });
export type Problem = z.infer<typeof problemSchema>;

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The API's own refusals (what is not a domain error): texts of the catalogue (api.json), worded when answered. */
const apiText = textsOf({
  "api.domain.notFound": [],
  "account.refusal.method": [],
  "api.domain.validation": [],
  "api.domain.malformedJson": [],
  "api.domain.notJson": [],
  "account.refusal.compressed": [],
  "api.domain.controlCharacters": [],
  "api.domain.invalidUtf8": [],
  "account.refusal.truncated": [],
  "api.domain.unauthorized": [],
  "api.domain.badToken": [],
  "shop.product.notFound": [],
  "api.domain.unexpected": [],
});

export const API_MESSAGES = {
  notFound: apiText("api.domain.notFound"),
  // The pages' request guard gives these refusals too, in the same words.
  methodNotAllowed: apiText("account.refusal.method"),
  validation: apiText("api.domain.validation"),
  malformedJson: apiText("api.domain.malformedJson"),
  notJson: apiText("api.domain.notJson"),
  compressed: apiText("account.refusal.compressed"),
  controlCharacters: apiText("api.domain.controlCharacters"),
  invalidUtf8: apiText("api.domain.invalidUtf8"),
  truncated: apiText("account.refusal.truncated"),
  unauthorized: apiText("api.domain.unauthorized"),
  badToken: apiText("api.domain.badToken"),
  productNotFound: apiText("shop.product.notFound"),
  unexpected: apiText("api.domain.unexpected"),
} as const;

/** What a problem says: a text of the catalogue (core's, or an id), or an English sentence of the API's own. */
export type Said = TextRef | string;

/** A refusal a handler throws: its status, code and detail (worded in the language asked for when answered). */
export class ApiProblem extends Error {
  readonly detail: Said;
  constructor(
    readonly status: number,
    readonly code: string,
    detail: Said,
    readonly extra: { errors?: FieldError[]; retryAfterSeconds?: number; headers?: Record<string, string>; lines?: Problem["lines"]; said?: DomainError } = {},
  ) {
    super(typeof detail === "string" ? detail : detail.id);
    this.detail = detail;
    this.name = "ApiProblem";
  }
}

/** A domain error as a problem: its code and status, its words from its text in the language asked for. */
export function problemFromDomain(error: DomainError): ApiProblem {
  return new ApiProblem(error.status, error.code, error.message, { said: error });
}

/**
 * A request that did not validate: one entry per field (each field's first message, in the store's words when
 * it was parsed with parseFields), `where` naming the part of the request.
 */
export function validationProblem(error: z.ZodError, where: "body" | "query" | "path", more: readonly FieldError[] = []): ApiProblem {
  const errors = fieldErrorsOf(error, { where });
  for (const extra of more) if (!errors.some((e) => e.field === extra.field)) errors.push(extra);
  // A form-level rule (fill in every field) is the detail; field rules say which field.
  const formLevel = errors.find((e) => e.field === "form");
  return new ApiProblem(400, "validation", formLevel?.message ?? errors[0]?.message ?? API_MESSAGES.validation, { errors });
}

/** A problem's JSON, in the language asked for. */
export function problemJson(problem: ApiProblem, options: { baseUrl: string; locale: Locale }): string {
  const say = (said: Said) => wordsIn(options.locale, said);
  const body: Problem = {
    type: `${options.baseUrl}/api/v1/problems/${problem.code}`,
    title: TITLES[problem.status] ?? "Error",
    status: problem.status,
    detail: problem.extra.said ? errorText(options.locale, problem.extra.said) : say(problem.detail),
    code: problem.code,
    ...(problem.extra.errors ? { errors: problem.extra.errors.map((e) => ({ field: e.field, message: say(e.message) })) } : {}),
    ...(problem.extra.retryAfterSeconds !== undefined ? { retryAfterSeconds: problem.extra.retryAfterSeconds } : {}),
    ...(problem.extra.lines ? { lines: problem.extra.lines } : {}),
  };
  return JSON.stringify(body);
}

/** Answers a problem: its JSON in the language asked for, never cached. */
export function sendProblem(res: Response, problem: ApiProblem, options: { baseUrl: string; locale: Locale }): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = problemJson(problem, options);
  for (const [name, value] of Object.entries(problem.extra.headers ?? {})) res.setHeader(name, value);
  if (problem.extra.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(problem.extra.retryAfterSeconds));
  res.status(problem.status);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Language", options.locale);
  res.type("application/problem+json").send(body);
}
