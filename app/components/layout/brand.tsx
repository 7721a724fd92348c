import { MONOGRAM, WORDMARK } from "../../lib/brand-marks.ts";

/**
 * The wordmark, in the text colour with its gold bar. Decorative by default (the link around it is
 * named); given a `label` it is an image with that name.
 */
export function Wordmark({ className = "", label }: { className?: string; label?: string }) {
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg viewBox={`0 0 ${WORDMARK.width} ${WORDMARK.height}`} className={className} {...a11y} focusable="false">
      <path className="fill-gold" d={WORDMARK.accent} />
      <path fill="currentColor" fillRule="evenodd" d={WORDMARK.letters} />
    </svg>
  );
}

/** The "EH" monogram on its black tile: the same colours in both themes, as on the icons. */
export function Monogram({ className = "" }: { className?: string }) {
  return (
    <svg viewBox={`0 0 ${MONOGRAM.size} ${MONOGRAM.size}`} className={className} aria-hidden="true" focusable="false">
      <path fill="#111111" d={MONOGRAM.tile} />
      <path fill="#e63329" d={MONOGRAM.crown} />
      <path className="fill-gold" fillRule="evenodd" d={MONOGRAM.letters} />
    </svg>
  );
}
