import { useNavigation } from "react-router";
import { Form, Link } from "../i18n/index.ts";
import { listProducts, parseShopQuery } from "../../core/catalog/index.ts";
import { CATEGORY_FILTERS, shopSearchParams, SORTS, type ShopQueryValues as ShopQuery } from "../../core/catalog/rules.ts";
import { PRODUCT_GRID, PRODUCT_GRID_ITEM, ProductCard, toCardData } from "../components/product/product-card.tsx";
import { collectionName } from "../../core/lookbook/index.ts";
import { allSaved } from "../lib/wishlist.server.ts";
import { track } from "../lib/analytics.server.ts";
import type { Route } from "./+types/shop";
import { SubscribeForm } from "../components/newsletter/subscribe-form.tsx";
import { baseUrlOf, pageSocialMeta } from "../lib/social.ts";

const SORT_LABEL: Record<(typeof SORTS)[number], string> = {
  featured: "Featured",
  "price-asc": "Price: Low to High",
  "price-desc": "Price: High to Low",
  newest: "Newest",
};
const CATEGORY_LABEL: Record<(typeof CATEGORY_FILTERS)[number], string> = {
  all: "All",
  apparel: "Apparel",
  accessories: "Accessories",
  music: "Music",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseShopQuery(new URL(request.url).searchParams);
  const [page, saved, collection] = await Promise.all([
    listProducts(context.db, query),
    allSaved(request, context),
    query.collection ? collectionName(context.db, query.collection) : null,
  ]);
  // A search is counted once, on its first page.
  if (query.q && query.page === 1) track(request, context, { type: "search", query: query.q, resultCount: page.total });
  return {
    query: { ...query, page: page.page },
    /** The collection the shop is filtered by, named (null: none, or no such collection). */
    collection: query.collection && collection ? { slug: query.collection, name: collection } : null,
    page: { ...page, items: page.items.map(toCardData) },
    // The hearts' state: which cards on this page are in the viewer's wishlists (always empty for guests).
    savedIds: page.items.filter((p) => saved.has(p.id)).map((p) => p.id),
  };
}

const DESCRIPTION = "Streetwear, accessories and music from East Harlem: tees, hoodies, caps, vinyl and more.";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const q = data?.query;
  const parts = [q?.q ? `“${q.q}”` : null, q && q.category !== "all" ? CATEGORY_LABEL[q.category] : null].filter(Boolean);
  const title = `Shop${parts.length ? ` ${parts.join(" · ")}` : ""}${q && q.page > 1 ? ` (page ${q.page})` : ""} | East Harlem`;
  return [
    { title },
    { name: "description", content: DESCRIPTION },
    ...pageSocialMeta(baseUrlOf(matches), "shop", "Shop", DESCRIPTION),
  ];
};

