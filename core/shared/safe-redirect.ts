/**
 * The one check for "go back to this page" values (redirectTo in forms and in /login's address, the
 * callbacks of the identity library's mailed links: server/auth-links.ts): only a path of this site may be
 * redirected to. Pure, so the list of known bypasses (tests/redirect-bypasses.ts) is unit tested
 * (safe-redirect.test.ts).
 *
 * Browsers do not read a Location header the way a naive check does: they drop tabs and line breaks,
 * treat "\" as "/", and read "//host" as another site. So the value must be plain printable text that
 * starts with exactly one "/", and it must stay a path of this site whichever way it is decoded; the
 * answer is the path as the WHATWG URL parser (the browser's own) reads it.
 */

/** Longer than any page of the store; a longer value is not one of ours. */
export const MAX_REDIRECT_LENGTH = 2048;

/** In the path: anything but printable ASCII, and the backslash (browsers read it as "/"). */
const UNSAFE_IN_PATH = /[^\x21-\x5b\x5d-\x7e]/;
/** Anywhere: controls and whitespace, which browsers drop or which would break the Location header. */
const UNSAFE_ANYWHERE = /[\p{Cc}\p{Z}\s]/u;
const PLACEHOLDER_ORIGIN = "http://store.invalid";

/** Decoded as many times as a proxy, a framework and a browser might, until nothing changes; null when unreadable. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null; // still changing after four rounds: nobody encodes a real path like that
}

const pathOf = (value: string) => value.replace(/[?#].*$/s, "");

function isLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !UNSAFE_IN_PATH.test(path);
}

/** The value as a path of this site (normalized as the browser would read it), or null when it is not one. */
export function toSafeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return null;
  if (UNSAFE_ANYWHERE.test(value) || !isLocalPath(pathOf(value))) return null;
  // "/%2F/evil.example", "/%5Cevil.example", "/%09/..." and double-encoded forms: some layer (a proxy, a
  // framework) may decode the path before a browser reads it. Only the path decides where a browser
  // goes; the query may hold any encoded text (a search for "50%").
  const decodedPath = fullyDecoded(pathOf(value));
  // eslint-disable-next-line no-control-regex -- control characters and spaces are what it refuses
  if (decodedPath === null || decodedPath.startsWith("//") || /[\\\x00-\x20\x7f]/.test(decodedPath)) return null;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
    // Decoded, its dot segments may be new ("/..%2F/evil.example" is "/..//evil.example"): read as a
    // browser would, that must still be a path of this site ("//evil.example" is another site).
    if (!isLocalPath(new URL(decodedPath, PLACEHOLDER_ORIGIN).pathname)) return null;
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  // The parser's own form: percent-encoded, so it is always a valid Location header.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isLocalPath(url.pathname) && !UNSAFE_ANYWHERE.test(path) ? path : null;
}

/** Only same-site paths may be redirected to; anything else goes to the fallback. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return toSafeRedirectPath(value) ?? fallback;
}
