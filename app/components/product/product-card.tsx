import { useCallback, useState } from "react";
import { Link, useT } from "../../i18n/index.ts";
import type { ProductSummary } from "../../../core/catalog/index.ts";
import {
  artUrl,
  MAX_TAGS,
  optionValues,
  originalPriceCents,
  showOutOfStockBadge,
  truncate,
  type VariantOption,
} from "../../../core/catalog/rules.ts";
import { firstPerColor, imageForColor, type ProductImageView } from "../../../core/media/rules.ts";
import { categoryLabel, tagLabel } from "../../lib/format.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Price } from "./price.tsx";
import { ProductPicture } from "./product-picture.tsx";
import { ProductOptions, type Selection } from "./product-options.tsx";
import { StarRating } from "./star-rating.tsx";
import { WishlistButton } from "./wishlist-button.tsx";

/** What a card needs of a product: the listing sends only this to the browser. */
export type ProductCardData = Pick<ProductSummary, "id" | "slug" | "name" | "category" | "artKind" | "basePriceCents" | "tags" | "rating"> & {
  variants: VariantOption[];
  /** The photos a colour can pick (the first of each colour and for all colours); empty: the drawn art. */
  images: ProductImageView[];
  /** Its timed release is still to come: no quick add, the card leads to the page's countdown. */
  upcoming?: boolean;
  /** Sold by raffle (ADR 0035): no quick add, the card leads to the page's entry form. */
  byRaffle?: boolean;
};

/** The card's width in the shop's grid (two columns, then 3 and 4), for the browser to pick a photo's file. */
const CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 33vw, 50vw";

/**
 * A grid of product cards: two columns from the narrowest phone, three from 1024 px, four from 1280 px.
 * Each item is a subgrid of four rows (the card's parts), so the cards of one row share their row lines.
 */
export const PRODUCT_GRID = "grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4";
export const PRODUCT_GRID_ITEM = "row-span-4 grid grid-rows-subgrid gap-y-0";

export function toCardData(p: ProductSummary): ProductCardData {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    category: p.category,
    artKind: p.artKind,
    basePriceCents: p.basePriceCents,
    tags: p.tags,
    rating: p.rating,
    variants: p.variants.map(({ id, size, color, priceCents, available }) => ({ id, size, color, priceCents, available })),
    images: firstPerColor(p.images),
    upcoming: p.upcoming,
    byRaffle: p.byRaffle,
  };
}

