/**
 * npm run bench:api: how fast the calendar feed of a chapter with 10 events is served, next to a bare Koa
 * route returning the same bytes from memory, measured side by side in one run (autocannon on loopback).
 * Also checks that repeated requests with If-None-Match get 304.
 *
 *   npm run bench:api [-- --duration 10 --warmup 10 --rounds 2 --connections 10 --min-ratio 0.5]
 *
 * The servers run in a child process pinned to one core, the load generator in this process on the other
 * (taskset, when there are two cores or more). Exits 1 when the ratio is below --min-ratio or a 304 is missing.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { readArgs } from "./args";

const args = readArgs(process.argv.slice(2));
const here = fileURLToPath(import.meta.url);

/** Child: the whole app over a SQLite file with one chapter of 10 events, and a bare Koa app. */
async function serve() {
  const Koa = (await import("koa")).default;
  const { loadConfig } = await import("../server/config");
  const { startServer } = await import("../server/server");
  const { Chapter, ChapterEvent } = await import("../server/models");

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-bench-"));
  const config = loadConfig({ ...process.env, PORT: "0", DATA_DIR: dataDir, SEED_DEMO: "false", DATABASE_URL: "", GOOGLE_MAPS_API_KEY: "", SESSION_SECRET: "bench-secret-bench-secret-bench-secret" });
  const running = await startServer(config);
  const chapter = await Chapter.query().insertAndFetch({
    slug: "bench", title: "Bench Drinking Liberally", city: "New York City", state: "ny", postalCode: "10014", country: "USA",
    chapterTypeId: 1, status: 1, emailAlias: "bench", brontoListName: "", brontoListId: "", sendInBlueListId: "", about: "", timeZone: "America/New_York",
  });
  const schedules = ["0", "1", "2,4", "5", "6", "7", "1,3", "6,2", "4,5"];
  for (let i = 0; i < 10; i++) {
    const single = i === 9;
    await ChapterEvent.query().insert({
      chapterId: chapter.id, slug: `bench_event_${i}`, name: `Venue number ${i + 1}`, description: "Our regular meeting. Look for the sign on the table.",
      address1: `${100 + i} Bleecker St`, address2: "", city: "New York", state: "NY", postalCode: "10014", country: "USA", lat: 40.73, lng: -74.0,
      startTime: "19:00", endTime: "21:00", isSingleDate: single, singleDate: single ? "2027-06-01" : null, dayOfWeekIndex: single ? null : i % 7,
      weeksOfMonthIndexes: single ? "" : schedules[i], sequence: 0,
    });
  }
  const feedPath = `/api/chapter_calendar/${chapter.slug}/events.ics`;
  const first = await fetch(`http://127.0.0.1:${running.port}${feedPath}`);
  const bytes = Buffer.from(await first.arrayBuffer());

  const bare = new Koa();
  bare.use((ctx) => {
    if (ctx.path === "/cpu") {
      // CPU time this server process has used, so the parent can report CPU per request (steadier than
      // req/s when the machine is shared).
      const { user, system } = process.cpuUsage();
      ctx.body = { micros: user + system };
      return;
    }
    ctx.type = "text/calendar; charset=utf-8";
    ctx.body = bytes;
  });
  const bareServer = await new Promise<import("node:http").Server>((resolve) => {
    const srv = bare.listen(0, "127.0.0.1", () => resolve(srv));
  });
  const barePort = (bareServer.address() as import("node:net").AddressInfo).port;
  process.stdout.write(JSON.stringify({ feedUrl: `http://127.0.0.1:${running.port}${feedPath}`, bareUrl: `http://127.0.0.1:${barePort}/events.ics`, bytes: bytes.length }) + "\n");
  // Load may still be in flight when the parent stops us: leave without draining it.
  const stop = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

function pinned(cpu: number, command: string, argv: string[]): [string, string[]] {
  const canPin = os.cpus().length >= 2 && fs.existsSync("/usr/bin/taskset");
  return canPin ? ["/usr/bin/taskset", ["-c", String(cpu), command, ...argv]] : [command, argv];
}

async function startChild(): Promise<{ child: ChildProcess; feedUrl: string; bareUrl: string; bytes: number }> {
  const [cmd, argv] = pinned(0, process.execPath, [...process.execArgv, here, "--serve"]);
  const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "inherit"], env: process.env });
  process.once("exit", () => child.kill("SIGTERM"));
  return new Promise((resolve, reject) => {
    let buffered = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const line = buffered.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve({ child, ...JSON.parse(line) });
    });
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}`)));
  });
}

let cpuUrl = "";
const serverCpu = async () => ((await (await fetch(cpuUrl)).json()) as { micros: number }).micros;

/** One autocannon run, with the server process's CPU time per request. */
async function run(url: string, seconds: number, connections: number, headers: Record<string, string> = {}): Promise<autocannon.Result & { cpuPerRequest: number }> {
  const before = await serverCpu();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, duration: seconds, connections, pipelining: 1, headers }, (err, res) => (err ? reject(err) : resolve(res)));
  });
  const after = await serverCpu();
  return { ...result, cpuPerRequest: (after - before) / Math.max(1, result.requests.total) };
}

async function bench() {
  const duration = Number(args.duration ?? 10);
  const warmup = Number(args.warmup ?? 10);
  const rounds = Number(args.rounds ?? 3);
  const connections = Number(args.connections ?? 10);
  const minRatio = Number(args["min-ratio"] ?? 0.5);
  // The load generator on the other core.
  if (os.cpus().length >= 2 && fs.existsSync("/usr/bin/taskset")) spawnSync("/usr/bin/taskset", ["-cp", "1", String(process.pid)]);

  const { child, feedUrl, bareUrl, bytes } = await startChild();
  cpuUrl = new URL("/cpu", bareUrl).toString();
  let failed = false;
  try {
    const feed = await fetch(feedUrl);
    const etag = feed.headers.get("etag")!;
    const feedBody = Buffer.from(await feed.arrayBuffer());
    const bareBody = Buffer.from(await (await fetch(bareUrl)).arrayBuffer());
    if (!feedBody.equals(bareBody)) throw new Error("the bare route does not serve the feed's bytes");
    console.log(`feed: ${bytes} bytes, 10 events, ETag ${etag}`);
    console.log(`warming up ${warmup} s each...`);
    await run(feedUrl, warmup, connections);
    await run(bareUrl, warmup, connections);

    // Rounds alternate which route goes first; each round's ratio compares two neighbouring measurements,
    // and the median round is reported (the machine may be shared).
    const feedRates: number[] = [];
    const bareRates: number[] = [];
    const ratios: number[] = [];
    const bareCpu: number[] = [];
    const feedCpu: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? ["bare", "feed"] : ["feed", "bare"];
      const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
      for (const which of order) results[which] = await run(which === "bare" ? bareUrl : feedUrl, duration, connections);
      const { bare: b, feed: f } = results;
      if (f.non2xx || f.errors || b.non2xx || b.errors) throw new Error(`errors during the run: feed ${f.non2xx}/${f.errors}, bare ${b.non2xx}/${b.errors}`);
      bareRates.push(b.requests.average);
      feedRates.push(f.requests.average);
      ratios.push(f.requests.average / b.requests.average);
      bareCpu.push(b.cpuPerRequest);
      feedCpu.push(f.cpuPerRequest);
      console.log(
        `round ${r + 1}: bare Koa ${b.requests.average.toFixed(0)} req/s, feed ${f.requests.average.toFixed(0)} req/s, ratio ${ratios.at(-1)!.toFixed(2)}` +
          ` (server CPU per request: bare ${b.cpuPerRequest.toFixed(0)} µs, feed ${f.cpuPerRequest.toFixed(0)} µs)`,
      );
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
    const ratio = median(ratios);

    // Repeated requests with If-None-Match: every answer must be 304.
    const conditional = await run(feedUrl, Math.max(2, Math.round(duration / 2)), connections, { "if-none-match": etag });
    const total = Object.values(conditional.statusCodeStats ?? {}).reduce((a, s) => a + s.count, 0);
    const notModified = conditional.statusCodeStats?.["304"]?.count ?? 0;

    console.log("");
    console.log(`bare Koa route (same bytes from memory): ${mean(bareRates).toFixed(0)} req/s (mean)`);
    console.log(`GET /api/chapter_calendar/{slug}/events.ics: ${mean(feedRates).toFixed(0)} req/s (mean)`);
    console.log(`ratio feed / bare: ${ratio.toFixed(2)} (median of ${rounds} rounds; required >= ${minRatio})`);
    console.log(`server CPU per request: bare ${median(bareCpu).toFixed(0)} µs, feed ${median(feedCpu).toFixed(0)} µs; CPU ratio bare / feed ${(median(bareCpu) / median(feedCpu)).toFixed(2)}`);
    console.log(`If-None-Match: ${notModified} of ${total} answers were 304 (${conditional.requests.average.toFixed(0)} req/s)`);
    console.log(`(${connections} connections, ${duration} s per measurement, ${warmup} s warm-up)`);
    if (ratio < minRatio) failed = true;
    if (total === 0 || notModified !== total) failed = true;
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

function spawnSync(cmd: string, argv: string[]) {
  const p = spawn(cmd, argv, { stdio: "ignore" });
  return new Promise((resolve) => p.on("exit", resolve));
}

if (args.serve) await serve();
else await bench();
