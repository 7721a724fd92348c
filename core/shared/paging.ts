/** Lists shown a page at a time, and the text searches that filter them. */

/** The page of a list of `total` rows: the one asked for, kept within 1..pages, and where its rows start. */
export function pageWindow(total: number, requested: number | undefined, size: number): { page: number; pages: number; offset: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, requested ?? 1), pages);
  return { page, pages, offset: (page - 1) * size };
}

/** A search term for LIKE / ILIKE with its wildcards (%, _) and the escape character taken literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
