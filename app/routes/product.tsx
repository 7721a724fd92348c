import { useCallback, useState } from "react";
import { Link, metaIntl, useLocalePath, useT } from "../i18n/index.ts";
import { artUrl, optionValues, originalPriceCents, showOutOfStockBadge } from "../../core/catalog/rules.ts";
import { imageForColor } from "../../core/media/rules.ts";
import { AvailabilityTable } from "../components/product/availability-table.tsx";
import { Price } from "../components/product/price.tsx";
import { productJsonLd } from "../components/product/product-json-ld.ts";
import { ProductOptions, type Selection } from "../components/product/product-options.tsx";
import { ProductPicture } from "../components/product/product-picture.tsx";
import { ReleaseCountdown, useTimeLeft } from "../components/product/release-countdown.tsx";
import { StarRating } from "../components/product/star-rating.tsx";
import { useJoinAtRelease } from "../components/product/use-join-at-release.ts";
import { WishlistButton } from "../components/product/wishlist-button.tsx";
import { ProductReviews } from "../components/reviews/product-reviews.tsx";
import { categoryLabel, colorLabel, tagLabel } from "../lib/format.ts";
import { metaLocale, pageAddress } from "../lib/page-meta.ts";
import { useNonce } from "../lib/nonce.ts";
import type { Route } from "./+types/product";
import { cardPath, productCardContent, socialImageMeta } from "../lib/social.ts";
import { guestCache } from "../lib/guest-cache.ts";
import { NotifyMe } from "../components/product/notify-me.tsx";
import { readForm } from "../lib/form.server.ts";
import type { QueueStatus } from "../../core/queue/index.ts";
import { WaitingRoom, QueuePassNotice, type QueueView } from "../components/product/waiting-room.tsx";
import { RaffleEntry } from "../components/product/raffle-entry.tsx";
import { loadProductPage } from "../lib/product-page.server.ts";
import { productFormAction } from "../lib/product-forms.server.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadProductPage(request, context, params.slug);
}

/**
 * The loader's or the action's Cache-Control (a queued or raffle page, an answered form): the page cache
 * honours no-store. React Router adds the loader's Set-Cookie itself.
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const cache = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  const headers: Record<string, string> = {};
  if (cache) headers["Cache-Control"] = cache;
  return headers;
};

/** The "Notify me" form (intent "notify", ADR 0032) and the raffle's entry (intent "raffle", ADR 0035). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  return productFormAction(request, context, params.slug, fields);
}

/** The main picture's width: the page's half beside the details from 768 px, the whole width below. */
const MAIN_SIZES = "(min-width: 1152px) 544px, (min-width: 768px) 50vw, 100vw";

/**
 * A browse page (its app waits for an interaction, ADR 0030), except while the product's timed release is
 * to come: its countdown must tick and turn into Add to Cart without the visitor doing anything, so that
 * page starts the app at once (ADR 0031).
 */
