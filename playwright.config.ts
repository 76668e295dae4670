import fs from "node:fs";
import { defineConfig } from "@playwright/test";

const choice = process.env.E2E_DB || "sqlite";
if (!["sqlite", "postgres", "both"].includes(choice)) throw new Error(`E2E_DB must be sqlite, postgres or both, not ${choice}`);
const databases = choice === "both" ? ["sqlite", "postgres"] : [choice];

/**
 * Debian's chromium-headless-shell when it is installed (.ci/run installs it): Chromium's engine without the
 * browser's own windows, as Playwright runs headless Chromium by default, for about an eighth less CPU a test than
 * the full browser; else Debian's chromium.
 */
function chromium(): string {
  return fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium";
}

/** Browser tests in Debian's chromium against the built app with demo data (no network, no Google key). */
export default defineConfig({
  testDir: "e2e",
  testMatch: /.*\.spec\.ts/,
  // E2E_DB: sqlite (the default), postgres, or both (npm test): a project each. What is tagged @look (axe, colour
  // modes, layout at a width, the map's drawing and keys, focus) does not depend on the database, so it runs on
  // SQLite only; every flow that reads or writes data runs on both (docs/decisions.md).
  projects: databases.map((db) => ({
    name: db,
    grepInvert: db === "postgres" ? /@look/ : undefined,
    // A folder per database, cleared at the start of each run.
    outputDir: `test-results/${db}`,
  })),
  // A flow of many steps (the health table's) needs room while two workers, their servers and the
  // Postgres API tests share two cores.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Each worker starts a server of its own (e2e/fixtures.ts): E2E_WORKERS of them side by side.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  globalSetup: "./e2e/globalSetup.ts",
  retries: process.env.CI ? 1 : 0,
  // The list as it runs, and each test's result and time in .tmp/e2e-report.json (which tests are slow, which failed).
  reporter: [["list"], ["json", { outputFile: ".tmp/e2e-report.json" }]],
  use: {
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium(),
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
});
