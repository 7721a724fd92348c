// An app talking to the store's API (/api/v1) over HTTP, and the contract every answer is held to: the
// OpenAPI document the server publishes, validated itself, each answer checked against its operation's schema.
import { dereference, validate } from "@readme/openapi-parser";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  /** The parsed JSON body (null when there is none). */
  body: T;
  text: string;
}

/** An app: its token (once signed in), its language, and the address it appears to come from (X-Forwarded-For through a trusted proxy). */
export class ApiClient {
  token: string | null = null;

  constructor(
    readonly baseUrl: string,
    /** `timeoutMs`: every request is abandoned (throws) after this long; unset, requests wait. */
    readonly options: { address?: string; language?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
  ) {}

  async call<T = Record<string, unknown>>(method: string, path: string, init: { json?: unknown; body?: string; headers?: Record<string, string> } = {}): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { "User-Agent": "EastHarlemApp/1.0 (test)", ...this.options.headers };
    if (this.options.address) headers["X-Forwarded-For"] = this.options.address;
    if (this.options.language) headers["Accept-Language"] = this.options.language;
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    let body: string | undefined = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers["Content-Type"] = "application/json";
    }
    const res = await fetch(new URL(`/api/v1${path}`, this.baseUrl), {
      method,
      body,
      headers: { ...headers, ...init.headers },
      redirect: "manual",
      ...(this.options.timeoutMs ? { signal: AbortSignal.timeout(this.options.timeoutMs) } : {}),
    });
    const text = await res.text();
    let parsed: unknown = null;
    if (text && /json/.test(res.headers.get("content-type") ?? "")) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.call<T>("GET", path, { headers });
  }
  post<T = Record<string, unknown>>(path: string, json?: unknown) {
    return this.call<T>("POST", path, json === undefined ? {} : { json });
  }
  patch<T = Record<string, unknown>>(path: string, json: unknown) {
    return this.call<T>("PATCH", path, { json });
  }
  delete<T = Record<string, unknown>>(path: string) {
    return this.call<T>("DELETE", path);
  }
}

type Json = Record<string, unknown>;
interface OperationDoc {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: Json }>; headers?: Record<string, unknown> }>;
}

/** The document's path templates as patterns: "/products/{slug}" matches "/products/harlem-classic-tee". */
function templatePattern(template: string): RegExp {
  const escape = (part: string) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(`^${template.split(/\{\w+\}/).map(escape).join("[^/]+")}$`);
}

/**
 * The published document, checked against the OpenAPI 3.1 specification, and a checker of answers: each
 * answer must be one its operation documents (status and media type) with a body its schema accepts.
 * `covered` collects the operations whose answers were checked, so a test can require all of them.
 */
export async function loadContract(baseUrl: string) {
  const res = await fetch(new URL("/api/v1/openapi.json", baseUrl));
  const document = (await res.json()) as Json;
  const validation = await validate(structuredClone(document) as never);
  const resolved = (await dereference(structuredClone(document) as never)) as unknown as { paths: Record<string, Record<string, OperationDoc>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its function is the module itself or its default, depending on the loader.
  const withFormats = (addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats;
  withFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const covered = new Set<string>();
  const operations = Object.entries(resolved.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, op]) => ({ template, pattern: templatePattern(template), method: method.toUpperCase(), op })),
  );

  function check(method: string, path: string, answer: ApiAnswer<unknown>): void {
    const bare = path.split("?")[0]!;
    const found = operations.find((o) => o.method === method && o.pattern.test(bare));
    if (!found) throw new Error(`${method} ${path} is not a documented operation`);
    const response = found.op.responses[String(answer.status)];
    if (!response) throw new Error(`${method} ${path} answered ${answer.status}, which ${found.op.operationId} does not document:\n${answer.text}`);
    const type = (answer.headers.get("content-type") ?? "").split(";")[0]!.trim();
    if (!response.content) {
      if (answer.text !== "") throw new Error(`${found.op.operationId} ${answer.status} documents no body, got: ${answer.text}`);
    } else {
      const media = response.content[type];
      if (!media) throw new Error(`${found.op.operationId} ${answer.status} answered ${type}; documented: ${Object.keys(response.content).join(", ")}`);
      const key = `${found.op.operationId} ${answer.status} ${type}`;
      let validateBody = compiled.get(key);
      if (!validateBody) compiled.set(key, (validateBody = ajv.compile(media.schema)));
      if (!validateBody(answer.body)) throw new Error(`${key}: the body does not match its schema: ${ajv.errorsText(validateBody.errors)}\n${answer.text.slice(0, 2000)}`);
    }
    covered.add(found.op.operationId);
  }

  const operationIds = operations.map((o) => o.op.operationId);
  return { document, validation, check, covered, operationIds };
}
