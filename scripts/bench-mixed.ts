/**
 * npm run bench:mixed: the site under mixed reads and writes, run as `npm start` runs it (the built UI, pages
 * rendered on the server, the demo network, jobs on), several runs in a row against the same server process(es),
 * so that latency under writes and memory over time can be read off one table (issue #26's "mixed load").
 *
 *   npm run bench:mixed                                  a fresh SQLite database with the demo network
 *   npm run bench:mixed -- --postgres                    a fresh Postgres database (TEST_DATABASE_URL's server)
 *   npm run bench:mixed -- --postgres --processes 2      two app processes on that database, connections spread across them
 *   npm run bench:mixed -- --duration 10 --runs 1        a quick check
 *
 *   [-- --connections 10 --duration 60 --runs 3 --write-every 80 --writes signup,"list join",note,"event edit","about edit"]
 *
 * Load (plain node:http, keep-alive sockets): --connections connections read, each sending its next request when
 * its answer is in (spread across the app processes); beside them a write is sent every --write-every ms whatever
 * happens, on sockets of its own (up to 64 per process: writers are other visitors), timed from when it was due,
 * so a server that falls behind shows it as write latency, not as fewer writes.
 * Reads: public pages as an anonymous browser asks for them (/, /chapters/tx, /chapters/ny, a few chapter pages
 * found from GET /api/chapters/active, /press_mentions) and the public API (/api/chapters/active), all with a
 * browser's Accept-Encoding; a quarter are API reads, and 3 in 100 a page with a query string (?utm_source=x or a
 * random ?r=) or a made-up ch_session cookie, as the audit's were ("page, bypass" below).
 * Writes (WRITES has the shares): anonymous sign-ups (POST /api/auth/signup) and mailing-list joins
 * (POST /api/mailing_list/sign_up), each from a made-up address (X-Forwarded-For, with TRUST_PROXY=1 as behind a
 * proxy, so the per-address limits do not refuse them); a demo chapter host's notes, and 1 write in 100 an edit of
 * her chapter's event or about text, which do change public pages. The host (Maria Alvarez, nyc) is given a
 * password, as demo hosts have none anyone knows, and signs in as a browser does (cookies, X-CSRF-Token echoing
 * ch_csrf). --writes limits the writes to the kinds named, to tell which one costs what.
 *
 * Before the runs a probe makes one write of each kind and shows which read versions it bumps (read_versions)
 * and how long a kept page then takes (a new render is 100 ms or more, a kept page a few ms).
 *
 * Printed per run: reads/s and read p50/p95/p99 (all reads, and by kind), writes/s and write p99 (by kind too),
 * failures by status and path, the app's CPU during the run, and its RSS and heap (heap used, then after a full GC:
 * the leak indicator) at the start and after each run, asked over an IPC channel (this file's --serve mode starts
 * the app as server/main.ts does, plus that channel). The app processes are pinned to core 0 and the load to
 * core 1 (taskset, with two cores or more). Warnings and errors the servers log are tallied at the end. Exits 1 on
 * any 5xx.
 */
import "../server/productionByDefault";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import knexFactory, { type Knex } from "knex";
import { scriptArgs } from "./args";

const args = scriptArgs(import.meta.url);
const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), "..");
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const HOST_EMAIL = "maria.alvarez@example.org";
const HOST_CHAPTER = "nyc";
const HOST_PASSWORD = "mixed-bench-password-1";
const MB = (n: number) => (n / 1048576).toFixed(0);

/** Child: the app as server/main.ts starts it, and its memory on request over IPC (no HTTP route, no admin). */
async function serve() {
  const { loadConfig } = await import("../server/config");
  const { startServer } = await import("../server/server");
  const running = await startServer(loadConfig(), { uiDir: path.join(root, "dist", "ui") });
  process.on("message", (m) => {
    if (m !== "memory") return;
    const { rss, heapUsed } = process.memoryUsage();
    const { user, system } = process.cpuUsage();
    (globalThis as { gc?: () => void }).gc?.();
    process.send!({ memory: { rss, heapUsed, heapAfterGc: process.memoryUsage().heapUsed, cpuMs: (user + system) / 1000 } });
  });
  process.on("SIGTERM", () => void running.close().finally(() => process.exit(0)));
  process.send!({ ready: true });
}

