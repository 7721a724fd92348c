import type { Result } from "lighthouse";

// Reading lighthouse.ts's results: category scores, the JavaScript a page loaded, metrics, and the audits that
// keep a score under its target.

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof CATEGORIES)[number];

// Best-practices audits that fail only because this run is on plain http://127.0.0.1: a
// deployment behind HTTPS passes them. When they fail they are reported apart, and the adjusted
// best-practices score leaves them out the way Lighthouse leaves out not-applicable audits.
export const NOT_APPLICABLE_LOCALLY = ["is-on-https", "redirects-http"];

export type Audit = Result["audits"][string];

/** Whether the Lighthouse report shows an audit as passed (its own rule: binary = 1, others >= 0.9). */
export function passed(audit: Audit): boolean {
  if (audit.score === null) return true;
  return audit.scoreDisplayMode === "binary" ? audit.score === 1 : audit.score >= 0.9;
}

/** Lighthouse's category score: weighted mean of the audits that count (weight > 0, applicable). */
export function categoryScore(lhr: Result, category: Result.Category, leaveOut: string[] = []): number | null {
  let weight = 0;
  let sum = 0;
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight <= 0 || leaveOut.includes(ref.id)) continue;
    if (["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode)) continue;
    if (audit.score === null) return null;
    weight += ref.weight;
    sum += audit.score * ref.weight;
  }
  return weight > 0 ? Math.round((sum / weight) * 100) : null;
}

export const pct = (score: number | null | undefined) => (score === null || score === undefined ? "n/a" : String(Math.round(score * 100)));
export const auditScore = (audit: Audit) =>
  audit.scoreDisplayMode === "error" ? "error" : audit.score === null ? "-" : audit.score.toFixed(2).replace(/\.?0+$/, "") || "0";
export const oneLine = (s: string | undefined, max = 110) => {
  const t = (s ?? "").replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

export interface PageResult {
  path: string;
  lhr: Result;
  scores: Record<CategoryId, number | null>;
  bestPracticesAdjusted: number | null;
  notApplicableLocally: Audit[];
  jsBytes: number;
  jsFiles: number;
}

export function summarise(pagePath: string, lhr: Result): PageResult {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id]!.score! * 100)]),
  ) as Record<CategoryId, number | null>;

  const bp = lhr.categories["best-practices"];
  const notApplicableLocally = NOT_APPLICABLE_LOCALLY.map((id) => lhr.audits[id]).filter(
    (a): a is Audit => a !== undefined && a.score !== null && a.score < 1,
  );
  const bestPracticesAdjusted =
    bp && notApplicableLocally.length > 0
      ? categoryScore(lhr, bp, notApplicableLocally.map((a) => a.id))
      : scores["best-practices"];

  // Every script the page loaded, as transferred (compressed bytes plus headers).
  const items = (lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === "Script");
  const jsBytes = scripts.reduce((sum, item) => sum + (typeof item.transferSize === "number" ? item.transferSize : 0), 0);

  return { path: pagePath, lhr, scores, bestPracticesAdjusted, notApplicableLocally, jsBytes, jsFiles: scripts.length };
}

/** A metric as Lighthouse measured it: ms rounded, CLS to three decimals. */
export function metricText(lhr: Result, id: string): string {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) return "n/a";
  return id === "cumulative-layout-shift" ? value.toFixed(3) : String(Math.round(value));
}

export type Item = Record<string, unknown>;

/** What an audit points at (URLs, elements), for the first few rows of its details. */
export function culprits(audit: Audit, max = 5): string[] {
  const details = audit.details as { type?: string; items?: Item[] } | undefined;
  if (!details?.items) return [];
  // "list" details (the insights) hold tables of their own.
  // (Some hold a single object as `items`, not a list: those are left out.)
  const rows = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);
  const items = details.type === "list" ? rows(details.items).flatMap((i) => rows(i.items)) : rows(details.items);
  const lines: string[] = [];
  for (const item of items) {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const source = item.source as { url?: string; line?: number } | undefined;
    const what =
      (typeof item.url === "string" && item.url) ||
      (source?.url ? `${source.url}${source.line !== undefined ? `:${source.line}` : ""}` : "") ||
      (node ? `${node.selector ?? ""} ${node.snippet ?? ""}`.trim() : "") ||
      (typeof item.description === "string" ? item.description : "");
    if (!what) continue;
    const extras: string[] = [];
    if (typeof item.description === "string" && item.description !== what) extras.push(oneLine(item.description, 100));
    if (typeof item.wastedBytes === "number") extras.push(`${(item.wastedBytes / 1024).toFixed(1)} KiB wasted`);
    if (typeof item.cacheLifetimeMs === "number") extras.push(`cache ${item.cacheLifetimeMs / 1000} s`);
    if (typeof item.total === "number" && typeof item.url === "string") extras.push(`${Math.round(item.total)} ms`);
    lines.push(`${oneLine(what, 120)}${extras.length ? ` (${extras.join(", ")})` : ""}`);
    if (lines.length >= max) break;
  }
  const more = items.length - lines.length;
  if (lines.length > 0 && more > 0) lines.push(`... ${more} more`);
  return lines;
}

/** The audits that keep a category under its target, heaviest first. */
export function failingAudits(lhr: Result, categoryId: CategoryId, skip: string[]): string[][] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const rows: Array<{ weight: number; row: string[] }> = [];
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || skip.includes(ref.id)) continue;
    const isMetric = ref.group === "metrics";
    if (audit.scoreDisplayMode === "error") {
      rows.push({ weight: ref.weight, row: [audit.id, oneLine(audit.title, 70), "error", oneLine(audit.errorMessage, 60), String(ref.weight)] });
      continue;
    }
    if (["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode)) continue;
    // Performance metrics are listed when they cost points (< 1), other audits when they fail.
    if (isMetric ? audit.score === null || audit.score >= 1 : passed(audit)) continue;
    rows.push({
      weight: ref.weight,
      row: [audit.id, oneLine(audit.title, 70), auditScore(audit), oneLine(audit.displayValue, 40) || "-", String(ref.weight)],
    });
  }
  return rows.sort((a, b) => b.weight - a.weight).map((r) => r.row);
}