function href(query: ShopQuery, change: Partial<ShopQuery>): string {
  const params = shopSearchParams({ ...query, ...change });
  const s = params.toString();
  return s ? `/shop?${s}` : "/shop";
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { query, page } = loaderData;
  const savedIds = new Set(loaderData.savedIds);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/shop";
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;

  return (
    <div className="mx-auto max-w-7xl px-3 py-8 sm:px-4">
      <header className="mb-6">
        <h1 className="font-display text-h1">Shop</h1>
        <p className="mt-2 text-muted">Made uptown. Built for the block.</p>
      </header>

      <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <nav aria-label="Categories">
          <ul className="flex flex-wrap gap-2">
            {CATEGORY_FILTERS.map((c) => (
              <li key={c}>
                <Link
                  to={href(query, { category: c, page: 1 })}
                  aria-current={query.category === c ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
                    query.category === c ? "border-ink bg-ink text-paper" : "border-line hover:border-ink"
                  }`}
                  preventScrollReset
                >
                  {CATEGORY_LABEL[c]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <Form method="get" action="/shop" role="search" className="flex flex-wrap items-end gap-2" preventScrollReset>
          {query.category !== "all" ? <input type="hidden" name="category" value={query.category} /> : null}
          {query.collection ? <input type="hidden" name="collection" value={query.collection} /> : null}
          <div>
            <label htmlFor="shop-search" className="mb-1 block text-sm font-semibold">
              Search
            </label>
            <input
              id="shop-search"
              type="search"
              name="q"
              defaultValue={query.q}
              key={query.q}
              maxLength={100}
              placeholder="Hoodie, vinyl, cap..."
              className="h-11 w-56 max-w-full rounded border border-line bg-card px-3"
            />
          </div>
          <div>
            <label htmlFor="shop-sort" className="mb-1 block text-sm font-semibold">
              Sort by
            </label>
            <select
              id="shop-sort"
              name="sort"
              defaultValue={query.sort}
              key={query.sort}
              className="h-11 rounded border border-line bg-card px-2"
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="h-11 rounded bg-ink px-4 font-semibold text-paper">
            Apply
          </button>
        </Form>
      </div>

      {loaderData.collection ? (
        <p className="mb-4 flex flex-wrap items-center gap-2" data-testid="collection-filter">
          <span className="text-sm text-muted">Collection:</span>
          <Link to={`/collections/${loaderData.collection.slug}`} className="inline-flex min-h-11 items-center rounded-full border border-ink bg-ink px-4 text-sm font-semibold text-paper">
            {loaderData.collection.name}
          </Link>
          <Link to={href(query, { collection: "", page: 1 })} className="inline-flex min-h-11 items-center px-2 text-sm font-semibold underline" preventScrollReset>
            Clear<span className="sr-only"> the {loaderData.collection.name} filter</span>
          </Link>
        </p>
      ) : null}

      <p className="mb-4 text-sm text-muted" aria-live="polite" data-testid="result-count">
        {loading
          ? "Loading..."
          : page.total === 0
            ? "No products found."
            : `Showing ${first}–${last} of ${page.total} ${page.total === 1 ? "product" : "products"}${query.q ? ` for “${query.q}”` : ""}`}
      </p>

      {page.total === 0 ? (
        <div className="rounded-lg border border-line p-10 text-center">
          <p className="font-display text-2xl">Nothing matches</p>
          <p className="mt-2 text-muted">Try another word, or browse everything.</p>
          <Link to="/shop" className="mt-4 inline-block rounded bg-ink px-4 py-3 font-semibold text-paper">
            Show all products
          </Link>
        </div>
      ) : (
        <section aria-label="Products">
          <h2 className="sr-only">Products</h2>
          <ul className={`${PRODUCT_GRID} ${loading ? "opacity-60" : ""}`}>
            {page.items.map((product, i) => (
              <li key={product.id} className={PRODUCT_GRID_ITEM}>
                {/* The first row at the widest grid (four columns) is loaded first; the rest lazily. */}
                <ProductCard product={product} eager={i < 4} saved={savedIds.has(product.id)} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {page.pageCount > 1 ? (
        <nav aria-label="Pages" className="mt-10 flex flex-wrap items-center justify-center gap-2">
          {page.page > 1 ? (
            <Link to={href(query, { page: page.page - 1 })} rel="prev" className="inline-flex min-h-11 items-center rounded border border-line px-4">
              Previous
            </Link>
          ) : null}
          {Array.from({ length: page.pageCount }, (_, i) => i + 1).map((n) => (
            <Link
              key={n}
              to={href(query, { page: n })}
              aria-current={n === page.page ? "page" : undefined}
              aria-label={`Page ${n}`}
              className={`inline-flex h-11 min-w-11 items-center justify-center rounded border px-3 ${n === page.page ? "border-ink bg-ink text-paper" : "border-line"}`}
            >
              {n}
            </Link>
          ))}
          {page.page < page.pageCount ? (
            <Link to={href(query, { page: page.page + 1 })} rel="next" className="inline-flex min-h-11 items-center rounded border border-line px-4">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}

      <section aria-labelledby="subscribe-heading" className="mt-16 rounded-lg bg-ink px-6 py-10 text-paper">
        <h2 id="subscribe-heading" className="font-display text-h2">
          Stay in the loop
        </h2>
        <p className="mt-2 opacity-90">New drops, restocks and block parties, straight from 116th Street.</p>
        <div className="mt-4">
          <SubscribeForm idPrefix="shop-newsletter" source="shop" />
        </div>
      </section>
    </div>
  );
}
