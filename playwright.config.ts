import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;
// The SMTP server e2e/global-setup.ts starts for the store's mail.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

// Journeys run against the production build on a fresh embedded database, in Debian's Chromium.
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Journeys that add products to the shared catalogue run last, so the shop's and the sitemap's counts
  // of the sample catalogue are never read while they change it.
  projects: [
    { name: "journeys", testIgnore: /(admin-products|drops|drop-queue|raffles|restock-alerts)\.spec\.ts/ },
    { name: "catalogue changes", testMatch: /(admin-products|drops|drop-queue|raffles|restock-alerts)\.spec\.ts/, dependencies: ["journeys"] },
  ],
  use: {
    baseURL,
    trace: "on-first-retry",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--autoplay-policy=no-user-gesture-required"],
    },
  },
  webServer: {
    // The store as `npm start` runs it: the server's bundle.
    command: `node scripts/ensure-build.mjs && rm -rf .e2e-data-${PORT} && node --enable-source-maps --heap-growing-percent=25 build/node/main.js`,
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATA_DIR: `.e2e-data-${PORT}`,
      BASE_URL: baseURL,
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ADMIN_EMAILS: "boss@east-harlem.test",
    },
  },
});
