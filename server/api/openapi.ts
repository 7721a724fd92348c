import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { queueTokenSchema } from "../../core/queue/index.ts";
import { idempotencyHeader } from "./idempotency.ts";
import type { AnyOperation } from "./operation.ts";
import { problemSchema } from "./problem.ts";

/** The statuses every operation may answer with a problem; an operation lists the others it may. */
const COMMON_PROBLEMS = [400, 401, 429, 500] as const;

const PROBLEM_WHEN: Record<number, string> = {
  400: "The request is malformed or does not validate (`errors` names each field).",
  401: "A token is required and missing, or the token sent is not valid (expired, revoked, malformed).",
  402: "The payment was refused (the card's or the provider's message in `detail`); a new attempt takes a new Idempotency-Key.",
  403: "Refused: a drop with a waiting room whose line has not let this visitor in (`cart.queue_required`).",
  404: "Not found.",
  409: "Refused by a rule of the store (stock, cart limits, an email already in use), or a request with the same Idempotency-Key is still running (`idempotency.in_progress`).",
  422: "The Idempotency-Key was already used for a different request (`idempotency.key_reused`).",
  413: "The body is larger than 64 KB.",
  415: "The body is not JSON.",
  429: "Too many requests: wait Retry-After seconds.",
  500: "A fault of the store's: nothing was changed by the request.",
};

const rateLimitHeaders = z.object({
  RateLimit: z.string().optional().meta({ description: 'Where this request left each limit it counted against: `"address";r=298;t=41, "token";r=598;t=41` (remaining, seconds until the window resets).' }),
  "RateLimit-Policy": z.string().optional().meta({ description: 'The limits: `"address";q=300;w=60, "token";q=600;w=60` (requests per window of w seconds).' }),
});

const languageHeader = {
  "accept-language": z.string().optional().meta({ description: "`es` for Spanish texts and messages; English otherwise." }),
};

function responsesOf(op: AnyOperation): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  const { success } = op;
  responses[String(success.status) as "200"] = success.schema
    ? {
        description: success.description,
        headers: op.etag
          ? rateLimitHeaders.extend({ ETag: z.string().meta({ description: "Send it back in If-None-Match to get 304 while unchanged." }) })
          : op.idempotency
            ? rateLimitHeaders.extend({ "Idempotent-Replayed": z.literal("true").optional().meta({ description: "This is the kept answer of an earlier request with the same Idempotency-Key." }) })
            : rateLimitHeaders,
        content: { "application/json": { schema: success.schema } },
      }
    : { description: success.description, headers: rateLimitHeaders };
  if (op.etag) responses["304"] = { description: "Not modified: the ETag sent in If-None-Match is still current." };
  const problems = new Set<number>([...COMMON_PROBLEMS, ...(op.problems ?? []), ...(op.idempotency ? [409, 422] : [])]);
  for (const status of [...problems].sort()) {
    responses[String(status) as "400"] = { description: PROBLEM_WHEN[status] ?? "A problem.", content: { "application/problem+json": { schema: problemSchema } } };
  }
  return responses;
}

const cartTokenHeader = {
  "x-cart-token": z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional()
    .meta({ description: "A guest's cart (no bearer token): the token the API gave in the X-Cart-Token header and `cartToken` when the guest first added to a cart. Ignored when a bearer token is sent; sent with sign-in or sign-up, the guest's cart joins the account's." }),
};

const queueTicketHeader = {
  "queue-ticket": queueTokenSchema
    .optional()
    .meta({ description: "A guest's place in a drop's line: the `ticket` answered by joinQueue. A forged or altered one counts as none. An account's place needs none." }),
};

function operationOf(op: AnyOperation): ZodOpenApiOperationObject {
  const header = z.object({
    ...languageHeader,
    ...(op.etag ? { "if-none-match": z.string().optional().meta({ description: "The ETag of the answer held." }) } : {}),
    ...(op.cartToken ? cartTokenHeader : {}),
    ...(op.queueTicket ? queueTicketHeader : {}),
    ...(op.idempotency ? idempotencyHeader(op.idempotency) : {}),
  });
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    // Public operations take a token optionally (an empty requirement means none is needed).
    security: op.access === "signed-in" ? [{ bearer: [] }] : [{}, { bearer: [] }],
    requestParams: { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}), header },
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: op.body } } } } : {}),
    responses: responsesOf(op),
  };
}

const DESCRIPTION = `The store's API for its mobile app: the same catalogue, accounts and cart as the web pages, with the same rules and messages.

- **Authentication**: sign up or sign in to get a token; send it as \`Authorization: Bearer <token>\`. Tokens last 30 days and are renewed while used; list and revoke them at /auth/tokens (or in Settings on the web).
- **Errors**: RFC 9457 problems (\`application/problem+json\`) with the web's messages; \`code\` is stable, \`errors\` names each field that did not validate.
- **Language**: \`Accept-Language: es\` for Spanish texts and messages.
- **Paging**: lists of products come a page of 12 at a time (\`page\`, \`pageCount\`, \`nextPage\`); orders 20 at a time, newest first (\`page\`, \`nextPage\`).
- **Guest carts**: without a token, the first add to the cart makes a guest cart and answers its token (header \`X-Cart-Token\` and \`cartToken\`): send it back as \`X-Cart-Token\` to the cart operations; send it with sign-in or sign-up and the guest's cart joins the account's, as on the web.
- **Idempotency**: a POST that creates something takes an \`Idempotency-Key\` header (checkout requires one): the same key with the same request is answered with the first answer for 24 hours, without doing it twice; with another request, 422; while the first still runs, 409.
- **Caching**: catalogue reads carry an ETag; send it in If-None-Match for a 304.
- **Limits**: requests per minute per address and per token, told in the RateLimit and RateLimit-Policy headers; past them, 429 with Retry-After. Bodies are JSON of at most 64 KB.
- **Versioning**: /api/v1 is stable: fields and operations may be added, never removed or changed in meaning. A change that would break an app comes as /api/v2.`;

/**
 * The OpenAPI 3.1 document of the operations, from the zod schemas they validate and answer with. zod-openapi
 * is loaded with the first request for the document, not when the server starts.
 */
export async function openApiDocument(operations: readonly AnyOperation[], baseUrl: string) {
  const { createDocument } = await import("zod-openapi");
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    const path = (paths[op.path] ??= {});
    path[op.method] = operationOf(op);
  }
  const tags = [...new Set(operations.map((op) => op.tag))].map((name) => ({ name }));
  return createDocument({
    openapi: "3.1.0",
    info: { title: "East Harlem store API", version: "1.0.0", description: DESCRIPTION },
    servers: [{ url: `${baseUrl}/api/v1` }],
    tags,
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "The token from sign-in or sign-up." } },
    },
  });
}
