import { data } from "react-router";
import { isDomainError, type DomainError } from "../../core/shared/errors.ts";

/**
 * The domain error behind a failed core call. Anything else is not the client's doing: it is thrown on to
 * the route's ErrorBoundary (and logged by handleError in entry.server.tsx).
 */
export function expectDomainError(error: unknown): DomainError {
  if (isDomainError(error)) return error;
  throw error;
}

/** The one answer to a domain error: the route's body for it, with the status its module's table gives. */
export function domainErrorReply<T>(error: unknown, body: (error: DomainError) => T, init: { headers?: HeadersInit } = {}) {
  const domain = expectDomainError(error);
  return data(body(domain), { status: domain.status, headers: init.headers });
}