interface Memory {
  rss: number;
  heapUsed: number;
  heapAfterGc: number;
  /** CPU time the process has used, ms. */
  cpuMs: number;
}
interface App {
  child: ChildProcess;
  url: string;
  /** Log lines at warn or above, by message. */
  problems: Map<string, number>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Others' work on the machine shows in the figures: the 1-minute load average, with the number of cores. */
const loadAverage = () => `${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;
const canPin = os.cpus().length >= 2 && fs.existsSync("/usr/bin/taskset");

async function startApp(env: NodeJS.ProcessEnv, port: number): Promise<App> {
  const argv = ["--expose-gc", ...process.execArgv, here, "--serve"];
  const [cmd, full] = canPin ? ["/usr/bin/taskset", ["-c", "0", process.execPath, ...argv]] : [process.execPath, argv];
  const child = spawn(cmd, full, { stdio: ["ignore", "pipe", "pipe", "ipc"], env: { ...env, PORT: String(port) } });
  process.once("exit", () => child.kill("SIGTERM"));
  const problems = new Map<string, number>();
  const tally = (line: string) => {
    if (!line.trim()) return;
    let entry: { level?: number; msg?: string; err?: { message?: string } } = {};
    try {
      entry = JSON.parse(line);
    } catch {
      entry = { level: 50, msg: line.slice(0, 160) };
    }
    if ((entry.level ?? 0) < 40) return;
    const key = `${entry.level! >= 50 ? "error" : "warn"}: ${entry.msg ?? ""}${entry.err?.message ? ` (${entry.err.message.slice(0, 100)})` : ""}`;
    problems.set(key, (problems.get(key) ?? 0) + 1);
  };
  for (const input of [child.stdout!, child.stderr!]) readline.createInterface({ input }).on("line", tally);
  await new Promise<void>((resolve, reject) => {
    child.on("message", (m: { ready?: boolean }) => m.ready && resolve());
    child.once("exit", (code) => reject(new Error(`app process exited with ${code}: ${[...problems.keys()].join("; ")}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, problems };
}

const memoryOf = (app: App) =>
  new Promise<Memory>((resolve) => {
    const answer = (m: { memory?: Memory }) => m.memory && (app.child.off("message", answer), resolve(m.memory));
    app.child.on("message", answer);
    app.child.send("memory");
  });

interface Answer {
  status: number;
  ms: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}
/** One request; `keep` keeps the body (setup), otherwise it is read and dropped (load: time to the last byte). */
function send(
  agent: http.Agent,
  url: string,
  opts: { method?: string; headers?: Record<string, string>; json?: unknown; keep?: boolean; retried?: boolean } = {},
): Promise<Answer> {
  const payload = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json));
  const headers = { ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}), ...opts.headers };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? "GET", headers, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => opts.keep && chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks), headers: res.headers }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    // A kept-alive socket the server closed as it was reused: sent again once, as browsers do (Node's docs, request.reusedSocket).
    req.on("error", (err: NodeJS.ErrnoException) =>
      req.reusedSocket && err.code === "ECONNRESET" && !opts.retried ? resolve(send(agent, url, { ...opts, retried: true })) : reject(err),
    );
    req.end(payload);
  });
}

const madeUpAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN);

interface Site {
  pages: string[];
  listIds: string[];
  chapterId: number;
  /** The host's session: cookies and CSRF header. */
  host: Record<string, string>;
}
type Kind = "page" | "page, bypass" | "api";
/** Shares of the reads: the API list, and pages with a query string or a made-up cookie; the rest are plain page reads. */
const API_SHARE = 0.25;
const BYPASS_SHARE = 0.03;
type WriteKind = "signup" | "list join" | "note" | "event edit" | "about edit";
/**
 * Shares of the writes. Each edit of the event or the about text changes public pages, so every kept page is rendered
 * again (on a busy 2-core machine about 2 s of CPU for the 8 pages); a sign-up costs a bcrypt hash (~130 ms of CPU).
 */
