import { useCallback, useEffect, useState } from "react";
import { data } from "react-router";
import { Link, metaIntl, useLocalePath, useT, type MessageId } from "../i18n/index.ts";
import { slugSchema } from "../../core/catalog/index.ts";
import { artUrl, optionValues, originalPriceCents, showOutOfStockBadge } from "../../core/catalog/rules.ts";
import { imageForColor } from "../../core/media/rules.ts";
import { Price } from "../components/product/price.tsx";
import { ProductOptions, type Selection } from "../components/product/product-options.tsx";
import { ProductPicture } from "../components/product/product-picture.tsx";
import { ReleaseCountdown, useTimeLeft } from "../components/product/release-countdown.tsx";
import { StarRating } from "../components/product/star-rating.tsx";
import { WishlistButton } from "../components/product/wishlist-button.tsx";
import { ProductReviews } from "../components/reviews/product-reviews.tsx";
import { loadReviewSection } from "../lib/reviews.server.ts";
import { categoryLabel, colorLabel, tagLabel } from "../lib/format.ts";
import { metaLocale, pageAddress } from "../lib/page-meta.ts";
import { useNonce } from "../lib/nonce.ts";
import { savedAmong } from "../lib/wishlist.server.ts";
import { track } from "../lib/analytics.server.ts";
import type { Route } from "./+types/product";
import { localizeText, localizedRedirect, requestLocale } from "../lib/i18n.server.ts";
import { cardPath, productCardContent, socialImageMeta } from "../lib/social.ts";
import { guestCache } from "../lib/guest-cache.ts";
import { ALERT_MESSAGES, notifyFormSchema } from "../../core/alerts/index.ts";
import { NotifyMe, type NotifyResult } from "../components/product/notify-me.tsx";
import type { DomainError } from "../../core/shared/errors.ts";
import { expectDomainError } from "../lib/domain-errors.server.ts";
import { badForm, readForm } from "../lib/form.server.ts";
import { getViewer } from "../lib/session.server.ts";
import type { QueueStatus } from "../../core/queue/index.ts";
import { joinForPage } from "../lib/queue.server.ts";
import { WaitingRoom, QueuePassNotice, type QueueView } from "../components/product/waiting-room.tsx";
import { entryFormSchema, RAFFLE_MESSAGES } from "../../core/raffles/index.ts";
import { RaffleEntry, type RaffleResult } from "../components/product/raffle-entry.tsx";
import { noStore } from "../lib/private-page.ts";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = slugSchema.safeParse(params.slug);
  const product = slug.success ? await context.useCases.catalog.getProductBySlug(slug.data, requestLocale(request)) : null;
  if (!product) {
    // A product renamed in the back office keeps its old address working, permanently moved.
    const renamed = slug.success ? await context.useCases.catalog.findRenamedProduct(slug.data) : null;
    if (renamed) throw localizedRedirect(request, `/shop/${renamed}${new URL(request.url).search}`, 301);
    // A ticket product is sold on its event's page only.
    const event = slug.success ? await context.useCases.events.eventSlugOfProduct(slug.data) : null;
    if (event) throw localizedRedirect(request, `/events/${event}`, 301);
    throw data(null, { status: 404 });
  }
  track(request, context, { type: "product_view", productId: product.id });
  // The heart's state (no query for guests), the reviews and the raffle (with the viewer's entry), read side by side.
  const viewerRead = getViewer(request, context);
  const [savedIds, reviews, viewer, raffle] = await Promise.all([
    savedAmong(request, context, [product.id]),
    loadReviewSection(request, context, product.id),
    viewerRead,
    viewerRead.then((v) => context.useCases.raffles.productRaffle(product.id, v?.id ?? null)),
  ]);
  // A drop with a waiting room, on sale (ADR 0034): the visitor takes (or keeps) a place in its line. A guest
  // cannot queue for a drop only account holders can buy: the page offers "Sign in to buy" as before. A drop
  // sold by raffle has no line (hasWaitingRoom says so while the raffle runs), nor one sold out.
  let queue: QueueView = null;
  const headers = new Headers();
  const accountOnly = product.signInRequired || product.limitPerCustomer !== null;
  // A sold-out drop holds nobody in line: its page says so and offers Notify me (a restock lets the line in).
  const soldOut = product.variants.every((v) => v.available <= 0);
  if (product.onSaleAt === null && !soldOut && (viewer || !accountOnly) && (await context.useCases.queue.hasWaitingRoom(product.id))) {
    // Whatever the visitor's place, this answer is theirs alone: never kept by the guest page cache.
    headers.set("Cache-Control", noStore["Cache-Control"]);
    try {
      const joined = await joinForPage(request, context, product.id, viewer?.id ?? null);
      if (joined.setCookie) headers.append("Set-Cookie", joined.setCookie);
      queue = joined.status;
    } catch (error) {
      const refused = expectDomainError(error);
      queue = { state: "refused", message: localizeText(request, refused), status: refused.status };
    }
  }
  // A raffle's page (its window, its draw, the entries) is never kept for guests by the page cache (ADR 0035).
  if (raffle) headers.set("Cache-Control", noStore["Cache-Control"]);
  // A drop still to come with a waiting room: at its moment the open page joins the line itself (ADR 0040) rather than turn into an Add to Cart that would only answer "Join the line".
  const lineAtRelease = product.onSaleAt !== null && !soldOut && (await context.useCases.queue.hasWaitingRoom(product.id));
  // The "Notify me" form's address for a signed-in shopper (a guest's page, the cached one, has none).
  return data(
    { product, baseUrl: context.baseUrl, saved: savedIds.length > 0, reviews, notifyEmail: viewer?.email ?? null, queue, lineAtRelease, raffle, raffleViewer: viewer ? { emailVerified: viewer.emailVerified } : null },
    { headers, status: queue?.state === "refused" ? queue.status : 200 },
  );
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

