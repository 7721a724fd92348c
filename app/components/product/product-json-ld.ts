import type { MessageId } from "../../i18n/index.ts";
import { artUrl } from "../../../core/catalog/rules.ts";
import { colorLabel } from "../../lib/format.ts";

type JsonLdProduct = {
  name: string;
  description: string;
  artKind: string;
  images: { src: string }[];
  currency: string;
  onSaleAt: string | null;
  rating: { average: number; count: number } | null;
  variants: { sku: string; size: string | null; color: string | null; priceCents: number; available: number }[];
};

/** The product's pictures for sharing and search engines: its photos' largest WebP files, else the drawn art. */
function shareImages(product: { artKind: string; images: { src: string }[] }, baseUrl: string): string[] {
  return product.images.length > 0 ? product.images.map((i) => `${baseUrl}${i.src}`) : [`${baseUrl}${artUrl(product.artKind, null)}`];
}

/** What search engines read of the product, in the page's language: its description and its options' colours. */
export function productJsonLd(product: JsonLdProduct, url: string, baseUrl: string, category: string, t: (id: MessageId) => string, byRaffle: boolean) {
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
