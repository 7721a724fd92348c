/**
 * A route's `handle` for public pages that show every guest the same thing: a guest may be served a copy
 * of the page rendered for another guest up to two seconds before (server/page-cache.ts, ADR 0026).
 * Pages that differ by visitor (cart, account, checkout, a shared wishlist, order tracking) must not use it.
 */
export const guestCache = { guestCache: true, appOnInteraction: true } as const;

/*
 * `appOnInteraction`: these are the browse pages, whose app JavaScript loads on the visitor's first
 * interaction (app-on-interaction.ts, ADR 0030): the page works as server HTML until then.
 */
