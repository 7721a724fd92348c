// Loaded into a store by bench:checkout with `--import` when BENCH_HEAP is set (never in production).
// On SIGUSR2 it appends one line of JSON to HEAP_PROBE_FILE: the process's memory as Node and V8 count it
// (RSS, the heap in use and reserved, the old space, memory outside the heap) and the garbage collections
// so far (count and time, scavenges apart from mark-compacts). Reading these moves nothing. With
// HEAP_PROBE_GC=1 (node's --expose-gc) it then runs a full collection and adds the heap still in use:
// what is really kept. That collection changes the heap the next rounds start from, so a run that
// forces it is for finding a leak, not for the RSS figure.
import fs from "node:fs";
import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

const file = process.env.HEAP_PROBE_FILE;
const MB = 1024 * 1024;
const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "scavenge",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "markCompact",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak",
};
const collections = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = KINDS[entry.detail?.kind] ?? String(entry.detail?.kind);
    const seen = (collections[kind] ??= { count: 0, ms: 0 });
    seen.count += 1;
    seen.ms += entry.duration;
  }
}).observe({ entryTypes: ["gc"] });

function reading() {
  const usage = process.memoryUsage();
  const old = v8.getHeapSpaceStatistics().find((s) => s.space_name === "old_space");
  return {
    rssMb: mb(usage.rss),
    heapUsedMb: mb(usage.heapUsed),
    heapTotalMb: mb(usage.heapTotal),
    oldUsedMb: mb(old?.space_used_size ?? 0),
    oldSizeMb: mb(old?.space_size ?? 0),
    externalMb: mb(usage.external),
    arrayBuffersMb: mb(usage.arrayBuffers),
  };
}

process.on("SIGUSR2", () => {
  if (!file) return;
  const line = { ...reading(), collections: Object.fromEntries(Object.entries(collections).map(([k, v]) => [k, { count: v.count, ms: Math.round(v.ms) }])) };
  if (process.env.HEAP_PROBE_GC === "1" && typeof globalThis.gc === "function") {
    globalThis.gc();
    line.afterFullGcHeapUsedMb = mb(process.memoryUsage().heapUsed);
  }
  fs.appendFileSync(file, JSON.stringify(line) + "\n");
});