/**
 * The "Notify me" form (intent "notify", ADR 0032): a fetcher's post, answered with the result, or a plain
 * form without JavaScript, answered with the page and the same message. A signed-in shopper's address is
 * the session's, never the form's. A bad address is a 400 with the message beside the field.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const fields = await readForm(request);
  if (fields.intent !== "notify" && fields.intent !== "raffle") badForm("Unknown action.");
  const slug = slugSchema.safeParse(params.slug);
  const product = slug.success ? await context.useCases.catalog.getProductBySlug(slug.data, requestLocale(request)) : null;
  if (!product) throw data(null, { status: 404, headers: noStore });
  const viewer = await getViewer(request, context);
  if (fields.intent === "raffle") return raffleAction(request, context, product, viewer, fields);
  const given = fields.email ?? "";
  // Given back to its field when refused: no more than a field holds.
  const email = given.slice(0, 254);
  // A signed-in shopper's page names the account's address (a hidden field): the session's is used, and a
  // page made for another account (signed out and in again in another tab) is refused rather than guessed.
  if (viewer && given.trim().toLowerCase() !== viewer.email.toLowerCase()) {
    const message = localizeText(request, ALERT_MESSAGES.otherAccount);
    return data<{ notify: NotifyResult }>({ notify: { ok: false, error: message, email: "" } }, { status: 400, headers: noStore });
  }
  const parsed = notifyFormSchema.safeParse({ email: viewer ? viewer.email : given, variant: fields.variant });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = localizeText(request, issue?.message ?? ALERT_MESSAGES.invalidEmail);
    const onEmail = issue?.path[0] === "email";
    return data<{ notify: NotifyResult }>({ notify: { ok: false, error: message, ...(onEmail ? { fieldError: message } : {}), email } }, { status: 400, headers: noStore });
  }
  try {
    await context.useCases.alerts.subscribeToAlert(
      { productId: product.id, variantId: parsed.data.variant, email: parsed.data.email, customerId: viewer?.id ?? null, locale: requestLocale(request) },
      context.clientIp,
    );
  } catch (error) {
    const refused = expectDomainError(error);
    return data<{ notify: NotifyResult }>({ notify: { ok: false, error: localizeText(request, refused), email } }, { status: refused.status, headers: noStore });
  }
  return data<{ notify: NotifyResult }>({ notify: { ok: true, upcoming: product.onSaleAt !== null } }, { headers: noStore });
}

/**
 * The raffle's entry form (intent "raffle", ADR 0035): the signed-in shopper's own account, one entry; the
 * answer is the page with a message (the form works without JavaScript). Refusals come back translated.
 */
