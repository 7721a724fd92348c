import type { Request } from "express";
import type { Role } from "../../db/schema/auth.ts";
import type { ApiDeps, ApiViewer } from "./operation.ts";
import { API_MESSAGES, ApiProblem } from "./problem.ts";

const REALM = 'Bearer realm="East Harlem"';
/** What a token looks like: the signed session token the sign-in answer gave (letters, digits and base64's marks). */
const TOKEN = /^Bearer +([A-Za-z0-9._~+/%=-]{16,512}) *$/i;

/** 401 for a request that must be signed in and is not. */
export function signInRequired(): ApiProblem {
  return new ApiProblem(401, "unauthorized", API_MESSAGES.unauthorized, { headers: { "WWW-Authenticate": REALM } });
}

/** 401 for a token that is malformed, forged, expired, revoked or belongs to a deactivated account. */
export function badToken(): ApiProblem {
  return new ApiProblem(401, "invalid_token", API_MESSAGES.badToken, { headers: { "WWW-Authenticate": `${REALM}, error="invalid_token"` } });
}

/**
 * The shopper a request's bearer token names, or null when it carries none. A token that is there but not
 * good is refused (401) even where signing in is optional, so an app learns at once that it must sign in
 * again. The identity library checks the token's signature and its session (expiry, revocation); the API
 * reads no cookie, so another site's page cannot act with a shopper's browser session here.
 */
export async function authenticate(req: Request, deps: ApiDeps): Promise<{ viewer: ApiViewer; token: string } | null> {
  const header = req.get("authorization");
  if (header === undefined) return null;
  const match = TOKEN.exec(header);
  if (!match) throw badToken();
  const token = match[1]!;
  const found = await deps.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) });
  if (!found) throw badToken();
  const user = found.user as typeof found.user & { role?: Role; active?: boolean; deletedAt?: Date | null };
  if (user.active === false || user.deletedAt) throw badToken();
  return {
    token,
    viewer: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      role: user.role ?? "customer",
      sessionId: found.session.id,
    },
  };
}

/** The token a sign-in or sign-up answer carries (the bearer plugin's set-auth-token header), as the app sends it back. */
export function tokenFrom(authHeaders: Headers): string | null {
  const value = authHeaders.get("set-auth-token");
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
