// Settings in, figures out: the scripts' numeric settings from the environment, percentiles and plain-text tables.

/** The value at quantile `q` (0..1) of ascending `sorted` (0 when empty). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Renders rows as a plain-text table; numeric-looking cells are right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const numeric = (s: string) => /^[-+]?[\d.,]+\s*%?$/.test(s);
  const line = (cells: string[]) =>
    cells.map((c, i) => (numeric(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Reads a positive number from the environment, with a default. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
}
