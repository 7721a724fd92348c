// Bundles the server (server/main.ts and the core, db and server modules it imports) into one plain
// JavaScript file, build/node/main.js, that `npm start` runs with Node alone: loading it takes a
// fraction of the time the TypeScript loader (tsx) needs for the same modules, which is most of the
// store's time to its first answer. Packages stay in node_modules (imported as they are). The tests and
// the browser journeys start this bundle too; `npm run serve` and `npm run dev` run the TypeScript sources.
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const SERVER_BUNDLE = path.join(root, "build/node/main.js");

/**
 * A module that finds its files next to itself (db/handle.ts its migrations, db/seed/music.ts its sample
 * audio) keeps doing so from the bundle: its `import.meta.url` is made the address of its source file,
 * relative to the bundle, so the project can move as a whole.
 */
const sourceAddresses = {
  name: "source-addresses",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await fs.promises.readFile(args.path, "utf8");
      if (contents.includes("import.meta.url")) {
        const relative = path.relative(path.dirname(SERVER_BUNDLE), args.path).split(path.sep).join("/");
        contents = contents.replaceAll("import.meta.url", `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
      }
      return { contents, loader: "ts" };
    });
  },
};

export async function buildServer() {
  await esbuild.build({
    entryPoints: [path.join(root, "server/main.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [sourceAddresses],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
  console.log(`server bundled into ${path.relative(root, SERVER_BUNDLE)}`);
}
