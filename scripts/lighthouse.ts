// npm run lighthouse — Lighthouse 12 on the production store's browse pages, against the targets:
// 100 in performance, accessibility, best practices and SEO, LCP <= 1.2 s, TBT <= 50 ms, CLS 0, and
// JavaScript loaded with the page <= 100 KB gzipped (the app's own loads on the first interaction, ADR 0030).
//
// Starts the store like bench:pages (one process, fresh embedded database), then runs Lighthouse
// with its default mobile profile (formFactor mobile, simulated throttling) in headless Chromium
// (/usr/bin/chromium, or CHROME_PATH). Prints the four scores and the JavaScript each page
// transferred, lists the audits that keep a score under its target, and a PASS/FAIL line.
// First it measures a bare page (valid, next to nothing on it, from a bare Node server) the same way,
// plain and then with the store's security headers: this machine's floor, printed beside the store's
// pages, since what the browser itself costs here (a new renderer, its first layout) counts in every
// page's blocking time, and Cross-Origin-Opener-Policy gives each page a new renderer. It also prints
// where each page's main-thread time goes (Lighthouse's mainthread-work-breakdown groups).
// LIGHTHOUSE_RUNS=<n> (default 3) runs each page n times and keeps the median run by
// performance score; LIGHTHOUSE_REPORT_DIR=<dir> also saves each page's HTML report there;
// LIGHTHOUSE_PATHS=/,/shop measures only those pages.
//
// Exit code: 0 when Lighthouse ran, also when a target is missed (the FAIL line says which);
// non-zero only when Lighthouse could not run or measure a page.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { generateReport, type Result } from "lighthouse";
import { seedArticles } from "../db/seed/articles.ts";
import { envNumber, onCleanup, runMain, startStore, startWatchdog, table } from "./bench-lib.ts";

const PATHS = process.env.LIGHTHOUSE_PATHS?.split(",").filter(Boolean) ?? ["/", "/shop", "/shop/harlem-classic-tee", "/music", `/culture/${seedArticles[0]!.slug}`];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type CategoryId = (typeof CATEGORIES)[number];
const TARGETS: Record<CategoryId, number> = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
/** Metric targets: [audit id, label, most allowed, unit]. */
const METRICS: Array<[string, string, number, string]> = [
  ["largest-contentful-paint", "LCP", 1200, "ms"],
  ["total-blocking-time", "TBT", 50, "ms"],
  ["cumulative-layout-shift", "CLS", 0, ""],
];
const LABELS: Record<CategoryId, string> = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best practices",
  seo: "SEO",
};
const JS_TARGET_KB = 100;
const MAX_ATTEMPTS = 3;
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

// Best-practices audits that fail only because this run is on plain http://127.0.0.1: a
// deployment behind HTTPS passes them. When they fail they are reported apart, and the adjusted
// best-practices score leaves them out the way Lighthouse leaves out not-applicable audits.
const NOT_APPLICABLE_LOCALLY = ["is-on-https", "redirects-http"];

const FLOOR_LABEL = "bare page";
const FLOOR_WITH_HEADERS_LABEL = "bare page, store's headers";
/** The floor's page: valid, accessible and described, with one heading and one sentence on it. */
const FLOOR_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Bare page</title><meta name="description" content="A page with next to nothing on it, to measure the machine.">' +
  '<link rel="icon" href="data:,"></head><body><h1>Bare page</h1><p>Next to nothing on it.</p></body></html>';

/**
 * The response headers a store page is sent with that change how the browser loads it rather than what it
 * shows: the security headers. Cross-Origin-Opener-Policy above all: a page that sets it is opened in a
 * renderer process of its own, started for it (a fresh renderer's first work counts in the page's blocking
 * time), where a page without it may reuse the blank tab's.
 */
const LOADING_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "permissions-policy",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
];

