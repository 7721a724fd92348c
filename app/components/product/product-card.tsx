import { useCallback, useState } from "react";
import { Link } from "react-router";
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
import { CATEGORY_LABEL } from "../../lib/format.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { Price } from "./price.tsx";
import { ProductOptions, type Selection } from "./product-options.tsx";
import { StarRating } from "./star-rating.tsx";
import { WishlistButton } from "./wishlist-button.tsx";

/** What a card needs of a product: the listing sends only this to the browser. */
export type ProductCardData = Pick<ProductSummary, "id" | "slug" | "name" | "category" | "artKind" | "basePriceCents" | "tags" | "rating"> & {
  variants: VariantOption[];
};

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
  };
}

export function ProductCard({ product, eager = false, saved = false }: { product: ProductCardData; eager?: boolean; saved?: boolean }) {
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
    <article className="flex flex-col overflow-hidden rounded-lg border border-line bg-card" aria-labelledby={headingId} data-testid="product-card">
      <div className="relative">
        <Link to={`/shop/${product.slug}`} tabIndex={-1} aria-hidden="true">
          <img
            src={artUrl(product.artKind, imageColor)}
            alt=""
            width={600}
            height={600}
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : "auto"}
            decoding="async"
            className="aspect-square w-full bg-paper object-cover"
          />
        </Link>
        {outOfStock ? (
          <span className="absolute left-2 top-2 rounded bg-brick px-2 py-1 text-xs font-bold uppercase text-white">Out of Stock</span>
        ) : null}
        <div className="absolute right-2 top-2">
          <WishlistButton productId={product.id} productName={product.name} saved={saved} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">{CATEGORY_LABEL[product.category]}</p>
        <h3 id={headingId} className="text-lg font-bold leading-tight">
          <Link to={`/shop/${product.slug}`} className="hover:underline" prefetch="intent">
            {product.name}
          </Link>
        </h3>
        <Price cents={priceCents} originalCents={originalPriceCents(product.basePriceCents, selection.variant)} />
        <StarRating average={product.rating?.average ?? 0} count={product.rating?.count ?? 0} />
        {tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1" aria-label="Tags">
            {tags.map((t) => (
              <li key={t} className="rounded-full border border-line px-2 py-0.5 text-xs">
                {t}
              </li>
            ))}
          </ul>
        ) : null}
        {hydrated ? (
          <details className="mt-auto border-t border-line pt-2" onToggle={(e) => setOptionsOpen(e.currentTarget.open)}>
            <summary className="flex min-h-11 cursor-pointer items-center font-semibold">Choose options</summary>
            {/* Rendered only once opened: twelve option forms would weigh down every listing. */}
            {optionsOpen ? (
              <div className="pt-2">
                <ProductOptions product={product} onChange={onChange} />
              </div>
            ) : null}
          </details>
        ) : (
          // Before JavaScript runs (or without it) the options live on the product page.
          <Link to={`/shop/${product.slug}`} className="mt-auto flex min-h-11 items-center border-t border-line pt-2 font-semibold">
            Choose options
          </Link>
        )}
      </div>
    </article>
  );
}
