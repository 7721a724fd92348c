import { useIntl } from "react-intl";
import { Link, useLocale, useT } from "../../i18n/index.ts";
import { optionsLabel, type ItemOffer, type WishlistPriority } from "../../../core/wishlist/rules.ts";
import { categoryLabel, colorLabel } from "../../lib/format.ts";
import { Money } from "../product/display-currency.tsx";
import { storeDate } from "../../lib/dates.ts";
import type { ProductImageView } from "../../../core/media/rules.ts";
import { ProductPicture } from "../product/product-picture.tsx";

/** What a saved item shows, to its owner and on a shared list: today's price and stock, not a snapshot. */
export interface ItemSummaryData {
  productSlug: string;
  productName: string;
  category: string;
  image: string;
  /** The uploaded photo for the saved colour; absent or null: the drawn art. */
  photo?: ProductImageView | null;
  size: string | null;
  color: string | null;
  priority: WishlistPriority;
  addedAt: Date | string;
  offer: Pick<ItemOffer, "priceCents" | "priceVaries" | "availability" | "available">;
}

const PRIORITY_CLASS: Record<WishlistPriority, string> = {
  high: "border-danger text-danger",
  medium: "border-line",
  low: "border-line text-muted",
};

/** Core's availabilityLabel, in the page's language. */
function useAvailabilityLabel(): (offer: Pick<ItemOffer, "availability" | "available">) => string {
  const t = useT();
  return (offer) =>
    offer.availability === "unavailable"
      ? t("wishlist.item.noLongerAvailable")
      : offer.availability === "in_stock"
        ? t("wishlist.item.inStock", { count: offer.available })
        : t("wishlist.item.outOfStock");
}

export function ItemSummary({ item, headingId, headingLevel = 3 }: { item: ItemSummaryData; headingId: string; headingLevel?: 2 | 3 }) {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const availabilityLabel = useAvailabilityLabel();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { offer } = item;
  const inStock = offer.availability === "in_stock";
  return (
    <div className="flex min-w-0 gap-4">
      <Link to={`/shop/${item.productSlug}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductPicture image={item.photo ?? null} artSrc={item.image} alt="" sizes="96px" artSize={96} loading="lazy" className="h-20 w-20 rounded bg-paper object-cover sm:h-24 sm:w-24" />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">{categoryLabel(t, item.category)}</p>
        <Heading id={headingId} className="text-lg font-bold leading-tight">
          <Link to={`/shop/${item.productSlug}`} className="hover:underline">
            {item.productName}
          </Link>
        </Heading>
        <p className="text-sm text-muted">
          {item.size || item.color ? optionsLabel(item.size, item.color && colorLabel(t, item.color)) : t("wishlist.item.anyOptions")}
        </p>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-3">
          {offer.priceCents !== null ? (
            <span className="font-display" data-testid="item-price">
              {offer.priceVaries ? intl.formatMessage({ id: "wishlist.item.from" }, { price: <Money cents={offer.priceCents} /> }) : <Money cents={offer.priceCents} />}
            </span>
          ) : null}
          <span className={`text-sm ${inStock ? "text-ok" : "text-danger"}`} data-testid="item-availability">
            {availabilityLabel(offer)}
          </span>
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${PRIORITY_CLASS[item.priority]}`}>
            {t("wishlist.item.priorityBadge", { priority: item.priority })}
          </span>
          <span>{t("wishlist.item.added", { date: storeDate(item.addedAt, locale) })}</span>
        </p>
      </div>
    </div>
  );
}
