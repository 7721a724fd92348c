import { data } from "react-router";
import { Link, metaIntl, useT, type MessageId } from "../i18n/index.ts";
import { collectionSlugSchema } from "../../core/lookbook/index.ts";
import { ContentImg } from "../components/content/content-image.tsx";
import { Price } from "../components/product/price.tsx";
import { toCardData, type ProductCardData } from "../components/product/product-card.tsx";
import { ProductOptions } from "../components/product/product-options.tsx";
import { showOutOfStockBadge } from "../../core/catalog/rules.ts";
import { metaLocale, pageAddress } from "../lib/page-meta.ts";
import type { Route } from "./+types/lookbook";
import { cardPath, collectionCardContent, socialImageMeta } from "../lib/social.ts";
import { requestLocale } from "../lib/i18n.server.ts";
import { guestCache } from "../lib/guest-cache.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = collectionSlugSchema.safeParse(params.slug);
  const lookbook = slug.success ? await context.useCases.lookbook.getLookbook(slug.data, requestLocale(request)) : null;
  if (!lookbook || lookbook.looks.length === 0) throw data(null, { status: 404 });
  return {
    collection: lookbook.collection,
    looks: lookbook.looks.map((look) => ({
      id: look.id,
      title: look.title,
      caption: look.caption,
      image: look.image,
      hotspots: look.hotspots.map((h) => ({ id: h.id, x: h.x, y: h.y, product: toCardData(h.product) })),
    })),
    baseUrl: context.baseUrl,
  };
}

export const handle = guestCache;

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const intl = metaIntl(matches);
  if (!d) return [{ title: `${intl.formatMessage({ id: "shop.lookbook.notFound" })} | East Harlem` }];
  const { collection, baseUrl, looks } = d;
  const locale = metaLocale(matches);
  const address = pageAddress(baseUrl, `/collections/${collection.slug}/lookbook`, locale);
  const title = intl.formatMessage({ id: "shop.lookbook.title" }, { name: collection.name });
  const description = intl.formatMessage({ id: "shop.lookbook.meta.description" }, { count: looks.length, name: collection.name });
  return [
    { title: `${title} | East Harlem` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...address.tags,
    { property: "og:site_name", content: "East Harlem" },
    ...socialImageMeta(baseUrl, cardPath("collection", collection.slug, collectionCardContent(collection), locale), title),
  ];
};

type Look = Route.ComponentProps["loaderData"]["looks"][number];

/** How much of a product is left across its variants, as the shop says it: "12 in stock", "Out of stock". */
function stockSummary(t: (id: MessageId, values?: Record<string, number>) => string, product: Pick<ProductCardData, "variants">): string {
  if (showOutOfStockBadge(product.variants, null)) return t("shop.stock.out");
  return t("shop.stock.inStock", { count: product.variants.reduce((sum, v) => sum + Math.max(0, v.available), 0) });
}

function LookFigure({ look, index, total }: { look: Look; index: number; total: number }) {
  const t = useT();
  const titleId = `look-${look.id}-title`;
  return (
    <section aria-labelledby={titleId} className="grid gap-6 border-t border-line pt-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="look">
      <figure className="min-w-0">
        <div className="relative mx-auto max-w-md">
          <ContentImg image={look.image} priority={index === 0} className="rounded-lg" />
          {look.hotspots.map((h, i) => (
            <Link
              key={h.id}
              to={`/shop/${h.product.slug}`}
              className="absolute flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-2 border-black bg-gold font-bold text-black shadow-lg outline-offset-2 hover:scale-110 focus-visible:outline-3 focus-visible:outline-white"
              style={{ left: `${h.x}%`, top: `${h.y}%` }}
              data-testid="hotspot"
            >
              <span aria-hidden="true">{i + 1}</span>
              <span className="sr-only">
                {h.product.name}, {stockSummary(t, h.product)}
              </span>
            </Link>
          ))}
        </div>
        <figcaption className="mx-auto mt-3 max-w-md text-muted">{look.caption}</figcaption>
      </figure>
      <div className="min-w-0">
        <p className="text-sm font-bold uppercase tracking-[0.2em] text-muted">
          {t("shop.lookbook.position", { index: index + 1, total })}
        </p>
        <h2 id={titleId} className="font-display text-h2 mt-1 font-black">
          {look.title}
        </h2>
        <h3 className="mt-4 font-semibold">{t("shop.lookbook.inThisLook")}</h3>
        <ol className="mt-3 space-y-4">
          {look.hotspots.map((h, i) => (
            <li key={h.id} className="rounded-lg border border-line bg-card p-4">
              <p className="flex items-start gap-3">
                <span aria-hidden="true" className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-gold text-sm font-bold text-black">
                  {i + 1}
                </span>
                <span className="min-w-0">
                  <Link to={`/shop/${h.product.slug}`} className="font-bold underline-offset-4 hover:underline" prefetch="intent">
                    {h.product.name}
                  </Link>
                  <Price cents={h.product.basePriceCents} originalCents={null} />
                  <span className={`block text-sm font-semibold ${showOutOfStockBadge(h.product.variants, null) ? "text-danger" : "text-ok"}`}>{stockSummary(t, h.product)}</span>
                </span>
              </p>
              {showOutOfStockBadge(h.product.variants, null) || h.product.upcoming ? null : (
                <details className="mt-3 border-t border-line pt-2">
                  <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
                    {t("shop.lookbook.addToCart")}
                    <span className="sr-only">: {h.product.name}</span>
                  </summary>
                  <div className="pt-2">
                    <ProductOptions product={h.product} />
                  </div>
                </details>
              )}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export default function Lookbook({ loaderData }: Route.ComponentProps) {
  const { collection, looks } = loaderData;
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <nav aria-label={t("shop.breadcrumb")} className="mb-6 text-sm text-muted">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/collections" className="underline">
              {t("shop.collections.title")}
            </Link>{" "}
            /
          </li>
          <li>
            <Link to={`/collections/${collection.slug}`} className="underline">
              {collection.name}
            </Link>{" "}
            /
          </li>
          <li aria-current="page">{t("shop.lookbook.crumb")}</li>
        </ol>
      </nav>
      <header className="mb-10">
        {collection.season ? <p className="text-sm font-bold uppercase tracking-[0.2em] text-muted">{collection.season}</p> : null}
        <h1 className="font-display text-h1 font-black wrap-break-word">{t("shop.lookbook.title", { name: collection.name })}</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted">{t("shop.lookbook.intro")}</p>
      </header>
      <div className="space-y-12">
        {looks.map((look, i) => (
          <LookFigure key={look.id} look={look} index={i} total={looks.length} />
        ))}
      </div>
    </div>
  );
}
