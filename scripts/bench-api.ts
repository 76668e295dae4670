/**
 * npm run bench:api: each hot public read of the app, measured next to a bare Node server sending the same
 * bytes, side by side in one run (autocannon on loopback): req/s, p50/p99, the ratio app / bare, the answer's
 * size, its first (cold) build time, and the largest event-loop delay seen in the server process. Also checks
 * that every read answers 304 to If-None-Match with its ETag.
 *
 *   npm run bench:api                                   300 chapters in a fresh SQLite database
 *   npm run bench:api -- --chapters 50 --duration 3     a quick run
 *   npm run bench:api -- --postgres                     a fresh Postgres database (TEST_DATABASE_URL's server)
 *   DATA_DIR=/data npm run bench:api                    an already-seeded database (npm run seed:scale), kept
 *   DATABASE_URL=postgres://... npm run bench:api       the same on Postgres
 *
 *   npm run bench:api -- --encoding identity            uncompressed answers (default: what browsers ask for)
 *
 *   [-- --duration 10 --warmup 3 --rounds 2 --connections 50 --admin-connections 1 --only /api/chapters/active --min-ratio 0 --max-p99 0]
 *
 * Then the home page of a place search (the site's pages served from the UI build, built first when its sources
 * changed): the first place that cannot be found (which renders the one page kept for all of them), then 20 new such
 * places one at a time, each answered from that kept page: each one's time, their p50 and the whole, against the kept
 * home page asked with 20 new `?r=` values and the bare server sending the same bytes, measured the same way in the
 * same run; and that four spellings of one place ("78704", " 78704 ", "78704-0001", "Austin, TX 78704") are one kept
 * page. `--only` without `/?place` leaves it out.
 *
 * After the public reads come admin reads as a signed-in admin (an account "bench-admin@example.test" is added
 * to the database the first time): the largest member list's first page, searched by email ("ann", and one
 * member's address as an admin looking for them types it), filtered by status and exported as CSV, the users' first page, the
 * activity and notes of the chapters with the most, the network's activity, the host applications and the stats (the chapter
 * with the largest list, the network, New York). They are made for each caller (no ETag, no 304) and read by one
 * connection (--admin-connections), so their p50 is what an admin waits.
 *
 * Requests carry `Accept-Encoding: gzip, deflate, br, zstd` as browsers send it, so kept answers come
 * compressed (server/lib/compressKept.ts); the bare server sends those same compressed bytes with the same
 * Content-Encoding. `--encoding identity` asks for (and compares) uncompressed bytes instead.
 *
 * The servers run in a child process pinned to one core, the load generator on the other (taskset, when there
 * are two cores or more): wrk when installed (Debian's package `wrk`), else autocannon, which on this machine
 * tops out near 3,000 requests a second, below what either server does. The 304 check uses autocannon, which
 * counts status codes. Exits 1 when a read fails, a 304 is missing, a JSON answer is over 1 MB, or a ratio or p99
 * misses --min-ratio / --max-p99 (when given) for /api/chapters/active.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { scriptArgs } from "./args";

const args = scriptArgs(import.meta.url);
const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const UI_DIR = path.join(root, "dist", "ui");
const only = args.only ? String(args.only).split(",") : null;
/** Whether the home page of a place search is measured (pages are served from the UI build). */
const places = !only || only.some((o) => o.startsWith("/?place"));
/** Whether pages are served (the UI build): for the place search and the chapter page. */
const pages = !only || only.some((o) => !o.startsWith("/api/"));
/** What each request accepts: what browsers send, or uncompressed answers only. */
const ACCEPT_ENCODING = args.encoding === "identity" ? "identity" : "gzip, deflate, br, zstd";

