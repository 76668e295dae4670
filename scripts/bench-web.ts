/**
 * npm run bench:web: builds the UI, starts the site with the demo network on a free port (fresh SQLite,
 * no Google key, so the offline map) and runs Lighthouse 12 on the home page, a state page and a chapter
 * page, printing performance, accessibility and CLS. Aims: performance >= 0.9, accessibility >= 0.95,
 * CLS <= 0.1; the exit code is 1 when a page misses one.
 *
 * Options: --preset desktop|mobile (default desktop; mobile is Lighthouse's throttled phone), --runs N (median
 * of N runs a page, default 1), --keep (keep the JSON reports under .tmp/bench-web).
 * Chromium: CHROME_PATH (default /usr/bin/chromium), run headless with no sandbox and no background networking.
 */
import "../server/productionByDefault";
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { loadConfig } from "../server/config";
import { startServer } from "../server/server";
import { scriptArgs } from "./args";
import { STARTUP_BUDGET_GZIP, islandsOf, startupBundle } from "./startupBundle";

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = scriptArgs(import.meta.url);
const preset = args.preset === "mobile" ? "mobile" : "desktop";
const runs = Math.max(1, Number(args.runs ?? 1) || 1);
const AIMS = { performance: 0.9, accessibility: 0.95, cls: 0.1 };
const PAGES = [
  { name: "home", path: "/" },
  { name: "state page", path: "/chapters/tx" },
  { name: "chapter page", path: "/chapter/tx/austin" },
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

interface Result {
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

async function lighthouse(url: string, out: string): Promise<Result> {
  const bin = path.join(root, "node_modules", ".bin", "lighthouse");
  const flags = [
    url,
    "--quiet",
    "--output=json",
    `--output-path=${out}`,
    "--only-categories=performance,accessibility",
    "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking",
    ...(preset === "desktop" ? ["--preset=desktop"] : []),
  ];
  // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): try again.
  for (let attempt = 1; ; attempt++) {
    try {
      await run(bin, flags, { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 });
      break;
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(
        `Lighthouse failed on ${url} (${String((err as { stderr?: string }).stderr ?? err)
          .trim()
          .slice(0, 200)}); trying again`,
      );
    }
  }
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    cls: report.audits["cumulative-layout-shift"].numericValue,
    lcpMs: report.audits["largest-contentful-paint"].numericValue,
    tbtMs: report.audits["total-blocking-time"].numericValue,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * What each measured page loads at start (scripts/startupBundle.ts: the islands' entry and runtime and the page's
 * islands, none of which the page preloads), within its budget, and that it leaves out Google Maps, the editor,
 * zod and the router.
 */
function checkPublicBundle(pages: { path: string; html: string }[]): boolean {
  const dist = path.join(root, "dist", "ui");
  let ok = true;
  for (const page of pages) {
    const islands = islandsOf(page.html);
    const bundle = startupBundle(dist, islands);
    const leaks: string[] = [];
    for (const f of bundle.files) {
      const s = fs.readFileSync(path.join(dist, f), "utf8");
      if (s.includes("maps.googleapis.com")) leaks.push(`${f} has Google Maps`);
      if (/w-md-editor|react-md-editor/.test(s)) leaks.push(`${f} has the markdown editor`);
      // The forms' request schemas (server/contracts/adminRequests.ts and the like) belong to the screens that use them.
      if (s.includes("ZodError")) leaks.push(`${f} has zod`);
      if (s.includes("__reactRouterVersion")) leaks.push(`${f} has react-router`);
    }
    const preloaded = [...page.html.matchAll(/rel="modulepreload"/g)].length;
    const withinBudget = bundle.gzipBytes <= STARTUP_BUDGET_GZIP;
    console.log(
      `${page.path}: start-up JavaScript ${bundle.files.length} files, ${Math.round(bundle.bytes / 1024)} kB (${(bundle.gzipBytes / 1024).toFixed(1)} kB gzipped; budget ${STARTUP_BUDGET_GZIP / 1024} kB${withinBudget ? "" : ", EXCEEDED"}); islands: ${islands.join(", ") || "none"}; ${preloaded} preloaded.${leaks.length ? ` NOT split out: ${leaks.join("; ")}` : ""}`,
    );
    ok &&= withinBudget && leaks.length === 0 && preloaded === 0;
  }
  return ok;
}

/** How busy the machine is (the 1, 5 and 15 minute load averages, and its cores): Lighthouse's figures depend on it. */
const machineLoad = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} on ${os.cpus().length} cores`;

async function main() {
  console.log("Building the UI...");
  await run("npx", ["tsx", "scripts/build-ui.ts", "--force"], { cwd: root });

  const port = await freePort();
  const dataDir = path.join(root, ".tmp", "bench-web");
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    GOOGLE_MAPS_API_KEY: "",
    DATABASE_URL: "",
    RUN_JOBS: "false",
    // Lighthouse's hundreds of requests a page would bury the report; problems still show.
    LOG_LEVEL: process.env.LOG_LEVEL || "warn",
  });
  const server = await startServer(config, { uiDir: path.join(root, "dist", "ui") });
  console.log(`Serving the demo network on http://127.0.0.1:${port}; Lighthouse 12 (${preset}, ${runs} run${runs > 1 ? "s" : ""} a page); ${machineLoad()}\n`);

  const rows: (Result & { name: string; path: string })[] = [];
  let bundleOk = false;
  try {
    // A live site is warm: each page is served once before it is measured (the first render of a page's
    // screen loads its modules into the server).
    const served: { path: string; html: string }[] = [];
    for (const page of PAGES) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}${page.path}`, { headers: { accept: "text/html" } });
      const html = await res.text();
      const bytes = Buffer.byteLength(html);
      served.push({ path: page.path, html });
      const first = performance.now() - started;
      const again = performance.now();
      await (await fetch(`http://127.0.0.1:${port}${page.path}`, { headers: { accept: "text/html" } })).arrayBuffer();
      console.log(
        `${page.path}: ${res.status}, ${Math.round(bytes / 1024)} kB of HTML; served in ${Math.round(first)} ms, then ${Math.round(performance.now() - again)} ms`,
      );
    }
    console.log("");
    bundleOk = checkPublicBundle(served);
    console.log("");
    for (const page of PAGES) {
      const results: Result[] = [];
      for (let i = 0; i < runs; i++) {
        results.push(await lighthouse(`http://127.0.0.1:${port}${page.path}`, path.join(dataDir, `${page.name.replace(/\W/g, "_")}_${i}.json`)));
      }
      rows.push({
        name: page.name,
        path: page.path,
        performance: median(results.map((r) => r.performance)),
        accessibility: median(results.map((r) => r.accessibility)),
        cls: median(results.map((r) => r.cls)),
        lcpMs: median(results.map((r) => r.lcpMs)),
        tbtMs: median(results.map((r) => r.tbtMs)),
      });
    }
  } finally {
    await server.close();
    if (!args.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const pad = (s: string, n: number) => s.padEnd(n);
  console.log(`${pad("page", 14)}${pad("path", 22)}${pad("performance", 13)}${pad("accessibility", 15)}${pad("CLS", 8)}${pad("LCP", 9)}TBT`);
  let ok = true;
  for (const r of rows) {
    const meets = r.performance >= AIMS.performance && r.accessibility >= AIMS.accessibility && r.cls <= AIMS.cls;
    ok &&= meets;
    console.log(
      `${pad(r.name, 14)}${pad(r.path, 22)}${pad(r.performance.toFixed(2), 13)}${pad(r.accessibility.toFixed(2), 15)}${pad(r.cls.toFixed(3), 8)}${pad(`${Math.round(r.lcpMs)} ms`, 9)}${Math.round(r.tbtMs)} ms${meets ? "" : "   <- misses an aim"}`,
    );
  }
  console.log(`\nAfter the runs: ${machineLoad()}.`);
  console.log(`Aims: performance >= ${AIMS.performance}, accessibility >= ${AIMS.accessibility}, CLS <= ${AIMS.cls}: ${ok ? "all met" : "NOT all met"}`);
  process.exit(ok && bundleOk ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
