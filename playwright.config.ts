import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);

/** Browser tests in Debian's chromium against the built app with demo data (no network, no Google key). */
export default defineConfig({
  testDir: "e2e",
  testMatch: /.*\.spec\.ts/,
  // The look (axe in both colour modes at both widths, sideways scrolling) does not depend on the database, so the
  // screen sweep runs on SQLite only; every flow that reads or writes data runs on both (docs/decisions.md).
  testIgnore: process.env.E2E_DB === "postgres" ? ["**/theme.spec.ts"] : [],
  // A folder per database: the two runs go side by side in npm test, and each clears its own at the start.
  outputDir: `test-results/${process.env.E2E_DB ?? "sqlite"}`,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--disable-quic",
      ],
    },
  },
  webServer: {
    command: `npx tsx scripts/build-ui.ts && npx tsx scripts/e2e-server.ts`,
    url: `http://localhost:${port}/api/auth/user`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The server's log (standard output) shows its warnings and errors here, not a line per request.
    env: { E2E_PORT: String(port), GOOGLE_MAPS_API_KEY: "", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    stdout: "pipe",
    stderr: "pipe",
  },
});