/** A GET with the bytes as they travel (fetch would unpack them). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": ACCEPT_ENCODING, ...headers }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      })
      .on("error", reject);
  });
}

interface Target {
  name: string;
  path: string;
  /** Headers the app is asked with (an admin's session for admin reads). */
  headers: Record<string, string>;
  /** First request (the answer built from the database), ms. */
  coldMs: number;
  /** The largest event-loop delay in the server process while that first answer was built, ms. */
  coldDelayMs: number;
  /** The answer's bytes as sent, and their Content-Encoding ("" when uncompressed). */
  bytes: number;
  /** The answer's bytes unpacked (its JSON or calendar text), and whether it is JSON. */
  textBytes: number;
  json: boolean;
  encoding: string;
  bareUrl: string;
}

/** Child: the whole app over the database, with a bare node:http server beside it sending each read's bytes. */
async function serve() {
  const { benchDatabase, startBenchServer } = await import("./benchDatabase");

  // Which database: one given (kept as it is), or a fresh one grown to --chapters and removed afterwards.
  const chapters = Number(args.chapters ?? 300);
  const db = await benchDatabase({ postgres: Boolean(args.postgres), chapters, bigChapterMembers: chapters * 5, prefix: "chapterhouse_bench" });
  const { given, databaseUrl, drop: dropFresh } = db;

  const running = await startBenchServer(db, pages ? { uiDir: UI_DIR } : {});
  const app = `http://127.0.0.1:${running.port}`;
  const { Chapter } = await import("../server/models");
  const active = await Chapter.query().where({ status: 1 }).resultSize();
  const total = await Chapter.query().resultSize();
  const sample =
    (await Chapter.query().where({ status: 1, state: "ny" }).orderBy("id").first()) ?? (await Chapter.query().where({ status: 1 }).orderBy("id").first());

  // Admin reads of the largest list, as a signed-in admin (one kept account, made on the first run with a password
  // nobody knows: the bench signs it in with a token).
  const { createOrPromoteAdmin } = await import("../server/commands/createAdmin");
  const { issueToken } = await import("../server/auth/session");
  const { listIdColumn } = await import("../server/integrations/listProviders/index");
  const { BENCH_SESSION_SECRET } = await import("./benchDatabase");
  const knex = running.services.knex;
  const { user: admin } = await createOrPromoteAdmin({
    email: "bench-admin@example.test",
    name: "Bench Admin",
    password: crypto.randomBytes(24).toString("base64url"),
  });
  const adminHeaders = { authorization: `Bearer ${(await issueToken(admin.id, BENCH_SESSION_SECRET))!.token}` };
  const biggest = (await knex("mailingListContacts").select("chapterId").count("* as n").groupBy("chapterId").orderBy("n", "desc").first()) as
    { chapterId: number; n: number | string } | undefined;
  const column = listIdColumn(await running.services.listProviders.serviceName());
  const listId = biggest
    ? ((await knex("chapters").where({ id: biggest.chapterId }).first(column)) as Record<string, string> | undefined)?.[column]
    : undefined;
  // What an admin looking for one member types: the part before the @ of an address in the middle of the list.
  const someone = biggest
    ? ((await knex("mailingListContacts")
        .where({ chapterId: biggest.chapterId })
        .orderBy("id")
        .offset(Math.floor(Number(biggest.n) / 2))
        .first("email")) as { email: string } | undefined)
    : undefined;
  const someoneQuery = encodeURIComponent(someone?.email.split("@")[0] ?? "ann");
  // The chapters with the longest Recent Activity Feed (a chapter admin's dashboard) and the most notes.
  const mostRowsOf = async (table: string) =>
    (
      (await knex(table).whereNotNull("chapterId").select("chapterId").count("* as n").groupBy("chapterId").orderBy("n", "desc").first()) as
        { chapterId: number } | undefined
    )?.chapterId;
  const busiest = await mostRowsOf("activityFeedItems");
  // The chapter whose meetups have the most answers (seed:scale gives the largest chapter's next meetup a crowd):
  // its answer and page count who's coming for every date they list.
  const mostAnswered = (await knex("rsvps as r")
    .join("chapterEvents as e", "e.id", "r.chapterEventId")
    .join("chapters as c", "c.id", "e.chapterId")
    .where("c.status", 1)
    .select("c.slug", "c.state")
    .count("* as n")
    .groupBy("c.slug", "c.state")
    .orderBy("n", "desc")
    .first()) as { slug: string; state: string; n: number | string } | undefined;
  const mostNoted = await mostRowsOf("chapterNotes");

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  type Read = [name: string, path: string, headers?: Record<string, string>];
  const reads: Read[] = [
    ["chapters/active", "/api/chapters/active"],
    ["chapters/pins (map)", "/api/chapters/pins"],
    // Kept per place searched for, from the kept list of chapter places.
    ["chapters/near (78704)", "/api/chapters/near?place=78704"],
    ["chapters", "/api/chapters"],
    ["chapters/state/ny", "/api/chapters/state/ny"],
    ["chapter/slug", `/api/chapter/slug/${sample?.slug}`],
    ...(mostAnswered
      ? ([
          [`chapter/slug (${Number(mostAnswered.n).toLocaleString("en-US")} answers)`, `/api/chapter/slug/${mostAnswered.slug}`],
          ...(pages ? ([["chapter page (same)", `/chapter/${mostAnswered.state}/${mostAnswered.slug}`]] satisfies Read[]) : []),
        ] satisfies Read[])
      : []),
    ["press mentions (8)", "/api/press_mention/public/8"],
    ["press mentions (all)", "/api/press_mention/public/all"],
    ["blog page 0", "/api/blog_post/public/0"],
    ["chapter feed", `/api/chapter_calendar/${sample?.slug}/events.ics`],
    ["state feed (ny)", "/api/chapter_calendar/state/ny/events.ics"],
    ["network feed", "/api/chapter_calendar/all/events.ics"],
    ...(listId
      ? ([
          ["members, largest list", `/api/mailing_list/chapter_list_id/${listId}`, adminHeaders],
          ["members, by email", `/api/mailing_list/chapter_list_id/${listId}?q=ann`, adminHeaders],
          ["members, one address", `/api/mailing_list/chapter_list_id/${listId}?q=${someoneQuery}`, adminHeaders],
          ["members, bounced", `/api/mailing_list/chapter_list_id/${listId}?status=blocked`, adminHeaders],
          // The whole largest list as CSV, streamed a page of members at a time (issue 32).
          ["members, export (CSV)", `/api/mailing_list/chapter/${biggest!.chapterId}/export.csv`, adminHeaders],
        ] satisfies Read[])
      : []),
    ["users, first page", "/api/user/all", adminHeaders],
    ...(busiest ? ([["a chapter's activity", `/api/activity_feed_item/chapter/${busiest}`, adminHeaders]] satisfies Read[]) : []),
    ...(mostNoted ? ([["a chapter's notes", `/api/chapter_note/chapter/${mostNoted}`, adminHeaders]] satisfies Read[]) : []),
    ["network activity", "/api/activity_feed_item/all", adminHeaders],
    ["host applications", "/api/chapter_host_application", adminHeaders],
    // Twelve months of stats (issue 32 item 1): the chapter with the largest list, the network and one state.
    ...(biggest ? ([["stats, largest chapter", `/api/chapter_stats/chapter/${biggest.chapterId}`, adminHeaders]] satisfies Read[]) : []),
    ["stats, network", "/api/chapter_stats/network", adminHeaders],
    ["stats, state ny", "/api/chapter_stats/network?state=ny", adminHeaders],
  ];
  const bodies = new Map<string, { body: Buffer; type: string; etag: string; encoding: string }>();
  const targets: Target[] = [];
  const bare = http.createServer((req, res) => {
    if (req.url === "/stats") {
      // The largest event-loop delay since the last ask.
      const maxDelayMs = delay.max / 1e6;
      delay.reset();
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ maxDelayMs }));
      return;
    }
    const kept = bodies.get(req.url ?? "");
    if (!kept) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader("content-type", kept.type);
    res.setHeader("etag", kept.etag);
    res.setHeader("cache-control", "no-cache");
    if (kept.encoding) res.setHeader("content-encoding", kept.encoding);
    res.end(kept.body);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  const barePort = (bare.address() as import("node:net").AddressInfo).port;
  for (const [name, p, headers = {}] of reads) {
    if (only && !only.some((o) => p.startsWith(o))) continue;
    delay.reset();
    const started = performance.now();
    // Twice: the first builds the answer, the second has its compressed form made once (what every later
    // request is sent).
    const cold = await rawGet(app + p, headers);
    const coldMs = performance.now() - started;
    const coldDelayMs = delay.max / 1e6;
    const res = await rawGet(app + p, headers);
    if (cold.status !== 200 || res.status !== 200) throw new Error(`${p} answered ${cold.status}, ${res.status}`);
    const key = `/bare/${targets.length}`;
    const encoding = String(res.headers["content-encoding"] ?? "");
    bodies.set(key, {
      body: res.body,
      type: String(res.headers["content-type"] ?? "application/octet-stream"),
      etag: String(res.headers.etag ?? ""),
      encoding,
    });
    const text = encoding === "br" ? zlib.brotliDecompressSync(res.body) : encoding === "gzip" ? zlib.gunzipSync(res.body) : res.body;
    targets.push({
      name,
      path: p,
      headers,
      coldMs,
      coldDelayMs,
      bytes: res.body.length,
      textBytes: text.length,
      json: String(res.headers["content-type"]).startsWith("application/json"),
      encoding,
      bareUrl: `http://127.0.0.1:${barePort}${key}`,
    });
  }
  // The home page and the page of places not found, each rendered once (the first also loads the renderer), and the
  // bytes the app sends for a place not found, which the bare server sends as the reference.
  let placePages: PlacePages | null = null;
  if (places) {
    const asPage = { accept: "text/html" };
    let started = performance.now();
    await rawGet(`${app}/`, asPage);
    const homeFirstMs = performance.now() - started;
    started = performance.now();
    const notFound = await rawGet(`${app}/?place=${encodeURIComponent(`Nowhere ${crypto.randomUUID()} Qq`)}`, asPage);
    const firstMs = performance.now() - started;
    if (notFound.status !== 200) throw new Error(`a place not found answered ${notFound.status}`);
    bodies.set("/bare/place", {
      body: notFound.body,
      type: String(notFound.headers["content-type"]),
      etag: String(notFound.headers.etag ?? ""),
      encoding: String(notFound.headers["content-encoding"] ?? ""),
    });
    placePages = { homeFirstMs, firstMs, bareUrl: `http://127.0.0.1:${barePort}/bare/place` };
  }
  process.stdout.write(JSON.stringify({ app, targets, placePages, active, total, database: databaseUrl ? "Postgres" : "SQLite", given }) + "\n");
  // Load may still be in flight when the parent stops us: leave without draining it.
  const stop = async () => {
    await dropFresh();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

function pinned(cpu: number, command: string, argv: string[]): [string, string[]] {
  const canPin = os.cpus().length >= 2 && fs.existsSync("/usr/bin/taskset");
  return canPin ? ["/usr/bin/taskset", ["-c", String(cpu), command, ...argv]] : [command, argv];
}

/** What the server process measured of the home page of a place search before the load: its first renders. */
interface PlacePages {
  /** The first home page (the renderer loaded, then the page rendered), ms. */
  homeFirstMs: number;
  /** The first place not found (its page rendered, once for all of them), ms. */
  firstMs: number;
  /** The bare server sending the bytes the app sent for that place. */
  bareUrl: string;
}

interface Ready {
  app: string;
  targets: Target[];
  placePages: PlacePages | null;
  active: number;
  total: number;
  database: string;
  given: boolean;
}

async function startChild(): Promise<{ child: ChildProcess } & Ready> {
  const [cmd, argv] = pinned(0, process.execPath, [...process.execArgv, here, "--serve", ...process.argv.slice(2)]);
  const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "inherit"], env: process.env });
  process.once("exit", () => child.kill("SIGTERM"));
  return new Promise((resolve, reject) => {
    let buffered = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split("\n").find((l) => l.startsWith('{"app":'));
      if (line) resolve({ child, ...JSON.parse(line) });
    });
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}`)));
  });
}

let statsUrl = "";
/** A connection of its own each time (a pooled one may have been closed by the server under load). */
const serverStats = async () => JSON.parse((await rawGet(statsUrl)).body.toString("utf8")) as { maxDelayMs: number };

/** One measurement: requests a second, latency percentiles in ms, and failed requests. */
interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** wrk (Debian's package) when installed: a C load generator that keeps up with the server on one core. */
const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((p) => fs.existsSync(p));

/** wrk's "4.85ms", "612.00us", "1.02s" in milliseconds. */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1);
}

function loadWithWrk(wrk: string, url: string, seconds: number, connections: number, headers: Record<string, string>): Load {
  const argv = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", ...Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]), url];
  const out = spawnSync(wrk, argv, { encoding: "utf8" }).stdout;
  const percentile = (p: string) => wrkMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(out)?.[1] ?? "");
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + (socketErrors ? socketErrors.slice(1).reduce((a, n) => a + Number(n), 0) : 0);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0), p50: percentile("50"), p99: percentile("99"), errors };
}

async function loadWithAutocannon(url: string, seconds: number, connections: number, headers: Record<string, string>) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, duration: seconds, connections, pipelining: 1, headers }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

/**
 * One run under load (wrk when installed, else autocannon: on this machine autocannon tops out near 3,000
 * requests a second on these answers, below what the servers do), with the server process's largest
 * event-loop delay meanwhile.
 */
async function run(url: string, seconds: number, connections: number, extra: Record<string, string> = {}) {
  const headers = { "accept-encoding": ACCEPT_ENCODING, ...extra };
  await serverStats();
  let load: Load;
  if (WRK) load = loadWithWrk(WRK, url, seconds, connections, headers);
  else {
    const r = await loadWithAutocannon(url, seconds, connections, headers);
    load = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts };
  }
  const after = await serverStats();
  return { load, maxDelayMs: after.maxDelayMs };
}

/** Every request with If-None-Match: how many answered 304, of how many (autocannon counts status codes). */
async function conditionalRun(url: string, seconds: number, connections: number, etag: string, extra: Record<string, string>) {
  const r = await loadWithAutocannon(url, seconds, connections, { "accept-encoding": ACCEPT_ENCODING, "if-none-match": etag, ...extra });
  const after = await serverStats();
  const total = Object.values(r.statusCodeStats ?? {}).reduce((a, s) => a + s.count, 0);
  return { total, notModified: r.statusCodeStats?.["304"]?.count ?? 0, maxDelayMs: after.maxDelayMs };
}

/** Each request's time in ms (one at a time, a connection each, as a visitor's browser opens a page), throwing on an answer not 200. */
async function timeEach(urls: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const url of urls) {
    const started = performance.now();
    const res = await rawGet(url, { accept: "text/html" });
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  }
  return times;
}

const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor((times.length * p) / 100))];

/**
 * The home page of a place search: 20 new places that cannot be found, one at a time, each answered from the one kept
 * page of places not found (what was typed put into its box), against the kept home page asked with 20 new `?r=`
 * values and the bare server sending the same bytes; and four spellings of one place, one kept page. Answers whether
 * that held.
 */
async function measurePlacePages(app: string, pages: PlacePages): Promise<boolean> {
  const run = crypto.randomUUID().slice(0, 8);
  const count = 20;
  const newPlaces = await timeEach(Array.from({ length: count }, (_, i) => `${app}/?place=${encodeURIComponent(`Nowhere ${run}-${i} Qq`)}`));
  const kept = await timeEach(Array.from({ length: count }, (_, i) => `${app}/?r=${run}-${i}`));
  const bare = await timeEach(Array.from({ length: count }, () => pages.bareUrl));
  const spellings = ["78704", " 78704 ", "78704-0001", "Austin, TX 78704"];
  const etags = new Set<string>();
  for (const spelling of spellings) etags.add(String((await rawGet(`${app}/?place=${encodeURIComponent(spelling)}`, { accept: "text/html" })).headers.etag));
  const ms = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
  const sum = (times: number[]) => times.reduce((a, n) => a + n, 0);
  console.log("home page of a place search (one request at a time, a connection each):");
  console.log(
    `  first home page ${ms(pages.homeFirstMs)} ms (the renderer loaded); first place not found ${ms(pages.firstMs)} ms (its page rendered, once for all)`,
  );
  console.log(`  ${count} new places not found, each:  ${newPlaces.map(ms).join(" ")} ms`);
  console.log(
    `  ${count} new places not found: p50 ${ms(percentile(newPlaces, 50))} ms, max ${ms(Math.max(...newPlaces))} ms, all ${ms(sum(newPlaces))} ms (aim: p50 within 50 ms)`,
  );
  console.log(`  reference, same run: the kept home page with ${count} new ?r= values p50 ${ms(percentile(kept, 50))} ms, all ${ms(sum(kept))} ms;`);
  console.log(`                       the bare server sending the same bytes p50 ${ms(percentile(bare, 50))} ms, all ${ms(sum(bare))} ms`);
  const shared = etags.size === 1;
  console.log(`  four spellings of one place (${spellings.map((s) => JSON.stringify(s)).join(", ")}): ${shared ? "one kept page" : `${etags.size} pages`}`);
  console.log("");
  return shared;
}

/** No JSON answer may be larger than this (calendar feeds aside). */
const MAX_JSON_BYTES = 1_000_000;
const kb = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)} MB` : `${(n / 1000).toFixed(1)} kB`);
const pad = (s: string | number, n: number) => String(s).padStart(n);

