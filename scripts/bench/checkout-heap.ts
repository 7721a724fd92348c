import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// bench-checkout.ts's BENCH_HEAP: the stores' JavaScript heap and garbage collections after each round.

/** BENCH_HEAP: the heap probe is loaded into each store, which appends a line to its file on SIGUSR2. */
const HEAP_PROBE = pathToFileURL(path.resolve(import.meta.dirname, "../heap-probe.mjs")).href;
export const heapSetting = process.env.BENCH_HEAP ?? "";

export function heapFlags(): string[] {
  if (!heapSetting) return [];
  return [...(heapSetting === "gc" ? ["--expose-gc"] : []), "--import", HEAP_PROBE];
}

interface HeapReading {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  oldUsedMb: number;
  oldSizeMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  collections: Record<string, { count: number; ms: number }>;
  afterFullGcHeapUsedMb?: number;
}

/** Asks a store's heap probe for a reading (SIGUSR2) and waits for its line in `file` (the n-th). */
export async function readHeap(pid: number | null, file: string, n: number): Promise<HeapReading | null> {
  if (pid === null) return null;
  process.kill(pid, "SIGUSR2");
  for (let waited = 0; waited < 5000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
    if (lines.length >= n) return JSON.parse(lines[n - 1]!) as HeapReading;
  }
  return null;
}

export function describeHeap(h: HeapReading | null): string {
  if (!h) return "heap: no reading";
  const gc = (kind: string) => `${h.collections[kind]?.count ?? 0} (${h.collections[kind]?.ms ?? 0} ms)`;
  const kept = h.afterFullGcHeapUsedMb === undefined ? "" : `; after a full collection ${h.afterFullGcHeapUsedMb} MB in use`;
  return (
    `heap ${h.heapUsedMb} of ${h.heapTotalMb} MB (old space ${h.oldUsedMb} of ${h.oldSizeMb}), external ${h.externalMb} MB ` +
    `(array buffers ${h.arrayBuffersMb}); so far ${gc("scavenge")} scavenges, ${gc("markCompact")} mark-compacts${kept}`
  );
}
