import type { ContentImage } from "../../../core/content/index.ts";

/**
 * An image from the content pages, always with its intrinsic width and height so the layout
 * does not shift while it loads. Below-the-fold images (the default) load lazily. An uploaded photograph
 * (with srcsets) is a <picture> whose files the browser picks by `sizes`, as product photos are.
 */
export function ContentImg({
  image,
  className = "",
  priority = false,
  fill = false,
  sizes = "(min-width: 1024px) 50vw, 100vw",
}: {
  image: ContentImage;
  className?: string;
  /** The page's main above-the-fold image: loaded first, never lazily. */
  priority?: boolean;
  /** Cover the positioned parent (a background image) instead of flowing at its own ratio. */
  fill?: boolean;
  /** How wide an uploaded photograph is shown, for the browser to pick one of its widths. */
  sizes?: string;
}) {
  const img = (
    <img
      src={image.src}
      srcSet={image.srcSetWebp}
      sizes={image.srcSetWebp ? sizes : undefined}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "auto" : "async"}
      className={`${fill ? "absolute inset-0 h-full w-full object-cover" : "h-auto w-full bg-line"} ${className}`}
    />
  );
  if (!image.srcSetAvif) return img;
  // An uploaded photograph: AVIF for the browsers that read it, the WebP <img> for every other one.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={image.srcSetAvif} sizes={sizes} />
      {img}
    </picture>
  );
}
