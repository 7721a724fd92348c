// npx tsx scripts/profile-summary.ts FILE.cpuprofile [--top=N]: where a V8 CPU profile's time went.
//
// Prints the process's CPU time by area (rendering React, the PostgreSQL driver, Drizzle, the identity
// library, Express and compression, ...), each area's share of the profile's wall time, and the functions
// with the most self time. Made for the profiles `BENCH_CPU_PROFILE=DIR npm run bench:checkout` writes.
import fs from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Areas, first match wins: a frame is put in the area of the innermost frame that names one. */
const AREAS: { area: string; test: RegExp }[] = [
  { area: "(idle)", test: /^\(idle\)$/ },
  { area: "(garbage collection)", test: /^\(garbage collector\)$/ },
  { area: "PostgreSQL driver (pg)", test: /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\// },
  { area: "Drizzle (building SQL, mapping rows)", test: /node_modules\/drizzle-orm\// },
  { area: "identity library (better-auth, sessions)", test: /node_modules\/(better-auth|@better-auth|better-call|jose|@noble|kysely)\// },
  { area: "React rendering (react-dom/server)", test: /node_modules\/(react-dom|react)\// },
  { area: "React Router (routing, loaders, turbo-stream)", test: /node_modules\/(react-router|@react-router|turbo-stream)\// },
  { area: "i18n (react-intl, formatjs)", test: /node_modules\/(react-intl|@formatjs|intl-messageformat)\// },
  { area: "compression (zlib)", test: /node_modules\/compression\/|node:zlib|^zlib$/ },
  { area: "Express and HTTP parsing", test: /node_modules\/(express|router|body-parser|finalhandler|send|serve-static|on-finished|cookie|qs|negotiator|accepts|type-is|content-type|mime-types)\/|node:_http|node:http|^_http_/ },
  { area: "logging (pino)", test: /node_modules\/(pino|sonic-boom|thread-stream)\// },
  { area: "zod", test: /node_modules\/zod\// },
  { area: "web streams and fetch objects (undici)", test: /node:internal\/webstreams|node:internal\/deps\/undici|undici/ },
  { area: "the store's server code", test: /build\/node\/main\.js|\/server\// },
  { area: "the store's app bundle (routes, components)", test: /build\/server\/|\/app\// },
  { area: "the store's core and db", test: /\/core\/|\/db\// },
  { area: "other node_modules", test: /node_modules\// },
  { area: "Node internals (net, timers, crypto, streams)", test: /^node:|^internal\// },
  { area: "(program: native, unattributed)", test: /^\(program\)$/ },
];

function frameKey(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  return url ? url : functionName;
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx scripts/profile-summary.ts FILE.cpuprofile [--top=N]");
  const top = Number(process.argv.find((a) => a.startsWith("--top="))?.split("=")[1] ?? 25);
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Self time per node.
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }

  const areaOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = areaOf.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const name = frameKey(node);
    let area = AREAS.find((a) => a.test.test(name) || a.test.test(node.callFrame.functionName))?.area;
    // Native and built-in frames (JSON.parse, RegExp) count in the area of the code that called them.
    if (!area || area.startsWith("Node internals") || area.startsWith("(program")) {
      const up = parent.get(id);
      const callerArea = up !== undefined && byId.get(up)!.callFrame.functionName !== "(root)" ? classify(up) : null;
      if (callerArea && !callerArea.startsWith("(")) area = area?.startsWith("Node internals") && callerArea === "other node_modules" ? area : callerArea;
    }
    area ??= "other";
    areaOf.set(id, area);
    return area;
  };

  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    total += us;
    const area = classify(id);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const n = byId.get(id)!;
    const where = n.callFrame.url ? `${n.callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/(build|server|core|app|db)\//, "$1/")}:${n.callFrame.lineNumber + 1}` : "";
    const key = `${n.callFrame.functionName || "(anonymous)"} ${where}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const busy = total - (areas.get("(idle)") ?? 0);
  const wallS = (profile.endTime - profile.startTime) / 1e6;
  console.log(`${file}: ${wallS.toFixed(1)} s profiled, ${(busy / 1e6).toFixed(1)} s on the CPU (${((busy / (total || 1)) * 100).toFixed(0)} % of the main thread)\n`);
  console.log("area                                               CPU s   of busy");
  for (const [area, us] of [...areas].sort((a, b) => b[1] - a[1])) {
    if (area === "(idle)") continue;
    console.log(`${area.padEnd(50)} ${(us / 1e6).toFixed(2).padStart(6)}  ${((us / busy) * 100).toFixed(1).padStart(6)} %`);
  }
  console.log(`\ntop ${top} functions by self time`);
  for (const [key, us] of [...functions].filter(([k]) => !k.startsWith("(idle)")).sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${(us / 1e6).toFixed(2).padStart(6)} s  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${key}`);
  }
}

main();