const WRITES: [WriteKind, number][] = [
  ["signup", 0.3],
  ["list join", 0.4],
  ["note", 0.29],
  ["event edit", 0.005],
  ["about edit", 0.005],
];
/** The writes made (--writes signup,note: only those, in the same proportions), to tell which one hurts. */
const MIX = WRITES.filter(([kind]) => !args.writes || args.writes.split(",").includes(kind));
/** Sockets for writes to each app process, beside the reading connections (writes queue for them when all are busy). */
const WRITE_SOCKETS = 64;
let seq = 0;

/** A write of this kind; its method, path and body, with the headers it needs. */
async function write(agent: http.Agent, base: string, site: Site, kind: WriteKind): Promise<Answer & { path: string }> {
  const n = ++seq;
  const email = `mixed-${process.pid}-${n}@example.test`;
  const anonymous = { "x-forwarded-for": madeUpAddress(), accept: "application/json" };
  const post = async (p: string, json: unknown, headers: Record<string, string>) => ({
    ...(await send(agent, base + p, { method: "POST", json, headers })),
    path: p,
  });
  if (kind === "signup") return post("/api/auth/signup", { name: `Mixed Visitor ${n}`, email, password: "a-good-password-for-mixed" }, anonymous);
  if (kind === "list join") return post("/api/mailing_list/sign_up", { email, listId: site.listIds[n % site.listIds.length] }, anonymous);
  if (kind === "note") return post("/api/chapter_note", { chapterId: site.chapterId, note: `Mixed-load note ${n}` }, site.host);
  if (kind === "about edit") {
    const about = `Join fellow progressives in New York for conversation and community (edit ${n}).`;
    return post("/api/chapter", { id: site.chapterId, about }, site.host);
  }
  const events = await send(agent, `${base}/api/chapter_event/chapter/${site.chapterId}/all`, { headers: site.host, keep: true });
  const event = (JSON.parse(events.body.toString()) as Record<string, unknown>[])[0];
  return post("/api/chapter_event", { ...event, description: `Our regular meeting (edit ${n}).` }, site.host);
}

/** Reads on the first app process what the load needs, and signs the host in as a browser does. */
async function setUp(base: string, knex: Knex): Promise<Site> {
  const agent = new http.Agent({ keepAlive: true });
  const json = async (p: string) => JSON.parse((await send(agent, base + p, { keep: true, headers: { accept: "application/json" } })).body.toString());
  const chapters = (await json("/api/chapters/active")) as { id: number; slug: string; state: string }[];
  const picked = [chapters.find((c) => c.slug === HOST_CHAPTER)!, ...chapters.filter((c) => c.slug !== HOST_CHAPTER).slice(0, 3)];
  const listIds = (await Promise.all(picked.map((c) => json(`/api/mailing_list/list_id/${c.id}`)))).map((a: { listId: string }) => a.listId);
  const { hashPassword } = await import("../server/auth/passwords");
  await knex("users")
    .where({ email: HOST_EMAIL })
    .update({ passwordHash: await hashPassword(HOST_PASSWORD) });
  const signin = await send(agent, `${base}/api/auth/signin`, { method: "POST", json: { username: HOST_EMAIL, password: HOST_PASSWORD }, keep: true });
  if (signin.status !== 200) throw new Error(`the host's sign-in answered ${signin.status}: ${signin.body.toString()}`);
  const cookies = (signin.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]);
  const csrf = cookies.find((c) => c.startsWith("ch_csrf="))!.slice("ch_csrf=".length);
  agent.destroy();
  return {
    pages: ["/", "/chapters/tx", "/chapters/ny", ...picked.map((c) => `/chapter/${c.state}/${c.slug}`), "/press_mentions"],
    listIds,
    chapterId: picked[0].id,
    host: { cookie: cookies.join("; "), "x-csrf-token": csrf, accept: "application/json" },
  };
}

type Read = [Kind, string, Record<string, string>];
function pickRead(site: Site): Read {
  const r = Math.random();
  const page = site.pages[crypto.randomInt(site.pages.length)];
  if (r < API_SHARE) return ["api", "/api/chapters/active", { accept: "application/json" }];
  if (r >= API_SHARE + BYPASS_SHARE) return ["page", page, {}];
  const bypasses: Read[] = [
    ["page, bypass", `${page}?utm_source=x`, {}],
    ["page, bypass", `${page}?r=${crypto.randomInt(1e9)}`, {}],
    ["page, bypass", page, { cookie: `ch_session=${crypto.randomBytes(32).toString("base64url")}` }],
  ];
  return bypasses[crypto.randomInt(bypasses.length)];
}

