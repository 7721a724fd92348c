import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { WishlistToggleResult } from "../../routes/wishlist-toggle.tsx";

/** The heart: saves a product to the wishlist, or says why it can't. */
export function WishlistButton({ productId, productName, saved = false }: { productId: number; productName: string; saved?: boolean }) {
  const fetcher = useFetcher<WishlistToggleResult>();
  const root = useRouteLoaderData<{ viewer: unknown }>("root");
  const hydrated = useHydrated();
  const location = useLocation();
  const isSaved = fetcher.data?.ok ? fetcher.data.saved : saved;
  const message = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  // Signed-in wishlists are the next capability to land; until then the heart is for guests' prompt only.
  if (root?.viewer) return null;
  return (
    <fetcher.Form method="post" action="/wishlist/toggle" className="relative">
      <input type="hidden" name="productId" value={productId} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      <button
        type="submit"
        aria-pressed={isSaved}
        aria-label={isSaved ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-card/90 shadow hover:scale-105"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill={isSaved ? "#b3261e" : "none"} stroke={isSaved ? "#b3261e" : "currentColor"} strokeWidth="2">
          <path d="M12 20s-7-4.4-9.2-8.6C1.2 8.2 3 4.5 6.6 4.5c2.1 0 3.4 1.2 4.4 2.7 1-1.5 2.3-2.7 4.4-2.7 3.6 0 5.4 3.7 3.8 6.9C19 15.6 12 20 12 20Z" />
        </svg>
      </button>
      <p role="status" className={message ? "absolute right-0 top-12 z-10 w-56 rounded bg-ink px-3 py-2 text-sm text-paper shadow-lg" : "sr-only"}>
        {message}
      </p>
    </fetcher.Form>
  );
}
