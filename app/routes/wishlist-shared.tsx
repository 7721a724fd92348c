import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { Link, metaIntl, useT } from "../i18n/index.ts";
import { isDomainError } from "../../core/shared/errors.ts";
import { shareCodeSchema } from "../../core/wishlist/index.ts";
import { SHARE_LOOKUP_THROTTLE } from "../../core/wishlist/rules.ts";
import { ItemSummary } from "../components/wishlist/item-summary.tsx";
import type { Route } from "./+types/wishlist-shared";
import { wishlistName } from "../lib/format.ts";
import { privateHeaders } from "../lib/private-page.ts";

// A shared list is for whoever holds the link, never for search engines, and never cached: making the list
// private must stop the link at once.
const sharedHeaders = privateHeaders({ "X-Robots-Tag": "noindex, nofollow" });

export const headers: Route.HeadersFunction = ({ errorHeaders }) => {
  const out = new Headers(sharedHeaders);
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

export const meta: Route.MetaFunction = ({ data: d, error, matches }) => {
  const intl = metaIntl(matches);
  return [
    ...(d && !error
      ? [{ title: `${wishlistName((id) => intl.formatMessage({ id }), d.list.name)} | East Harlem` }, { name: "description", content: intl.formatMessage({ id: "wishlist.shared.description" }) }]
      : []),
    { name: "robots", content: "noindex, nofollow" },
  ];
};

/** /wishlist/<code>: a public list, for anyone, signed in or not; lookups are throttled per client address. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const code = shareCodeSchema.safeParse(params.code);
  if (!code.success) throw data(null, { status: 404, headers: sharedHeaders });
  let list;
  try {
    list = await context.useCases.wishlist.lookupSharedWishlist(code.data, context.clientIp);
  } catch (error) {
    if (isDomainError(error) && error.code === "wishlist.rate_limited") {
      context.log.warn({ clientIp: context.clientIp }, "shared wishlist lookups throttled");
      throw data(null, { status: 429, headers: { ...sharedHeaders, "Retry-After": String(Math.ceil(SHARE_LOOKUP_THROTTLE.windowMs / 1000)) } });
    }
    throw error;
  }
  if (!list) throw data(null, { status: 404, headers: sharedHeaders });
  return data({ list }, { headers: sharedHeaders });
}

export default function SharedWishlist({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wider text-muted">{t("wishlist.shared.kicker")}</p>
      <h1 className="break-words font-display text-h1">{wishlistName(t, list.name)}</h1>
      {list.description ? <p className="mt-2 break-words text-muted">{list.description}</p> : null}
      {list.items.length === 0 ? (
        <p className="mt-8 rounded border border-line p-6 text-center">{t("wishlist.shared.empty")}</p>
      ) : (
        <ul className="mt-8 space-y-4" aria-label={t("wishlist.itemsIn", { name: wishlistName(t, list.name) })}>
          {list.items.map((item, i) => (
            <li key={`${item.productSlug}-${item.size ?? ""}-${item.color ?? ""}`}>
              <article aria-labelledby={`shared-item-${i}`} className="rounded border border-line bg-card p-4" data-testid="shared-item">
                <ItemSummary item={item} headingId={`shared-item-${i}`} headingLevel={2} />
                {item.notes ? <p className="mt-3 whitespace-pre-line break-words text-sm">{item.notes}</p> : null}
                <p className="mt-3">
                  <Link to={`/shop/${item.productSlug}`} className="inline-flex min-h-11 items-center rounded border border-line px-4 font-semibold hover:bg-paper">
                    {t("wishlist.shared.viewProduct")}
                    <span className="sr-only">: {item.productName}</span>
                  </Link>
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-10">
        <Link to="/shop" className="underline">
          {t("wishlist.shared.browse")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const throttled = isRouteErrorResponse(error) && error.status === 429;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const t = useT();
  const title = t(throttled ? "wishlist.shared.tooMany" : notFound ? "wishlist.shared.notFound" : "error.unexpected.title");
  const detail = t(throttled ? "wishlist.domain.tooManyLookups" : notFound ? "wishlist.shared.notFoundDetail" : "error.unexpected.detail");
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{`${title} | East Harlem`}</title>
      <h1 className="font-display text-h1">{title}</h1>
      <p className="mt-4 text-muted" role={throttled ? "alert" : undefined}>
        {detail}
      </p>
      <p className="mt-8">
        <Link to="/shop" className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-semibold text-paper">
          {t("wishlist.browse")}
        </Link>
      </p>
    </div>
  );
}
