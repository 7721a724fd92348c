import { data } from "react-router";
import { Link, metaIntl, useLocale, useT } from "../i18n/index.ts";
import { collectionSlugSchema } from "../../core/lookbook/index.ts";
import { ArrowIcon, buttonClass } from "../components/content/buttons.tsx";
import { useCollectionImage } from "../components/content/collection-card.tsx";
import { ContentImg } from "../components/content/content-image.tsx";
import { PRODUCT_GRID, PRODUCT_GRID_ITEM, ProductCard, toCardData } from "../components/product/product-card.tsx";
import { savedAmong } from "../lib/wishlist.server.ts";
import { metaLocale, pageAddress } from "../lib/page-meta.ts";
import type { Route } from "./+types/collection";
import { cardPath, collectionCardContent, socialImageMeta } from "../lib/social.ts";
import { requestLocale } from "../lib/i18n.server.ts";
import { guestCache } from "../lib/guest-cache.ts";
import { storeDateTime } from "../lib/dates.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = collectionSlugSchema.safeParse(params.slug);
  const page = slug.success ? await context.useCases.lookbook.getCollectionPage(slug.data, requestLocale(request)) : null;
  if (!page) throw data(null, { status: 404 });
  const saved = await savedAmong(request, context, page.products.map((p) => p.id));
  return {
    collection: page.collection,
    products: page.products.map(toCardData),
    lookCount: page.lookCount,
    savedIds: saved,
    baseUrl: context.baseUrl,
  };
}

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const intl = metaIntl(matches);
  if (!d) return [{ title: `${intl.formatMessage({ id: "shop.collection.notFound" })} | East Harlem` }];
  const { collection, baseUrl } = d;
  const locale = metaLocale(matches);
  const address = pageAddress(baseUrl, `/collections/${collection.slug}`, locale);
  return [
    { title: `${collection.name} | ${intl.formatMessage({ id: "shop.collections.title" })} | East Harlem` },
    { name: "description", content: collection.description },
    { property: "og:title", content: collection.name },
    { property: "og:description", content: collection.description },
    ...address.tags,
    { property: "og:site_name", content: "East Harlem" },
    ...socialImageMeta(baseUrl, cardPath("collection", collection.slug, collectionCardContent(collection), locale), collection.name),
  ];
};

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { collection, products, lookCount } = loaderData;
  const t = useT();
  const locale = useLocale();
  const saved = new Set(loaderData.savedIds);
  const image = useCollectionImage()(collection.slug);
  return (
    <div className="mx-auto max-w-7xl px-3 py-10 sm:px-4">
      <nav aria-label={t("shop.breadcrumb")} className="mb-6 text-sm text-muted">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/collections" className="underline">
              {t("shop.collections.title")}
            </Link>{" "}
            /
          </li>
          <li aria-current="page">{collection.name}</li>
        </ol>
      </nav>
      <header className="grid gap-8 overflow-hidden rounded-lg bg-black text-white lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {image ? <ContentImg image={image} priority className="lg:h-full lg:object-cover" /> : null}
        <div className="flex min-w-0 flex-col justify-center gap-4 p-6 sm:p-10">
          {collection.season ? <p className="text-sm font-bold uppercase tracking-[0.2em] text-gold">{collection.season}</p> : null}
          <h1 className="font-display text-h1 font-black wrap-break-word">{collection.name}</h1>
          <p className="text-lg leading-relaxed text-white/90">{collection.description}</p>
          {collection.upcoming && collection.onSaleAt ? (
            <p className="font-semibold text-gold" data-testid="collection-release">
              <time dateTime={new Date(collection.onSaleAt).toISOString()}>{t("shop.release.collection", { moment: storeDateTime(collection.onSaleAt, locale) })}</time>
            </p>
          ) : null}
          <p className="text-sm font-bold uppercase tracking-wider" data-testid="collection-count">
            {t("shop.collections.items", { count: products.length })}
          </p>
          {lookCount > 0 ? (
            <p>
              <Link to={`/collections/${collection.slug}/lookbook`} className={buttonClass("gold")}>
                {t("shop.collections.lookbook")}
                <span className="sr-only">: {collection.name}</span>
                <ArrowIcon />
              </Link>
            </p>
          ) : null}
        </div>
      </header>
      <section aria-labelledby="collection-products" className="mt-10">
        <h2 id="collection-products" className="font-display text-h2">
          {t("shop.collection.pieces")}
        </h2>
        {products.length === 0 ? (
          <p className="mt-4 text-muted">
            {t("shop.collection.empty")}{" "}
            <Link to="/shop" className="font-semibold text-ink underline underline-offset-4">
              {t("shop.collection.empty.link")}
            </Link>
          </p>
        ) : (
          <ul className={`mt-6 ${PRODUCT_GRID}`}>
            {products.map((product, i) => (
              <li key={product.id} className={PRODUCT_GRID_ITEM}>
                {/* Below the collection's picture, which is loaded first; without one, the first row is. */}
                <ProductCard product={product} eager={!image && i < 4} priority={!image && i === 0} saved={saved.has(product.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
