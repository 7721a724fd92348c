import type { ContentImage } from "../../../core/content/index.ts";

/**
 * An image from the content pages, always with its intrinsic width and height so the layout
 * does not shift while it loads. Below-the-fold images (the default) load lazily.
 */
export function ContentImg({
  image,
  className = "",
  priority = false,
  fill = false,
}: {
  image: ContentImage;
  className?: string;
  /** The page's main above-the-fold image: loaded first, never lazily. */
  priority?: boolean;
  /** Cover the positioned parent (a background image) instead of flowing at its own ratio. */
  fill?: boolean;
}) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "auto" : "async"}
      className={`${fill ? "absolute inset-0 h-full w-full object-cover" : "h-auto w-full bg-line"} ${className}`}
    />
  );
}