/** `eager`: its picture loads with the page rather than lazily; `priority`: asked for ahead of the others (the page's largest paint). */
export function ProductCard({ product, eager = false, priority = eager, saved = false }: { product: ProductCardData; eager?: boolean; priority?: boolean; saved?: boolean }) {
  const t = useT();
  const [selection, setSelection] = useState<Selection>({ size: null, color: null, variant: null });
  const onChange = useCallback((s: Selection) => setSelection(s), []);
  const hydrated = useHydrated();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const { colors } = optionValues(product.variants);
  const tags = truncate(product.tags, MAX_TAGS).shown;
  const imageColor = selection.color ?? colors[0] ?? null;
  const outOfStock = showOutOfStockBadge(product.variants, selection.variant);
  const priceCents = selection.variant?.priceCents ?? product.basePriceCents;
  const headingId = `product-${product.id}-name`;

  return (
    // The card's four parts (picture, details, price, options) are rows of the grid's subgrid
    // (PRODUCT_GRID_ITEM), so each part lines up across a row of cards whatever the length of a name or the
    // number of tags, and opening one card's options moves nothing in the cards beside it.
    // Below 16rem wide (two columns on a phone) the card and its options panel tighten their type and
    // padding: the narrow-card: classes (app/app.css), which apply inside data-card while the viewport puts
    // PRODUCT_GRID's cards under 16rem. Size containers on the card's parts said the same for about 40 % of
    // the shop's first layout; the article itself could not be one (containment would stop it being a subgrid).
    <article
      className="row-span-4 grid grid-rows-subgrid overflow-hidden rounded-lg border border-line bg-card"
      aria-labelledby={headingId}
      data-testid="product-card"
      data-card=""
    >
      <div className="relative">
        <Link to={`/shop/${product.slug}`} tabIndex={-1} aria-hidden="true">
          <ProductPicture
            image={imageForColor(product.images, imageColor)}
            artSrc={artUrl(product.artKind, imageColor)}
            alt=""
            sizes={CARD_SIZES}
            artSize={600}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
            className="aspect-square w-full bg-paper object-cover"
          />
        </Link>
        {outOfStock ? (
          // On a narrow card the top corner belongs to the heart: the badge moves to the bottom.
          <span className="absolute left-2 top-2 rounded bg-brick px-2 py-1 text-xs font-bold uppercase text-white narrow-card:top-auto narrow-card:bottom-2 narrow-card:px-1.5">
            {t("shop.stock.badge")}
          </span>
        ) : null}
        <div className="absolute right-2 top-2">
          <WishlistButton productId={product.id} productName={product.name} saved={saved} />
        </div>
      </div>
      <div className="min-w-0">
        <div className="flex flex-col gap-2 px-4 pt-4 narrow-card:gap-1.5 narrow-card:px-2 narrow-card:pt-2">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted narrow-card:tracking-normal">{categoryLabel(t, product.category)}</p>
          <h3 id={headingId} className="text-lg font-bold leading-tight break-words narrow-card:text-base">
            <Link to={`/shop/${product.slug}`} className="hover:underline" prefetch="intent">
              {product.name}
            </Link>
          </h3>
          <StarRating average={product.rating?.average ?? 0} count={product.rating?.count ?? 0} wrap />
          {tags.length > 0 ? (
            // One row of tags at most: those that do not fit are clipped whole (a tag is 22 px high).
            <ul className="flex max-h-[22px] flex-wrap gap-1 overflow-hidden" aria-label={t("shop.tags")}>
              {tags.map((tag) => (
                <li key={tag} className="max-w-full truncate rounded-full border border-line px-2 py-0.5 text-xs leading-4">
                  {tagLabel(t, tag)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="min-w-0 self-end">
        <Price
          cents={priceCents}
          originalCents={originalPriceCents(product.basePriceCents, selection.variant)}
          className="px-4 pt-2 narrow-card:px-2"
        />
      </div>
      <div className="min-w-0">
        <div className="px-4 pb-4 pt-2 narrow-card:px-2 narrow-card:pb-2">
          {product.byRaffle ? (
            // Sold by raffle: entered on its page; the server refuses anyone else's add anyway.
            <Link to={`/shop/${product.slug}`} className="flex min-h-11 items-center border-t border-line pt-2 font-semibold narrow-card:text-sm">
              {t("shop.raffle.heading")}
            </Link>
          ) : product.upcoming ? (
            // A drop still to come: its page shows when it opens and counts down; the server refuses an early add anyway.
            <Link to={`/shop/${product.slug}`} className="flex min-h-11 items-center border-t border-line pt-2 font-semibold narrow-card:text-sm">
              {t("shop.release.heading")}
            </Link>
          ) : hydrated ? (
            <details className="border-t border-line pt-2" onToggle={(e) => setOptionsOpen(e.currentTarget.open)}>
              <summary className="flex min-h-11 cursor-pointer items-center font-semibold narrow-card:text-sm">{t("shop.card.chooseOptions")}</summary>
              {/* Rendered only once opened: twelve option forms would weigh down every listing. */}
              {optionsOpen ? (
                <div className="pt-2">
                  <ProductOptions product={product} onChange={onChange} />
                </div>
              ) : null}
            </details>
          ) : (
            // Before JavaScript runs (or without it) the options live on the product page.
            <Link to={`/shop/${product.slug}`} className="flex min-h-11 items-center border-t border-line pt-2 font-semibold narrow-card:text-sm">
              {t("shop.card.chooseOptions")}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
