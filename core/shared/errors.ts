import type { TextRef } from "./text.ts";

/** The statuses a domain error may answer with. */
export type HttpStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** How a process words its errors for logs and tests (texts/outcomes.ts installs the English). */
let describe: ((text: TextRef) => string) | null = null;

export function describeErrorsWith(render: (text: TextRef) => string): void {
  describe = render;
}

/** A text's words for logs and tests: its English once texts/ is loaded (texts/outcomes.ts), else its id. */
export function describeText(text: TextRef): string {
  return describe ? describe(text) : text.id;
}

/**
 * The one error the domain throws for anything a user or caller can act on: a stable code (its module's, with
 * the HTTP status its table gives) and what to say, a text of the store's catalogue by id with its values (ADR
 * 0011). The doors word it in the request's language; `message` is its English, for logs and tests (the id when
 * no texts are loaded). Each module's errors.ts derives its error class from a table of its codes and their
 * HTTP statuses (errorsOf below).
 */
export abstract class DomainError<Code extends string = string> extends Error {
  /** The HTTP status this error answers with, from its module's table. */
  abstract readonly status: HttpStatus;
  /** What to say: a text of the catalogue with its values (a field check's too: core/shared/field-text.ts). */
  readonly text: TextRef;

  constructor(
    readonly code: Code,
    said: TextRef,
    readonly details: Record<string, unknown> = {},
  ) {
    super();
    this.name = new.target.name;
    this.text = said;
    // Worded when read, so an error made before the process's texts were loaded still reads as its id.
    Object.defineProperty(this, "message", { get: () => (describe ? describe(this.text) : said.id), enumerable: false, configurable: true });
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/**
 * The base class of a module's errors, from its table of codes and statuses:
 * `class CartError extends errorsOf<CartErrorCode>({ "cart.line_limit": 409, ... }) {}`. The table must
 * name every code of the union, so a code added without its status does not compile.
 */
export function errorsOf<Code extends string>(statuses: { readonly [C in Code]: HttpStatus }) {
  return class extends DomainError<Code> {
    get status(): HttpStatus {
      return statuses[this.code];
    }
  };
}

/** The HTTP status of a domain error: its module's table says it. */
export function httpStatusFor(error: DomainError): HttpStatus {
  return error.status;
}
