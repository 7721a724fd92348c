import type { ProductImageView } from "../../../core/media/rules.ts";

/**
 * A product's picture: the uploaded photograph when there is one, as a <picture> whose AVIF source the
 * browsers that read it take and whose WebP <img> every other one does, each choosing its width from
 * `sizes`; the drawn art (`artSrc`) when there is none, as the plain <img> the store has always shown.
 * The photo's own width and height keep its aspect ratio, so the layout does not shift while it loads.
 * Either loads lazily unless `loading="eager"` says it is the page's main picture.
 */
export function ProductPicture({
  image,
  artSrc,
  alt,
  sizes,
  artSize,
  className,
  loading,
  fetchPriority,
  decoding,
}: {
  image: ProductImageView | null;
  artSrc: string;
  alt: string;
  /** Which width the picture is shown at, for the browser to pick a file (an <img sizes> value). */
  sizes: string;
  /** The drawn art's width and height attributes (it is square). */
  artSize: number;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  decoding?: "async" | "sync" | "auto";
}) {
  if (!image) {
    return (
      <img
        src={artSrc}
        alt={alt}
        width={artSize}
        height={artSize}
        loading={loading ?? "lazy"}
        fetchPriority={fetchPriority}
        decoding={decoding ?? "async"}
        className={className}
      />
    );
  }
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={image.srcSetAvif} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.srcSetWebp}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={loading ?? "lazy"}
        fetchPriority={fetchPriority}
        decoding={decoding ?? "async"}
        className={className}
      />
    </picture>
  );
}
