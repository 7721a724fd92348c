/**
 * The one Cache-Control of a private page: anything drawn for one visitor (an account, a cart, checkout, an
 * order, a token's page, the back office) and every answer of its actions. No cache may store it, and a
 * loader or action that sends it makes the whole document no-store too (app/entry.server.tsx); the guests'
 * page cache keeps nothing marked so (server/page-cache.ts).
 */
export const noStore: { readonly "Cache-Control": "private, no-store" } = { "Cache-Control": "private, no-store" };

/** A private page's headers with some of its own (a cookie, a content type...). */
export function privateHeaders(extra: Record<string, string>): Record<string, string> {
  return { ...noStore, ...extra };
}