/** A bare Node server answering every request with FLOOR_HTML (robots.txt with an allow-all), with `headers` added. */
async function startBarePage(headers: Record<string, string> = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const robots = req.url === "/robots.txt";
    res.writeHead(200, { ...headers, "Content-Type": robots ? "text/plain; charset=utf-8" : "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(robots ? "User-agent: *\nAllow: /\n" : FLOOR_HTML);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

type Audit = Result["audits"][string];

/** Whether the Lighthouse report shows an audit as passed (its own rule: binary = 1, others >= 0.9). */
function passed(audit: Audit): boolean {
  if (audit.score === null) return true;
  return audit.scoreDisplayMode === "binary" ? audit.score === 1 : audit.score >= 0.9;
}

/** Lighthouse's category score: weighted mean of the audits that count (weight > 0, applicable). */
function categoryScore(lhr: Result, category: Result.Category, leaveOut: string[] = []): number | null {
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

const pct = (score: number | null | undefined) => (score === null || score === undefined ? "n/a" : String(Math.round(score * 100)));
const auditScore = (audit: Audit) =>
  audit.scoreDisplayMode === "error" ? "error" : audit.score === null ? "-" : audit.score.toFixed(2).replace(/\.?0+$/, "") || "0";
const oneLine = (s: string | undefined, max = 110) => {
  const t = (s ?? "").replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

interface PageResult {
  path: string;
  lhr: Result;
  scores: Record<CategoryId, number | null>;
  bestPracticesAdjusted: number | null;
  notApplicableLocally: Audit[];
  jsBytes: number;
  jsFiles: number;
}

function summarise(pagePath: string, lhr: Result): PageResult {
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
function metricText(lhr: Result, id: string): string {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) return "n/a";
  return id === "cumulative-layout-shift" ? value.toFixed(3) : String(Math.round(value));
}

type Item = Record<string, unknown>;

/** What an audit points at (URLs, elements), for the first few rows of its details. */
function culprits(audit: Audit, max = 5): string[] {
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
function failingAudits(lhr: Result, categoryId: CategoryId, skip: string[]): string[][] {
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

async function main(): Promise<number> {
  const store = await startStore();

  // The store's own loading headers, for the second floor: the bare page served the way the store serves a page.
  const home = await fetch(store.url + "/");
  await home.arrayBuffer();
  const storeHeaders = Object.fromEntries(LOADING_HEADERS.flatMap((name) => (home.headers.has(name) ? [[name, home.headers.get(name)!]] : [])));
  // One render of each page first, so Lighthouse does not time the store's very first requests.
  for (const pagePath of PATHS) {
    const res = await fetch(store.url + pagePath, { headers: { "accept-encoding": "gzip" } });
    await res.arrayBuffer();
    console.log(`warm-up GET ${pagePath}: ${res.status}`);
  }

  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  console.log(`Chromium ${chromePath} (a fresh instance per run); Lighthouse default mobile profile\n`);
  const runs = Math.round(envNumber("LIGHTHOUSE_RUNS", 3));
  const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (reportDir) fs.mkdirSync(reportDir, { recursive: true });

  /** One Lighthouse run in its own Chromium (a clean profile each time, as Lighthouse advises). */
  const audit = async (url: string): Promise<Result> => {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-chrome-"));
    const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, userDataDir, handleSIGINT: false, logLevel: "silent" }).catch(
      (error: unknown) => {
        fs.rmSync(userDataDir, { recursive: true, force: true });
        throw error;
      },
    );
    const watchdog = startWatchdog({ groups: [chrome.pid], dirs: [userDataDir] });
    const closeChrome = onCleanup(async () => {
      const exited = new Promise<void>((resolve) =>
        chrome.process.exitCode !== null || chrome.process.signalCode !== null ? resolve() : chrome.process.once("exit", () => resolve()),
      );
      chrome.kill(); // SIGKILL to Chromium's process group
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5 });
      await watchdog.dismiss();
    });
    try {
      const runner = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
      if (!runner) throw new Error(`Lighthouse returned no result for ${url}`);
      return runner.lhr;
    } finally {
      await closeChrome();
    }
  };

  /** Each page's runs; with several, the one with the median performance score (Lighthouse's advice on variance). */
  const measurePage = async (url: string, label: string, reportName: string): Promise<Result> => {
    // A trace that fails to record (NO_NAVSTART, NO_FCP...) is a measuring accident that
    // Lighthouse itself says to retry; the third failure in a row is reported.
    const measureOnce = async (run: number): Promise<Result> => {
      let lhr: Result | undefined;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const note = [runs > 1 ? `run ${run}/${runs}` : "", attempt > 1 ? `attempt ${attempt}` : ""].filter(Boolean).join(", ");
        process.stdout.write(`lighthouse ${label}${note ? ` (${note})` : ""} ... `);
        const started = Date.now();
        lhr = await audit(url);
        const perf = lhr.categories.performance?.score;
        console.log(
          `${((Date.now() - started) / 1000).toFixed(1)} s, performance ${pct(perf)}, ` +
            `CPU benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`,
        );
        if (!lhr.runtimeError) break;
        console.log(`  Lighthouse could not measure ${label}: ${lhr.runtimeError.code}: ${oneLine(lhr.runtimeError.message, 160)}`);
      }
      return lhr!;
    };
    const all: Result[] = [];
    for (let run = 1; run <= runs; run++) all.push(await measureOnce(run));
    const measured = all.filter((r) => !r.runtimeError);
    const ranked = (measured.length > 0 ? measured : all).sort(
      (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
    );
    const lhr = ranked[Math.floor((ranked.length - 1) / 2)]!;
    if (runs > 1) console.log(`  median run: performance ${pct(lhr.categories.performance?.score)}`);
    for (const warning of lhr.runWarnings) console.log(`  warning: ${oneLine(String(warning), 200)}`);
    if (reportDir) {
      const file = path.join(reportDir, `${reportName}.report.html`);
      fs.writeFileSync(file, generateReport(lhr, "html"));
      console.log(`  report: ${file}`);
    }
    return lhr;
  };

  const results: PageResult[] = [];
  const broken: string[] = [];
  const floors: PageResult[] = [];
  try {
    // This machine's floor: the same measurement of a page with next to nothing on it, served by a bare
    // server. What the browser itself costs here (starting a renderer, its first layout) counts in every
    // page's figures; the store's pages are read against it (like bench:pages' bare server). Twice: plain,
    // and with the store's loading headers, which decide whether the page gets a renderer of its own.
    for (const [label, headers, reportName] of [
      [FLOOR_LABEL, {}, "bare-page"],
      [FLOOR_WITH_HEADERS_LABEL, storeHeaders, "bare-page-store-headers"],
    ] as const) {
      const bare = await startBarePage(headers);
      try {
        const lhr = await measurePage(bare.url, `${label} (this machine's floor)`, reportName);
        if (lhr.runtimeError) broken.push(label);
        floors.push(summarise(label, lhr));
      } finally {
        await bare.stop();
      }
    }
    for (const pagePath of PATHS) {
      const lhr = await measurePage(store.url + pagePath, pagePath, pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-"));
      if (lhr.runtimeError) broken.push(pagePath);
      results.push(summarise(pagePath, lhr));
    }
  } finally {
    await store.stop();
    console.log("the store stopped");
  }

  // Scores
  console.log(
    "\n" +
      table(
        ["page", "performance", "accessibility", "best practices", "BP adjusted", "SEO", ...METRICS.map(([, label, , unit]) => (unit ? `${label} ${unit}` : label)), "JS KB (gzip)", "scripts"],
        [...floors, ...results].map((r) => [
          r.path,
          String(r.scores.performance ?? "n/a"),
          String(r.scores.accessibility ?? "n/a"),
          String(r.scores["best-practices"] ?? "n/a"),
          String(r.bestPracticesAdjusted ?? "n/a"),
          String(r.scores.seo ?? "n/a"),
          ...METRICS.map(([id]) => metricText(r.lhr, id)),
          (r.jsBytes / 1024).toFixed(1),
          String(r.jsFiles),
        ]),
      ),
  );
  console.log(
    "(scores 0-100; JS KB: transferSize of the Script requests in the network-requests audit, 1 KB = 1024 bytes;\n" +
      ` BP adjusted: best practices without ${NOT_APPLICABLE_LOCALLY.join(" and ")} when they fail, see below)`,
  );

  // Where each page's main-thread time goes, by Lighthouse's own groups (its mainthread-work-breakdown audit):
  // the trace's durations times the simulated CPU slowdown, as its metrics count them.
  const groups = ["styleLayout", "parseHTML", "scriptEvaluation", "scriptParseCompile", "paintCompositeRender", "garbageCollection", "other"];
  const breakdown = (r: PageResult): Record<string, number> => {
    const items = (r.lhr.audits["mainthread-work-breakdown"]?.details as { items?: Array<{ group: string; duration: number }> } | undefined)?.items ?? [];
    return Object.fromEntries(items.map((item) => [item.group, item.duration]));
  };
  console.log(
    "\nMain thread by kind of work, ms (Lighthouse's mainthread-work-breakdown: the trace's time times the CPU slowdown " +
      `of ${floors[0]?.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? "n/a"}):\n` +
      table(
        ["page", "style & layout", "parse HTML & CSS", "script evaluation", "script compile", "rendering", "GC", "other", "total"],
        [...floors, ...results].map((r) => {
          const b = breakdown(r);
          const total = Object.values(b).reduce((sum, ms) => sum + ms, 0);
          return [r.path, ...groups.map((g) => String(Math.round(b[g] ?? 0))), String(Math.round(total))];
        }),
      ),
  );

  // Audits not applicable on a local http:// run
  const local = results.filter((r) => r.notApplicableLocally.length > 0);
  if (local.length > 0) {
    console.log("\nNot applicable locally (the store runs on plain http://127.0.0.1 here; behind HTTPS these pass):");
    for (const r of local) {
      for (const audit of r.notApplicableLocally) {
        const weight = r.lhr.categories["best-practices"]?.auditRefs.find((ref) => ref.id === audit.id)?.weight ?? 0;
        console.log(`  ${r.path}: ${audit.id} (${audit.title}), score ${auditScore(audit)}, weight ${weight}`);
      }
      console.log(
        `  ${r.path}: best practices raw ${r.scores["best-practices"]}, adjusted ${r.bestPracticesAdjusted} ` +
          "(weighted mean of the other best-practices audits, these audits' weights set to 0 as Lighthouse does for not-applicable audits)",
      );
    }
  } else {
    console.log(`\nNot applicable locally: none failed (${NOT_APPLICABLE_LOCALLY.join(", ")} passed or did not apply), so BP adjusted = raw.`);
  }

  // What keeps each score under its target
  let anyFailing = false;
  for (const r of results) {
    if (r.lhr.runtimeError) {
      anyFailing = true;
      console.log(`\n${r.path}: not measured (${r.lhr.runtimeError.code}), so no audit list`);
      continue;
    }
    for (const id of CATEGORIES) {
      const score = id === "best-practices" ? r.bestPracticesAdjusted : r.scores[id];
      if (score !== null && score >= TARGETS[id]) continue;
      anyFailing = true;
      const rows = failingAudits(r.lhr, id, NOT_APPLICABLE_LOCALLY);
      console.log(`\n${r.path}: ${LABELS[id]} ${score ?? "n/a"} (target ${TARGETS[id]}): ${rows.length} audit(s) to fix`);
      if (rows.length > 0) console.log(table(["audit id", "title", "score", "displayValue", "weight"], rows).replace(/^/gm, "  "));
      for (const [auditId] of rows) {
        const lines = culprits(r.lhr.audits[auditId!]!);
        if (lines.length > 0) console.log(`  ${auditId}:\n${lines.map((l) => `    - ${l}`).join("\n")}`);
      }
    }
  }
  if (!anyFailing) console.log("\nNo score is under its target.");

  // Verdict
  const misses: string[] = [];
  for (const r of results) {
    for (const id of CATEGORIES) {
      const score = id === "best-practices" ? r.bestPracticesAdjusted : r.scores[id];
      if (score === null || score < TARGETS[id]) misses.push(`${r.path} ${LABELS[id]} ${score ?? "n/a"}`);
    }
    const kb = r.jsBytes / 1024;
    if (kb > JS_TARGET_KB) misses.push(`${r.path} JS ${kb.toFixed(1)} KB`);
    for (const [id, label, most, unit] of METRICS) {
      const value = r.lhr.audits[id]?.numericValue;
      if (value === undefined || value > most) misses.push(`${r.path} ${label} ${metricText(r.lhr, id)}${unit ? ` ${unit}` : ""}`);
    }
  }
  for (const floor of floors) {
    if (floor.lhr.runtimeError) continue;
    const floorMisses = CATEGORIES.filter((id) => (floor.scores[id] ?? 0) < TARGETS[id]).map((id) => `${LABELS[id]} ${floor.scores[id]}`);
    for (const [id, label, most] of METRICS) if ((floor.lhr.audits[id]?.numericValue ?? Infinity) > most) floorMisses.push(`${label} ${metricText(floor.lhr, id)}`);
    console.log(
      `\nThis machine's floor (${floor.path}, measured the same way): performance ${floor.scores.performance}, ` +
        METRICS.map(([id, label]) => `${label} ${metricText(floor.lhr, id)}`).join(", ") +
        (floorMisses.length > 0
          ? `; it misses the targets itself (${floorMisses.join(", ")}): here they cannot be shown by any page ${floor.path === FLOOR_LABEL ? "" : "sent with these headers"}`.trimEnd()
          : "; it meets the targets"),
    );
  }
  console.log(
    `\nTargets (100 in all four categories, best practices adjusted; ${METRICS.map(([, label, most, unit]) => `${label} <= ${most}${unit ? ` ${unit}` : ""}`).join(", ")}; JS <= ${JS_TARGET_KB} KB gzipped): ` +
      (misses.length === 0 ? "PASS" : `FAIL (${misses.join("; ")})`),
  );

  if (broken.length > 0) {
    console.log(`Lighthouse could not measure: ${broken.join(", ")}`);
    return 1;
  }
  return 0;
}

runMain(main);
