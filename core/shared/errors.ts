/** The statuses a domain error may answer with. */
export type HttpStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * The one error the domain throws for anything a user or caller can act on. Each module's errors.ts
 * derives its error class from a table of its codes and their HTTP statuses (errorsOf below).
 */
export abstract class DomainError<Code extends string = string> extends Error {
  /** The HTTP status this error answers with, from its module's table. */
  abstract readonly status: HttpStatus;

  constructor(
    readonly code: Code,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
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
