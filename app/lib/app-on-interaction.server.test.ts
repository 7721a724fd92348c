import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferAppScripts, deferAppScriptsStream } from "./app-on-interaction.server.ts";

const PAGE =
  '<html><head><link rel="preload" as="fetch" crossorigin="anonymous" href="/i18n/es.1.json" data-messages=""/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/><link rel="modulepreload" href="/assets/root-B.js" nonce="n1"/>' +
  '<link rel="stylesheet" href="/assets/root.css"/></head><body><h1>Camiseta clásica — ñandú</h1>' +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import "/assets/entry.client-A.js";</script></body></html>';

describe("a browse page's app scripts wait for the first interaction", () => {
  it("turns the app's start into a data block, drops module preloads and holds the texts' preload", () => {
    const out = deferAppScripts(PAGE);
    expect(out).not.toContain("modulepreload");
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<script nonce="n1" type="text/x-app">import "/assets/entry.client-A.js";</script>');
    expect(out).toContain('<link rel="x-preload" as="fetch" crossorigin="anonymous" href="/i18n/es.1.json" data-messages=""/>');
    // The rest of the page is untouched: the route data script runs at load, the stylesheet loads.
    expect(out).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
    expect(out).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
  });

  it("rewrites the same way when the page arrives in pieces cut anywhere, even inside a tag or a letter", async () => {
    const bytes = Buffer.from(PAGE);
    for (const size of [1, 3, 7, 64]) {
      const pieces: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
      const out = await text(Readable.from(pieces).pipe(deferAppScriptsStream()));
      expect(out).toBe(deferAppScripts(PAGE));
    }
  });
});