export const handle = {
  ...guestCache,
  // Also while the visitor waits in a drop's line: the page asks for its place and lets them in without a reload (ADR 0034).
  appAtOnce: (data: unknown) => {
    const d = data as { product?: { onSaleAt?: string | null }; queue?: { state?: string } | null } | undefined;
    return d?.product?.onSaleAt != null || d?.queue?.state === "waiting";
  },
};

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [{ title: `${metaIntl(matches).formatMessage({ id: "shop.product.notFound" })} | East Harlem` }];
  const { product, baseUrl } = d;
  const address = pageAddress(baseUrl, `/shop/${product.slug}`, metaLocale(matches));
  const description = product.seoDescription ?? (product.description.length > 160 ? `${product.description.slice(0, 157)}...` : product.description);
  return [
    { title: `${product.seoTitle ?? product.name} | East Harlem` },
    { name: "description", content: description },
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    ...address.tags,
    { property: "og:site_name", content: "East Harlem" },
    { name: "twitter:title", content: product.name },
    { name: "twitter:description", content: description },
    ...socialImageMeta(baseUrl, cardPath("product", product.slug, productCardContent(product)), product.name),
    { property: "product:price:amount", content: (product.basePriceCents / 100).toFixed(2) },
    { property: "product:price:currency", content: product.currency },
  ];
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, baseUrl, saved, notifyEmail, raffle, raffleViewer } = loaderData;
  const [queue, setQueue] = useState<QueueView>(loaderData.queue);
  const [queueFrom, setQueueFrom] = useState(loaderData.queue);
  // A new read of the page (a reload by the router) brings the server's status: it replaces the polled one.
  if (queueFrom !== loaderData.queue) {
    setQueueFrom(loaderData.queue);
    setQueue(loaderData.queue);
  }
  const onQueue = useCallback((s: QueueStatus | null) => setQueue(s), []);
  // Sold by raffle until the raffle finishes: the entry takes the place of the options and Add to Cart.
  const byRaffle = raffle !== null && raffle.phase !== "finished";
  const t = useT();
  const localePath = useLocalePath();
  const category = categoryLabel(t, product.category);
  const nonce = useNonce();
  const [selection, setSelection] = useState<Selection>({ size: null, color: null, variant: null });
  const onChange = useCallback((s: Selection) => setSelection(s), []);
  const { sizes, colors } = optionValues(product.variants);
  const imageColor = selection.color ?? colors[0] ?? null;
  const photo = imageForColor(product.images, imageColor);
  const priceCents = selection.variant?.priceCents ?? product.basePriceCents;
  const msLeft = useTimeLeft(product.onSaleAt, product.msUntilOnSale);
  const upcoming = product.onSaleAt !== null && msLeft > 0;
  const joiningAtRelease = loaderData.lineAtRelease && !upcoming && queue === null;
  useJoinAtRelease(joiningAtRelease, product.slug, onQueue);
  const json = JSON.stringify(productJsonLd(product, baseUrl + localePath(`/shop/${product.slug}`), baseUrl, category, t, byRaffle)).replace(/</g, "\\u003c");

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />
      <nav aria-label={t("shop.breadcrumb")} className="mb-4 text-sm text-muted">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/shop" className="underline">{t("shop.title")}</Link> /
          </li>
          <li>
            <Link to={`/shop?category=${product.category}`} className="underline">{category}</Link> /
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2">
        <div className="relative">
          <ProductPicture
            image={photo}
            artSrc={artUrl(product.artKind, imageColor)}
            alt={photo?.alt || (imageColor ? t("shop.product.altInColor", { name: product.name, color: colorLabel(t, imageColor) }) : product.name)}
            sizes={MAIN_SIZES}
            artSize={600}
            loading="eager"
            fetchPriority="high"
            decoding="auto"
            className="aspect-square w-full rounded-lg border border-line bg-card object-cover"
          />
          {showOutOfStockBadge(product.variants, selection.variant) ? (
            <span className="absolute left-3 top-3 rounded bg-brick px-2 py-1 text-sm font-bold uppercase text-white">{t("shop.stock.badge")}</span>
          ) : null}
        </div>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-muted">{category}</p>
          <div className="flex items-start justify-between gap-4">
            <h1 className="font-display text-h1">{product.name}</h1>
            <WishlistButton productId={product.id} productName={product.name} saved={saved} options={{ size: selection.size, color: selection.color }} />
          </div>
          <Price cents={priceCents} originalCents={originalPriceCents(product.basePriceCents, selection.variant)} className="mt-2 text-2xl" />
          <a href="#reviews" className="mt-2 inline-flex min-h-6 items-center">
            <StarRating average={product.rating?.average ?? 0} count={product.rating?.count ?? 0} size={20} />
          </a>
          <p className="mt-4 leading-relaxed">{product.description}</p>
          {product.tags.length ? (
            <ul className="mt-4 flex flex-wrap gap-1" aria-label={t("shop.tags")}>
              {product.tags.map((tag) => (
                <li key={tag}>
                  {/* The search keeps the stored (English) tag: it finds the same products in both languages. */}
                  <Link to={`/shop?q=${encodeURIComponent(tag)}`} className="inline-block rounded-full border border-line px-2 py-1 text-xs hover:border-ink">
                    {tagLabel(t, tag)}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="mt-6">
            {byRaffle ? (
              <RaffleEntry product={product} raffle={raffle} viewer={raffleViewer} result={actionData && "raffle" in actionData ? actionData.raffle : undefined} />
            ) : upcoming ? (
              <ReleaseCountdown onSaleAt={product.onSaleAt!} msLeft={msLeft} />
            ) : joiningAtRelease ? (
              <section aria-labelledby="queue-heading" className="rounded border border-ink p-4" data-testid="waiting-room">
                <h2 id="queue-heading" className="font-display text-xl">
                  {t("shop.queue.refusedHeading")}
                </h2>
                <p aria-live="polite" className="mt-2">
                  {t("shop.queue.joining")}
                </p>
              </section>
            ) : queue && queue.state !== "admitted" ? (
              <WaitingRoom slug={product.slug} queue={queue} onChange={onQueue} />
            ) : (
              <>
                {queue?.state === "admitted" ? <QueuePassNotice expiresAt={queue.expiresAt} /> : null}
                <ProductOptions product={product} onChange={onChange} onQueue={onQueue} showAllColors />
              </>
            )}
          </div>
          {raffle && !byRaffle ? (
            // A finished raffle: the product sells as usual, and the draw can still be checked.
            <div className="mt-6">
              <RaffleEntry product={product} raffle={raffle} viewer={raffleViewer} />
            </div>
          ) : null}
          {byRaffle ? null : <NotifyMe product={product} upcoming={upcoming} signedInEmail={notifyEmail} result={actionData && "notify" in actionData ? actionData.notify : undefined} />}
          <AvailabilityTable variants={product.variants} />
        </div>
      </div>
      <ProductReviews product={{ slug: product.slug, name: product.name, category: product.category, sizes, colors }} data={loaderData.reviews} />
    </div>
  );
}