interface Run {
  seconds: number;
  /** How long after the run's end the last write was answered, s (writes/s count until then). */
  drained: number;
  reads: { kind: Kind; ms: number }[];
  writes: { kind: WriteKind; ms: number }[];
  failures: Map<string, number>;
}

/** One run: `connections` loops of reads, and beside them a write every `writeEveryMs` (each timed from when it was due). */
async function load(apps: App[], site: Site, connections: number, seconds: number, writeEveryMs: number): Promise<Run> {
  const run: Run = { seconds, drained: 0, reads: [], writes: [], failures: new Map() };
  const fail = (what: string): void => void run.failures.set(what, (run.failures.get(what) ?? 0) + 1);
  const start = performance.now();
  const end = start + seconds * 1000;
  const writers = apps.map(() => new http.Agent({ keepAlive: true, maxSockets: WRITE_SOCKETS }));
  const writing: Promise<unknown>[] = [];
  const writes = async () => {
    for (let due = start + writeEveryMs, n = 0; due < end; due += writeEveryMs, n++) {
      await new Promise((r) => setTimeout(r, due - performance.now()));
      let pick = Math.random() * MIX.reduce((a, [, share]) => a + share, 0);
      const kind = MIX.find(([, share]) => (pick -= share) < 0)?.[0] ?? MIX[0][0];
      const made = write(writers[n % apps.length], apps[n % apps.length].url, site, kind).then(
        (w) => (w.status >= 400 ? fail(`${w.status} POST ${w.path}`) : run.writes.push({ kind, ms: performance.now() - due })),
        (err: Error) => fail(`${err.message} POST (${kind})`),
      );
      writing.push(made);
    }
  };
  const connection = async (i: number) => {
    const base = apps[i % apps.length].url;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (performance.now() < end) {
      const [kind, p, headers] = pickRead(site);
      const answer = await send(agent, base + p, {
        headers: {
          accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8",
          "accept-encoding": ACCEPT_ENCODING,
          "x-forwarded-for": madeUpAddress(),
          ...headers,
        },
      }).catch((err: Error) => fail(`${err.message} GET ${p.split("?")[0]}`));
      if (!answer) continue;
      if (answer.status >= 400) fail(`${answer.status} GET ${p.split("?")[0]}`);
      else run.reads.push({ kind, ms: answer.ms });
    }
    agent.destroy();
  };
  await Promise.all([writes(), ...Array.from({ length: connections }, (_, i) => connection(i))]);
  await Promise.all(writing);
  run.drained = Math.max(0, performance.now() - end) / 1000;
  for (const agent of writers) agent.destroy();
  return run;
}

/** Before the runs: one write of each kind, the kept-page versions it bumps, and a kept page's time after it. */
async function probe(base: string, site: Site, knex: Knex) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const versions = async () =>
    new Map((await knex("readVersions").select("name", "version")).map((v: { name: string; version: number }) => [v.name, v.version]));
  const page = (p: string) => send(agent, base + p, { headers: { accept: "text/html", "accept-encoding": ACCEPT_ENCODING } });
  console.log("Which writes empty the kept pages (the read versions each bumps; a kept page's time before the write / right after it):");
  for (const [kind] of WRITES) {
    for (let i = 0; i < 3; i++) await page("/chapters/tx");
    const kept = (await page("/chapters/tx")).ms;
    const before = await versions();
    const w = await write(agent, base, site, kind);
    const after = await versions();
    const bumped = [...after].filter(([name, v]) => Number(v) !== Number(before.get(name))).map(([name]) => name);
    const next = (await page("/chapters/tx")).ms;
    console.log(`  ${kind.padEnd(11)} ${w.status}  bumps ${bumped.join(", ") || "nothing"}; /chapters/tx ${kept.toFixed(1)} ms / ${next.toFixed(1)} ms`);
  }
  agent.destroy();
}

