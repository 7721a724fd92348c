import { ensureBuild } from "./server.ts";

/**
 * Once per run, before any integration file: the production build the HTTP tests start is made or brought
 * up to date here, so files running side by side never build it at the same time (into the same folder).
 */
export default function setup(): void {
  ensureBuild();
}
