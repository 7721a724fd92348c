import { APIError } from "better-auth/api";
import { authErrorMessage, causeFromProviderCode, type AuthCause } from "../../core/accounts/rules.ts";

/** The identity library's error, as the spec's catalogue words it; anything unexpected is rethrown. */
export function describeAuthError(error: unknown, overrides: Partial<Record<string, AuthCause>> = {}): { cause: AuthCause | null; message: string } {
  if (!(error instanceof APIError)) throw error;
  const body = (error.body ?? {}) as { code?: string; message?: string };
  const cause = (body.code && overrides[body.code]) || causeFromProviderCode(body.code);
  return { cause, message: authErrorMessage(cause, body.message) };
}

/** Copies the Set-Cookie headers the identity library produced onto a response's headers. */
export function forwardCookies(from: Headers, to: Headers): void {
  for (const cookie of from.getSetCookie()) to.append("Set-Cookie", cookie);
}