const ms = (n: number) => (Number.isNaN(n) ? "-" : n >= 10 ? n.toFixed(0) : n.toFixed(1));
const sortedMs = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b);
const described = (kinds: (readonly [string, number[]])[]) =>
  kinds.map(([k, xs]) => `${k} ${xs.length} (p50 ${ms(percentile(xs, 50))}, p99 ${ms(percentile(xs, 99))} ms)`).join(", ");

function summary(run: Run) {
  const reads = sortedMs(run.reads);
  const writes = sortedMs(run.writes);
  return {
    readsPerS: reads.length / run.seconds,
    read: [50, 95, 99].map((p) => percentile(reads, p)),
    readKinds: (["page", "page, bypass", "api"] as Kind[]).map((k) => [k, sortedMs(run.reads.filter((r) => r.kind === k))] as const),
    writeKinds: WRITES.map(([k]) => [k, sortedMs(run.writes.filter((w) => w.kind === k))] as const),
    writesPerS: writes.length / (run.seconds + run.drained),
    writeP99: percentile(writes, 99),
    errors: [...run.failures.values()].reduce((a, n) => a + n, 0),
    fiveHundreds: [...run.failures].filter(([k]) => k.startsWith("5")).reduce((a, [, n]) => a + n, 0),
  };
}
type Summary = ReturnType<typeof summary>;

/** The table's columns: a run's figures, then the memory of the app process(es) (MB, joined with + for several). */
const COLUMNS: [string, (s: Summary) => string | number][] = [
  ["reads/s", (s) => s.readsPerS.toFixed(0)],
  ["p50", (s) => ms(s.read[0])],
  ["p95", (s) => ms(s.read[1])],
  ["p99", (s) => ms(s.read[2])],
  ["page p99", (s) => ms(percentile(s.readKinds[0][1], 99))],
  ["bypass p99", (s) => ms(percentile(s.readKinds[1][1], 99))],
  ["api p99", (s) => ms(percentile(s.readKinds[2][1], 99))],
  ["writes/s", (s) => s.writesPerS.toFixed(1)],
  ["write p99", (s) => ms(s.writeP99)],
  ["errors", (s) => s.errors],
  ["5xx", (s) => s.fiveHundreds],
];
const MEMORY: [string, keyof Memory][] = [
  ["RSS", "rss"],
  ["heap used", "heapUsed"],
  ["after GC", "heapAfterGc"],
];
interface Row {
  label: string;
  memory: Memory[];
  s?: Summary;
  /** The app processes' CPU use during the run, % of one core each. */
  cpu?: string;
}

function printTable(rows: Row[]) {
  const heads = [...COLUMNS.map(([h]) => h), "CPU %", ...MEMORY.map(([h]) => h)];
  const line = (label: string, values: (string | number)[]) =>
    console.log(`${label.padEnd(6)} ${values.map((v, i) => String(v).padStart(Math.max(heads[i].length, 7))).join(" ")}`);
  line("", heads);
  for (const { label, memory, s, cpu } of rows) {
    const figures = s ? COLUMNS.map(([, f]) => f(s)) : COLUMNS.map(() => "");
    line(label, [...figures, cpu ?? "", ...MEMORY.map(([, key]) => memory.map((m) => MB(m[key])).join("+"))]);
  }
  console.log("Latencies in ms, to the last byte. page: kept pages as anonymous visitors get them; bypass: with a query string or a made-up cookie.");
  console.log(
    "CPU: the app process(es) during the run, % of a core. Memory in MB, at the start and 2 s after each run: RSS, heap used, heap used after a full GC.",
  );
}

