import { Link, useT, type MessageId } from "../../i18n/index.ts";
import { artUrl, optionValues, showOutOfStockBadge } from "../../../core/catalog/rules.ts";
import { imageForColor } from "../../../core/media/rules.ts";
import { categoryLabel } from "../../lib/format.ts";
import { Price } from "../product/price.tsx";
import type { ProductCardData } from "../product/product-card.tsx";
import { ProductOptions } from "../product/product-options.tsx";
import { ProductPicture } from "../product/product-picture.tsx";

type Translate = (id: MessageId, values?: Record<string, string | number>) => string;

/** How much of a product is left across its variants, as the shop says it (in the page's language with `t`). */
export function stockSummary(product: Pick<ProductCardData, "variants">, t?: Translate): string {
  if (showOutOfStockBadge(product.variants, null)) return t ? t("content.stock.out") : "Out of stock";
  const available = product.variants.reduce((sum, v) => sum + Math.max(0, v.available), 0);
  return t ? t("content.stock.count", { count: String(available) }) : `${available} in stock`;
}

/**
 * A product shown inside a story or a look: picture, name, live price and stock, and the shop's own
 * add-to-cart form (a plain POST to /cart without JavaScript, a fetcher with it).
 */
export function ProductEmbed({ product }: { product: ProductCardData }) {
  const t = useT();
  const { colors } = optionValues(product.variants);
  const color = colors[0] ?? null;
  const headingId = `embed-${product.id}-name`;
  const outOfStock = showOutOfStockBadge(product.variants, null);
  return (
    <aside aria-labelledby={headingId} className="not-prose my-8 grid gap-4 rounded-lg border-2 border-ink bg-card p-4 sm:grid-cols-[10rem_minmax(0,1fr)]" data-testid="product-embed">
      <Link to={`/shop/${product.slug}`} tabIndex={-1} aria-hidden="true" className="block">
        <ProductPicture
          image={imageForColor(product.images, color)}
          artSrc={artUrl(product.artKind, color)}
          alt=""
          sizes="160px"
          artSize={600}
          loading="lazy"
          decoding="async"
          className="aspect-square w-full rounded bg-paper object-cover"
        />
      </Link>
      <div className="min-w-0 space-y-2">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          {t("content.embed.shopTheStory")} · {categoryLabel(t, product.category)}
        </p>
        <h3 id={headingId} className="text-xl font-bold leading-tight">
          <Link to={`/shop/${product.slug}`} className="underline-offset-4 hover:underline" prefetch="intent">
            {product.name}
          </Link>
        </h3>
        <Price cents={product.basePriceCents} originalCents={null} />
        <p className={`text-sm font-semibold ${outOfStock ? "text-danger" : "text-ok"}`} data-testid="embed-stock">
          {stockSummary(product, t)}
        </p>
        {outOfStock || product.upcoming || product.byRaffle ? null : <ProductOptions product={product} />}
      </div>
    </aside>
  );
}
