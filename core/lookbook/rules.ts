/** Pure rules of collection pages and lookbooks. No database, no React. */

/** A hotspot's position, kept inside the picture (percent of its width and height). */
export function clampPercent(n: number): number {
  return Math.min(100, Math.max(0, Math.round(n)));
}

/** The product list an admin typed, one slug a line (commas allowed), each once, in the order written. */
export function parseSlugList(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.split(/[\n,]+/)) {
    const slug = raw.trim().toLowerCase();
    if (slug) seen.add(slug);
  }
  return [...seen];
}
