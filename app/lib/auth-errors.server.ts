export { describeAuthError } from "../../core/identity/index.ts";

/** Copies the Set-Cookie headers the identity library produced onto a response's headers. */
export function forwardCookies(from: Headers, to: Headers): void {
  for (const cookie of from.getSetCookie()) to.append("Set-Cookie", cookie);
}
