import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { colorLabel } from "../../lib/format.ts";
import type { WishlistToggleResult } from "./types.ts";
import { useLocalePath, useT } from "../../i18n/index.ts";

/**
 * The heart. `saved` is the server's word (the product is in one of the viewer's lists), read by the page's
 * loader. Pressing it posts what the button offers (save or remove) to /wishlist/toggle: through a fetcher,
 * shown at once and confirmed by the answer; without JavaScript as a plain form that redirects back.
 * On a product page `options` carries the chosen size and colour, so that variant is what gets saved.
 */
export function WishlistButton({
  productId,
  productName,
  saved = false,
  options,
}: {
  productId: number;
  productName: string;
  saved?: boolean;
  options?: { size: string | null; color: string | null };
}) {
  const fetcher = useFetcher<WishlistToggleResult>();
  const t = useT();
  const localePath = useLocalePath();
  const root = useRouteLoaderData<{ viewer: unknown }>("root");
  const hydrated = useHydrated();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const answered = fetcher.data;
  // A guest's press is refused by the server, so only a signed-in press is shown before the answer.
  const isSaved =
    root?.viewer && (pending === "save" || pending === "remove")
      ? pending === "save"
      : answered && answered.saved !== undefined
        ? answered.saved
        : saved;
  const message = answered && !answered.ok ? answered.error : null;
  const announcement = answered?.ok ? answered.message : "";
  const chosen = [options?.size, options?.color && colorLabel(t, options.color)].filter(Boolean).join(", ");
  const label = isSaved
    ? t("shop.wishlist.remove", { name: productName })
    : t("shop.wishlist.add", { name: chosen ? `${productName} (${chosen})` : productName });

  return (
    <fetcher.Form method="post" action={localePath("/wishlist/toggle")} className="relative">
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="intent" value={isSaved ? "remove" : "save"} />
      {!isSaved && options?.size ? <input type="hidden" name="size" value={options.size} /> : null}
      {!isSaved && options?.color ? <input type="hidden" name="color" value={options.color} /> : null}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
      <button
        type="submit"
        aria-label={label}
        data-saved={isSaved ? "true" : "false"}
        className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-card/90 shadow hover:scale-105"
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill={isSaved ? "#b3261e" : "none"} stroke={isSaved ? "#b3261e" : "currentColor"} strokeWidth="2">
          <path d="M12 20s-7-4.4-9.2-8.6C1.2 8.2 3 4.5 6.6 4.5c2.1 0 3.4 1.2 4.4 2.7 1-1.5 2.3-2.7 4.4-2.7 3.6 0 5.4 3.7 3.8 6.9C19 15.6 12 20 12 20Z" />
        </svg>
      </button>
      <p role="status" className={message ? "absolute right-0 top-12 z-10 w-56 max-w-[calc(100cqw-1rem)] rounded bg-ink px-3 py-2 text-sm text-paper shadow-lg" : "sr-only"}>
        {message ?? announcement}
      </p>
    </fetcher.Form>
  );
}