async function raffleAction(
  request: Request,
  context: Route.ActionArgs["context"],
  product: { id: number; variants: { id: number; size: string | null; color: string | null }[] },
  viewer: { id: string } | null,
  fields: Record<string, string>,
) {
  const refuse = (message: DomainError | string, status: number) => data<{ raffle: RaffleResult }>({ raffle: { ok: false, error: localizeText(request, message) } }, { status, headers: noStore });
  if (!viewer) return refuse(RAFFLE_MESSAGES.signInToEnter, 401);
  const parsed = entryFormSchema.safeParse({ variant: fields.variant });
  if (!parsed.success) return refuse(RAFFLE_MESSAGES.chooseSize, 400);
  try {
    const entry = await context.useCases.raffles.enterRaffle({ productId: product.id, accountId: viewer.id, variantId: parsed.data.variant });
    const variant = product.variants.find((v) => v.id === entry.variantId);
    const size = [variant?.size, variant?.color].filter(Boolean).join(" / ");
    return data<{ raffle: RaffleResult }>({ raffle: { ok: true, created: entry.created, code: entry.code, size } }, { headers: noStore });
  } catch (error) {
    const refused = expectDomainError(error);
    return refuse(refused, refused.status);
  }
}

/** The product's pictures for sharing and search engines: its photos' largest WebP files, else the drawn art. */
function shareImages(product: { artKind: string; images: { src: string }[] }, baseUrl: string): string[] {
  return product.images.length > 0 ? product.images.map((i) => `${baseUrl}${i.src}`) : [`${baseUrl}${artUrl(product.artKind, null)}`];
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

/** What search engines read of the product, in the page's language: its description and its options' colours. */
function productJsonLd(product: Route.ComponentProps["loaderData"]["product"], url: string, baseUrl: string, category: string, t: (id: MessageId) => string, byRaffle: boolean) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: shareImages(product, baseUrl),
    sku: product.variants[0]?.sku,
    category,
    brand: { "@type": "Brand", name: "East Harlem" },
    url,
    offers: product.variants.map((v) => ({
      "@type": "Offer",
      sku: v.sku,
      name: [product.name, v.size, v.color && colorLabel(t, v.color)].filter(Boolean).join(" - "),
      price: (v.priceCents / 100).toFixed(2),
      priceCurrency: product.currency,
      // A timed release still to come: sold from its moment on.
      ...(product.onSaleAt ? { availabilityStarts: product.onSaleAt } : {}),
      // Sold by raffle: only the entries drawn may buy, whatever is in stock.
      availability: product.onSaleAt
        ? "https://schema.org/PreSale"
        : v.available <= 0
          ? "https://schema.org/OutOfStock"
          : byRaffle
            ? "https://schema.org/LimitedAvailability"
            : "https://schema.org/InStock",
      url,
    })),
    ...(product.rating && product.rating.count > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating.average, reviewCount: product.rating.count } }
      : {}),
  };
}

/**
 * The moment a drop with a waiting room goes on sale, a page left open through its countdown takes a place in
 * its line (the product's join, counted by the join limits like any) and shows it in place of Add to Cart; a
 * page let in at once shows Add to Cart with its deadline. Refused (too many joins, say), the page reloads:
 * the product's address then says what there is.
 */
function useJoinAtRelease(due: boolean, slug: string, onQueue: (s: QueueStatus | null) => void) {
  const localePath = useLocalePath();
  useEffect(() => {
    if (!due) return;
    let stopped = false;
    void (async () => {
      try {
        const answer = await fetch(localePath(`/shop/${slug}/queue`), { method: "POST", body: new URLSearchParams(), headers: { Accept: "application/json" } });
        const body = answer.ok ? ((await answer.json()) as { queue: QueueStatus | null }) : null;
        if (stopped) return;
        if (body?.queue) onQueue(body.queue);
        else window.location.reload();
      } catch {
        if (!stopped) window.location.reload();
      }
    })();
    return () => {
      stopped = true;
    };
  }, [due, slug, localePath, onQueue]);
}

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
          <details className="mt-6 border-t border-line pt-4">
            <summary className="min-h-11 cursor-pointer font-semibold">{t("shop.product.availability")}</summary>
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">{t("shop.product.availability.caption")}</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1">{t("shop.product.availability.option")}</th>
                  <th scope="col" className="py-1">{t("shop.product.availability.price")}</th>
                  <th scope="col" className="py-1">{t("shop.product.availability.stock")}</th>
                </tr>
              </thead>
              <tbody>
                {product.variants.map((v) => (
                  <tr key={v.id} className="border-t border-line">
                    <td className="py-1">{[v.size, v.color && colorLabel(t, v.color)].filter(Boolean).join(" / ") || t("shop.product.standard")}</td>
                    <td className="py-1">${(v.priceCents / 100).toFixed(2)}</td>
                    <td className="py-1">{v.available > 0 ? t("shop.stock.inStock", { count: v.available }) : t("shop.stock.out")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </div>
      </div>
      <ProductReviews product={{ slug: product.slug, name: product.name, category: product.category, sizes, colors }} data={loaderData.reviews} />
    </div>
  );
}