async function bench() {
  const connections = Number(args.connections ?? 10);
  const seconds = Number(args.duration ?? 60);
  const runs = Number(args.runs ?? 3);
  const writeEveryMs = Number(args["write-every"] ?? 80);
  const processes = Number(args.processes ?? 1);
  const postgres = Boolean(args.postgres);
  if (processes > 1 && !postgres) throw new Error("--processes above 1 needs --postgres (on SQLite run a single process)");
  if (canPin) spawnSync("/usr/bin/taskset", ["-cp", "1", String(process.pid)], { stdio: "ignore" });

  // As npm start: the UI built when its sources changed.
  const built = spawnSync(process.execPath, [...process.execArgv, path.join(root, "scripts", "build-ui.ts")], { stdio: "inherit", cwd: root });
  if (built.status !== 0) throw new Error("the UI build failed");

  // A fresh database: an SQLite folder, or a Postgres database on TEST_DATABASE_URL's server. The first app process
  // migrates it and loads the demo network.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-mixed-"));
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const dbName = `chapterhouse_mixed_${process.pid}`;
  const pgAdmin = postgres ? knexFactory({ client: "pg", connection: adminUrl, pool: { min: 0, max: 1 } }) : null;
  await pgAdmin?.raw(`CREATE DATABASE ${dbName}`);
  const databaseUrl = postgres ? adminUrl.replace(/\/[^/]*$/, `/${dbName}`) : "";
  const ports = await Promise.all(Array.from({ length: processes }, freePort));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
    SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
    SEED_DEMO: "true",
    GOOGLE_MAPS_API_KEY: "",
    SMTP_URL: "",
    TRUST_PROXY: "1",
    // A line per request would time the pipe; problems still show, and are tallied below.
    LOG_LEVEL: process.env.LOG_LEVEL || "warn",
  };
  const apps: App[] = [];
  const { openDatabase } = await import("../server/db");
  let knex: Knex | null = null;
  let failed = false;
  try {
    for (const port of ports) apps.push(await startApp(env, port));
    knex = openDatabase({ databaseUrl: databaseUrl || null, dataDir });
    const site = await setUp(apps[0].url, knex);
    const where = postgres ? `Postgres, ${processes} app process${processes > 1 ? "es" : ""}` : "SQLite";
    const startLoad = loadAverage();
    console.log(`\n${where}, demo network; ${connections} connections, ${seconds} s a run, ${runs} runs, a write every ${writeEveryMs} ms.`);
    console.log(`Pages: ${site.pages.join(" ")}; API: /api/chapters/active.\n`);
    const rows: Row[] = [{ label: "start", memory: await Promise.all(apps.map(memoryOf)) }];
    await probe(apps[0].url, site, knex);
    for (let i = 1; i <= runs; i++) {
      const [before, started] = [await Promise.all(apps.map(memoryOf)), performance.now()];
      const run = await load(apps, site, connections, seconds, writeEveryMs);
      const [after, wall] = [await Promise.all(apps.map(memoryOf)), performance.now() - started];
      const cpu = after.map((m, j) => ((100 * (m.cpuMs - before[j].cpuMs)) / wall).toFixed(0)).join("+");
      await new Promise((r) => setTimeout(r, 2000));
      const s = summary(run);
      rows.push({ label: `run ${i}`, memory: await Promise.all(apps.map(memoryOf)), s, cpu });
      console.log(`\nrun ${i}: ${s.readsPerS.toFixed(0)} reads/s, p50/p95/p99 ${s.read.map(ms).join(" / ")} ms; ${described(s.readKinds)}`);
      console.log(
        `  ${s.writesPerS.toFixed(1)} writes/s (the last answered ${run.drained.toFixed(1)} s after the run), p99 ${ms(s.writeP99)} ms; ${described(s.writeKinds)}`,
      );
      for (const [what, n] of [...run.failures].sort((a, b) => b[1] - a[1])) console.log(`  failed: ${n} x ${what}`);
      if (s.fiveHundreds) failed = true;
    }

    printTable(rows);
    console.log(`The machine's load average now: ${loadAverage()} (at the start: ${startLoad}).`);
    const problems = new Map<string, number>();
    for (const app of apps) for (const [k, n] of app.problems) problems.set(k, (problems.get(k) ?? 0) + n);
    console.log(problems.size ? "\nThe servers logged:" : "\nThe servers logged no warning or error.");
    for (const [k, n] of [...problems].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${n} x ${k}`);
  } catch (err) {
    console.error(err);
    failed = true;
  } finally {
    await knex?.destroy();
    await Promise.all(apps.map((app) => new Promise((resolve) => (app.child.once("exit", resolve), app.child.kill("SIGTERM")))));
    await pgAdmin?.raw(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await pgAdmin?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) console.log("FAILED (a 5xx, or the bench itself)");
  process.exit(failed ? 1 : 0);
}

if (args.serve) await serve();
else await bench();
