import { randomBytes } from "node:crypto";

/** An unguessable token (for cookies and links): 32 random bytes, base64url. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Cart tokens as they travel in cookies: base64url of 32 bytes. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
