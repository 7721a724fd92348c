import { Link, useT, type MessageId } from "../../i18n/index.ts";
import { collectionsPage, type ContentImage } from "../../../core/content/index.ts";
import { ArrowIcon } from "./buttons.tsx";
import { ContentImg } from "./content-image.tsx";

export interface CollectionCardData {
  slug: string;
  name: string;
  description: string;
  season: string | null;
  /** From the catalogue: active products in the collection. */
  itemCount: number;
}

export function collectionHref(slug: string): string {
  return `/collections/${encodeURIComponent(slug)}`;
}

/** The alt text of each collection's picture (collectionsPage.images), by id. */
const IMAGE_ALT: Readonly<Record<string, MessageId>> = {
  "spring-2024-urban-renaissance": "shop.collections.imageAlt.spring2024",
  "street-essentials": "shop.collections.imageAlt.streetEssentials",
  "underground-classics": "shop.collections.imageAlt.undergroundClassics",
  "limited-edition": "shop.collections.imageAlt.limitedEdition",
};

/** A collection's picture with its alt text in the page's language (undefined: the collection has none). */
export function useCollectionImage(): (slug: string) => ContentImage | undefined {
  const t = useT();
  return (slug) => {
    const image = collectionsPage.images[slug];
    const alt = IMAGE_ALT[slug];
    return image && alt ? { ...image, alt: t(alt) } : image;
  };
}

/** A collection card; the whole card is one link to the collection's page. */
export function CollectionCard({ collection, image }: { collection: CollectionCardData; image: ContentImage | undefined }) {
  const t = useT();
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-lg border border-line bg-card transition-colors hover:border-ink">
      {image ? <ContentImg image={image} className="transition-transform duration-300 group-hover:scale-[1.02]" /> : null}
      <div className="flex flex-1 flex-col gap-3 p-6">
        <p className="text-sm font-bold uppercase tracking-wider text-muted" data-testid="collection-count">
          {t("shop.collections.items", { count: collection.itemCount })}
        </p>
        <h3 className="font-display text-h3 font-black wrap-break-word">
          <Link
            to={collectionHref(collection.slug)}
            prefetch="intent"
            className="after:absolute after:inset-0 after:rounded-lg after:content-['']"
          >
            {collection.name}
          </Link>
        </h3>
        <p className="flex-1 leading-relaxed text-muted">{collection.description}</p>
        <span aria-hidden="true" className="mt-2 inline-flex items-center gap-2 text-sm font-bold uppercase tracking-wider">
          {t("shop.collections.card.shop")} <ArrowIcon />
        </span>
      </div>
    </article>
  );
}