async function bench() {
  const duration = Number(args.duration ?? 10);
  const warmup = Number(args.warmup ?? 3);
  const publicConnections = Number(args.connections ?? 50);
  const adminConnections = Number(args["admin-connections"] ?? 1);
  const roundCount = Number(args.rounds ?? 2);
  const minRatio = Number(args["min-ratio"] ?? 0);
  const maxP99 = Number(args["max-p99"] ?? 0);
  // The load generator on the other core.
  if (os.cpus().length >= 2 && fs.existsSync("/usr/bin/taskset")) spawnSync("/usr/bin/taskset", ["-cp", "1", String(process.pid)], { stdio: "ignore" });

  // The pages come from the UI build, made when its sources changed (as npm start does).
  if (pages && spawnSync(process.execPath, [...process.execArgv, path.join(root, "scripts", "build-ui.ts")], { stdio: "inherit", cwd: root }).status !== 0) {
    throw new Error("the UI build failed");
  }
  console.log(args.postgres || process.env.DATABASE_URL ? "starting (Postgres)..." : "starting (SQLite)...");
  const ready = await startChild();
  const { child, app, targets } = ready;
  statsUrl = new URL("/stats", targets[0]?.bareUrl ?? ready.placePages?.bareUrl ?? "http://127.0.0.1/").toString();
  let failed = false;
  try {
    await serverStats();
    console.log(
      `${ready.database}${ready.given ? " (given)" : " (fresh)"}: ${ready.total} chapters, ${ready.active} active; ${publicConnections} connections (admin reads: ${adminConnections}) (${WRK ? "wrk" : "autocannon"}), ${duration} s a measurement; Accept-Encoding: ${ACCEPT_ENCODING}`,
    );
    console.log("");
    if (ready.placePages && !(await measurePlacePages(app, ready.placePages))) failed = true;
    console.log(
      `${"read".padEnd(22)} ${pad("bytes", 12)} ${pad("as text", 10)} ${pad("cold ms", 8)} ${pad("delay", 6)} ${pad("app req/s", 10)} ${pad("p50", 6)} ${pad("p99", 6)} ${pad("bare req/s", 11)} ${pad("bare p99", 9)} ${pad("ratio", 6)} ${pad("304s", 6)} ${pad("max loop delay", 15)}`,
    );
    const largest = { load: 0, cold: 0 };
    for (const target of targets) {
      const url = app + target.path;
      // Admin reads are read by one admin at a time (their p50 is then what one admin waits), public reads by many.
      const connections = Object.keys(target.headers).length ? adminConnections : publicConnections;
      await run(url, warmup, connections, target.headers);
      await run(target.bareUrl, warmup, connections);
      // Rounds alternate which server goes first; each compares two neighbouring measurements, and the round
      // with the median ratio is reported (the machine may be shared).
      const rounds: { app: Awaited<ReturnType<typeof run>>; bare: Awaited<ReturnType<typeof run>> }[] = [];
      for (let i = 0; i < roundCount; i++) {
        const first = i % 2 === 0 ? target.bareUrl : url;
        const a = await run(first, duration, connections, first === url ? target.headers : {});
        const b = await run(first === url ? target.bareUrl : url, duration, connections, first === url ? {} : target.headers);
        rounds.push(first === url ? { app: a, bare: b } : { app: b, bare: a });
      }
      const ratioOf = (x: (typeof rounds)[number]) => x.app.load.rps / x.bare.load.rps;
      const { app: measured, bare } = [...rounds].sort((x, y) => ratioOf(x) - ratioOf(y))[Math.floor(rounds.length / 2)];
      const loopDelay = Math.max(...rounds.map((x) => x.app.maxDelayMs));
      largest.load = Math.max(largest.load, loopDelay);
      largest.cold = Math.max(largest.cold, target.coldDelayMs);
      // Kept answers carry an ETag and must answer 304 to it; admin reads are made for each caller and carry none.
      const etag = String((await rawGet(url, target.headers)).headers.etag ?? "");
      await serverStats();
      const conditional = etag
        ? await conditionalRun(url, Math.max(1, Math.round(duration / 4)), connections, etag, target.headers)
        : { total: 0, notModified: 0, maxDelayMs: 0 };
      const { total, notModified } = conditional;
      const r = measured.load;
      const ratio = r.rps / bare.load.rps;
      const errors = r.errors;
      const ms = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
      console.log(
        `${target.name.padEnd(22)} ${pad(kb(target.bytes) + (target.encoding ? ` ${target.encoding}` : ""), 12)} ${pad(kb(target.textBytes), 10)} ${pad(target.coldMs.toFixed(0), 8)} ${pad(target.coldDelayMs.toFixed(0), 6)} ${pad(r.rps.toFixed(0), 10)} ${pad(ms(r.p50), 6)} ${pad(ms(r.p99), 6)} ${pad(bare.load.rps.toFixed(0), 11)} ${pad(ms(bare.load.p99), 9)} ${pad(ratio.toFixed(2), 6)} ${pad(!etag ? "-" : notModified === total ? "all" : `${notModified}/${total}`, 6)} ${pad(`${loopDelay.toFixed(0)} / ${conditional.maxDelayMs.toFixed(0)} ms`, 15)}` +
          (errors ? `  (${errors} errors)` : ""),
      );
      if (errors || (etag && (total === 0 || notModified !== total))) failed = true;
      if (target.json && target.textBytes > MAX_JSON_BYTES) {
        console.log(`  ${target.path}: ${kb(target.textBytes)} of JSON, over ${kb(MAX_JSON_BYTES)}`);
        failed = true;
      }
      if (target.path === "/api/chapters/active" && ((minRatio && ratio < minRatio) || (maxP99 && r.p99 > maxP99))) failed = true;
    }
    console.log("");
    console.log(`largest event-loop delay: ${largest.load.toFixed(0)} ms under load, ${largest.cold.toFixed(0)} ms while a first answer was built`);
    console.log(
      "bytes: as sent (br or gzip: compressed, as browsers ask); as text: unpacked (the JSON or calendar text); cold ms: the first request, built from the database, and delay: the largest event-loop delay in the server process meanwhile; p50/p99 in ms (bare p99: the bare server sending the same bytes, the floor this machine allows); max loop delay: the largest event-loop delay in the server process while the read was measured, under load / while its 304s were counted.",
    );
  } catch (err) {
    console.error(err);
    failed = true;
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  if (failed) console.log("FAILED");
  process.exit(failed ? 1 : 0);
}

if (args.serve) await serve();
else await bench();
