/** The statuses a domain error may answer with. */
export type HttpStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/**
 * The one error the domain throws for anything a user or caller can act on. Each module subclasses it
 * in its errors.ts with a table from each of its codes to an HTTP status, typed
 * `satisfies Record<Code, HttpStatus>`: a code added without a status does not compile.
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

/** The HTTP status of a domain error: its module's table says it. */
export function httpStatusFor(error: DomainError): HttpStatus {
  return error.status;
}
