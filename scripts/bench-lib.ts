// Shared helpers for the measurement scripts (bench-pages.ts, bench-checkout.ts, bench-drop.ts, lighthouse.ts): build the store,
// start it in production mode on a fresh embedded database, and always stop what was started.
//
// Each part has its file in scripts/bench/: the cleanups and the watchdog (cleanup.ts), the store (store.ts), what
// processes use (process-usage.ts), the load's client (light-client.ts) and the figures (figures.ts).

export { onCleanup, runMain, startWatchdog } from "./bench/cleanup.ts";
export { ensureBuild, freePort, startStore, stopChild, type Store, type StoreOptions } from "./bench/store.ts";
export { cpuMsOf, cpuProfileFlags, postgresCpuMs, rssOf } from "./bench/process-usage.ts";
export { LightClient, visitUntil, type LightAnswer } from "./bench/light-client.ts";
export { envNumber, percentile, table } from "./bench/figures.ts";
