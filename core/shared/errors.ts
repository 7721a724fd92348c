/** The one error the domain throws for anything a user or caller can act on. */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

/** The single place where domain error codes become HTTP statuses. */
export function httpStatusFor(error: DomainError): number {
  const code = error.code;
  if (code.endsWith("not_found")) return 404;
  if (code === "unauthenticated") return 401;
  if (code === "forbidden") return 403;
  if (code.startsWith("conflict") || code.endsWith("_exists") || code.endsWith("insufficient_stock") || code.endsWith("invalid_transition")) return 409;
  if (code === "rate_limited") return 429;
  return 400;
}
