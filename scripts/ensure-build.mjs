// Builds the store when there is no production build, or when a source file is newer than it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildServer, SERVER_BUNDLE } from "./build-server.mjs";
import { compressClientAssets } from "./compress-assets.mjs";

const entry = path.resolve("build/server/index.js");
const sources = ["app", "core", "public", "react-router.config.ts", "vite.config.ts", "package.json"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

const builtAt = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? "building the store (first start only)..." : "sources changed since the last build: rebuilding the store...");
  // Always the production build: a caller's NODE_ENV (vitest sets "test") would otherwise give React's
  // development build, larger and several times slower, to every server started from it.
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
  await compressClientAssets();
}

// The server's own bundle (scripts/build-server.mjs), which `npm start` runs: from server/, core/ and db/.
const serverSources = ["server", "core", "db", "package.json", "scripts/build-server.mjs"];
const serverBuiltAt = fs.existsSync(SERVER_BUNDLE) ? fs.statSync(SERVER_BUNDLE).mtimeMs : 0;
if (serverBuiltAt === 0 || Math.max(...serverSources.map(newestMtime)) > serverBuiltAt) {
  console.log("building the server's bundle...");
  await buildServer();
}
