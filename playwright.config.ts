import { defineConfig } from "@playwright/test";

const choice = process.env.E2E_DB || "sqlite";
if (!["sqlite", "postgres", "both"].includes(choice)) throw new Error(`E2E_DB must be sqlite, postgres or both, not ${choice}`);
const databases = choice === "both" ? ["sqlite", "postgres"] : [choice];

/** Browser tests in Debian's chromium against the built app with demo data (no network, no Google key). */
export default defineConfig({
  testDir: "e2e",
  testMatch: /.*\.spec\.ts/,
  // E2E_DB: sqlite (the default), postgres, or both (npm test): a project each. The look (axe in both colour modes
  // at both widths, sideways scrolling) does not depend on the database, so the screen sweep runs on SQLite only;
  // every flow that reads or writes data runs on both (docs/decisions.md).
  projects: databases.map((db) => ({
    name: db,
    testIgnore: db === "postgres" ? ["**/theme.spec.ts"] : [],
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
});
