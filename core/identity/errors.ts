import { authErrorMessage, causeFromProviderCode, type AuthCause } from "../accounts/index.ts";

/**
 * The identity library's refusal (its APIError, named so, with an HTTP status and a body). Known by its shape
 * rather than by its class: importing the class would load most of the library with the pages' code, before
 * the store's first answer (the library itself is loaded after it: core/identity/library.ts).
 */
function isAuthRefusal(error: unknown): error is Error & { statusCode: number; body?: { code?: string; message?: string } } {
  return error instanceof Error && error.name === "APIError" && typeof (error as { statusCode?: unknown }).statusCode === "number";
}

/** The identity library's error, as the spec's catalogue words it; anything unexpected is rethrown. */
export function describeAuthError(error: unknown, overrides: Partial<Record<string, AuthCause>> = {}): { cause: AuthCause | null; message: string } {
  if (!isAuthRefusal(error)) throw error;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  const cause = (body.code && overrides[body.code]) || causeFromProviderCode(body.code);
  return { cause, message: authErrorMessage(cause, body.message) };
}
