import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, startServer, tempDir, type RunningServer } from "./server.ts";

// `npm start` runs the server's bundle (scripts/build-server.mjs), not its TypeScript sources: the same
// store, started faster. Here it serves an embedded database it made and seeded on a first start.
// (How fast is the benchmark's business, not a test's: this only checks it says.)
let server: RunningServer | undefined;
let dataDir: string;

beforeAll(async () => {
  ensureBuild();
  dataDir = tempDir("store-start-");
  const first = await startServer({ DATA_DIR: dataDir });
  await first.stop();
}, 240_000);
afterAll(() => server?.stop());

describe("npm start on an existing embedded database", () => {
  it("serves the pages, their files and the sample tracks, and logs how long it took to be ready", async () => {
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
    expect(server.output()).toMatch(/store listening on http:\/\/localhost:\d+ \(ready in \d+ ms\)/);
    for (const path of ["/", "/shop", "/shop/harlem-classic-tee", "/es/culture", "/music"]) {
      const res = await fetch(`${server.url}${path}`, { headers: { Accept: "text/html" } });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain("</html>");
    }
    const music = await (await fetch(`${server.url}/music`)).text();
    const track = /\/audio\/[^"]+\.mp3/.exec(music)?.[0];
    expect(track).toBeTruthy();
    // The sample files are checked once the store answers: a moment later they are there.
    await expect.poll(async () => (await fetch(`${server!.url}${track}`)).status, { timeout: 10_000 }).toBe(200);
  });
});
