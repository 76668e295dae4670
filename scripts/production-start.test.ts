/**
 * The production deploy of the README, end to end: the build (dist/) with package.json and package-lock.json is
 * copied into a folder of its own, `npm ci --omit=dev` installs the dependencies there (from npm's cache when it
 * has them) with Node 24 among them (the `node` package), and both `node dist/server/main.js` (run by that Node)
 * and `npm start` serve the whole site from it on Node 24, on SQLite and on Postgres
 * (docs/decisions/092-one-build-to-dist.md, 102-node-24.md).
 *
 * npm installs without install scripts (only the npm registry is reachable here), then runs the `node` package's
 * alone (it installs Node's binary from the registry): bcrypt and sharp ship their binaries in their packages;
 * sqlite3's binary, which its install script downloads or compiles, is taken from this checkout's node_modules,
 * where `npm ci` made it.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import knexFactory from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

let app: string;

beforeAll(async () => {
  await run(path.join(root, "node_modules", ".bin", "tsx"), [path.join(root, "scripts", "build.ts")], { cwd: root });
  app = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-production-"));
  for (const part of ["ui", "server"]) fs.cpSync(path.join(root, "dist", part), path.join(app, "dist", part), { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) fs.copyFileSync(path.join(root, file), path.join(app, file));
  await run("npm", ["ci", "--omit=dev", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: app, maxBuffer: 16 * 1024 * 1024 });
  await run("npm", ["rebuild", "node", "--prefer-offline"], { cwd: app, maxBuffer: 16 * 1024 * 1024 });
  const sqliteBinary = path.join("node_modules", "sqlite3", "build", "Release", "node_sqlite3.node");
  fs.mkdirSync(path.dirname(path.join(app, sqliteBinary)), { recursive: true });
  fs.copyFileSync(path.join(root, sqliteBinary), path.join(app, sqliteBinary));
}, 240_000);

afterAll(() => {
  if (app) fs.rmSync(app, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What production sets: no NODE_ENV (production by default), nothing of the test runner's. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", ...extra };
}

/** The Node that `npm ci --omit=dev` installed in the deployed folder (the `node` package), which `npm start` runs. */
const installedNode = () => path.join(app, "node_modules", ".bin", "node");

/** The two ways the README starts a deployed site. */
const START = {
  node: () => [installedNode(), "dist/server/main.js"],
  "npm start": () => ["npm", "start"],
} satisfies Record<string, () => string[]>;

interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/**
 * Starts the site in the installed folder (`node dist/server/main.js` by default, or `npm start`) and waits until it
 * answers. It logs at info, where the server says which Node it runs on.
 */
async function startBuilt(env: Record<string, string>, how: keyof typeof START = "node"): Promise<Started> {
  const port = await freePort();
  const [command, ...args] = START[how]();
  const child = spawn(command, args, { cwd: app, env: productionEnv({ ...env, LOG_LEVEL: "info", PORT: String(port) }) });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${base}/api/chapter/slug/austin`).then(
      () => true,
      () => false,
    );
    if (up) return { child, base, output: () => output };
    if (Date.now() > deadline) throw new Error(`The server did not answer within a minute:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends SIGTERM and resolves with the exit code. */
function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill("SIGTERM");
  });
}

/**
 * Starts the built server, runs `work` against it, then stops it with SIGTERM and expects a clean exit (0). When
 * `work` fails, its error is the one reported (the server is still stopped, its exit code not judged).
 */
async function withBuiltServer(env: Record<string, string>, how: keyof typeof START, work: (server: Started) => Promise<void>): Promise<void> {
  const server = await startBuilt(env, how);
  try {
    await work(server);
  } catch (err) {
    await stop(server.child);
    throw err;
  }
  expect(await stop(server.child), server.output()).toBe(0);
}

/** The text of the page's #root (the server-rendered markup, up to the scripts), tags left out. */
async function rootText(base: string, page: string): Promise<string> {
  const res = await fetch(base + page);
  expect(res.status, page).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  const html = await res.text();
  const start = html.search(/<div id="root"[ >]/);
  expect(start, `${page} has #root`).toBeGreaterThan(0);
  return html
    .slice(start, html.indexOf("<script", start))
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ");
}

/** The home, a state and a chapter page with the demo's chapters in them, an API read, assets, a preview image, the finder. */
async function servesTheSite(base: string): Promise<void> {
  const home = await rootText(base, "/");
  expect(home).toContain("Find a chapter near you");
  expect(home).toMatch(/Austin \(drinking\)/);
  const state = await rootText(base, "/chapters/tx");
  expect(state).toContain("Texas");
  expect(state).toContain("Scholz Garten");
  const chapter = await rootText(base, "/chapter/tx/austin");
  expect(chapter).toContain("Austin");
  expect(chapter).toContain("Scholz Garten");

  const api = await fetch(`${base}/api/chapter/slug/austin`);
  expect(api.status).toBe(200);
  expect(api.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await api.json()).toMatchObject({ slug: "austin", title: "Austin", state: "tx" });

  // The home page starts by its islands: their entry, and the app's entry it names for platforms that need the app.
  const homeHtml = await (await fetch(base + "/")).text();
  const asset = /src="(\/assets\/entry-[^"]+\.js)"/.exec(homeHtml)?.[1];
  const appEntry = /<div id="root" data-islands="(\/assets\/index-[^"]+\.js)">/.exec(homeHtml)?.[1];
  expect(asset).toBeDefined();
  expect(appEntry).toBeDefined();
  expect((await fetch(base + asset!)).status).toBe(200);
  expect((await fetch(base + appEntry!)).status).toBe(200);
  // A chapter type's preview image, drawn by sharp: its binary works.
  const preview = await fetch(`${base}/og/chapter_type/1.png`);
  expect(preview.status).toBe(200);
  expect(preview.headers.get("content-type")).toBe("image/png");
  expect(
    Buffer.from(await preview.arrayBuffer())
      .subarray(1, 4)
      .toString(),
  ).toBe("PNG");
  const finder = await fetch(`${base}/embed/finder.js`);
  expect(finder.status).toBe(200);
  expect(await finder.text()).toContain(`"${base.replace("127.0.0.1", "localhost")}"`);
}

/** The server's start line names the Node it runs on (server/main.ts). */
function expectNode24(server: Started) {
  expect(server.output()).toMatch(/Chapterhouse is serving .*; Node 24\.\d+\.\d+\)/);
}

describe("the production deploy (npm ci --omit=dev, node dist/server/main.js or npm start)", () => {
  it("installs Node 24 and no build tools: neither tsx, Vite, esbuild nor the UI's packages (compiled into dist/server)", async () => {
    expect((await run(installedNode(), ["-v"])).stdout).toMatch(/^v24\./);
    for (const name of ["tsx", "vite", "esbuild", "typescript", "react", "react-dom", "@chakra-ui/react"]) {
      expect(fs.existsSync(path.join(app, "node_modules", name)), name).toBe(false);
    }
    for (const name of ["koa", "knex", "sqlite3", "pg", "bcrypt", "sharp"]) expect(fs.existsSync(path.join(app, "node_modules", name)), name).toBe(true);
  });

  it("serves the whole site on SQLite from a fresh data folder (the demo), and stops cleanly on SIGTERM", async () => {
    const dataDir = path.join(app, "data-sqlite");
    await withBuiltServer({ DATA_DIR: dataDir }, "node", async (server) => {
      expectNode24(server);
      await servesTheSite(server.base);
      // The admin signs in: bcrypt's binary hashed the password and checks it.
      const admin = await run(
        installedNode(),
        ["dist/server/create-admin.js", "--email", "ops@example.org", "--name", "Ops", "--password", "a-long-password-1"],
        {
          cwd: app,
          env: productionEnv({ DATA_DIR: dataDir }),
        },
      );
      expect(admin.stdout).toContain("Created admin Ops <ops@example.org>");
      const signIn = await fetch(`${server.base}/api/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "ops@example.org", password: "a-long-password-1" }),
      });
      expect(signIn.status).toBe(200);
      const migrate = await run(installedNode(), ["dist/server/migrate.js"], { cwd: app, env: productionEnv({ DATA_DIR: dataDir }) });
      expect(migrate.stdout).toContain("Nothing to do.");
    });
    expect(fs.existsSync(path.join(dataDir, "chapterhouse.sqlite"))).toBe(true);
  }, 120_000);

  it("serves the whole site on Postgres (DATABASE_URL)", async () => {
    await withPostgresDatabase("node", async (databaseUrl) => {
      await withBuiltServer({ DATA_DIR: path.join(app, "data-postgres"), DATABASE_URL: databaseUrl }, "node", async (server) => {
        expectNode24(server);
        await servesTheSite(server.base);
      });
    });
  }, 120_000);

  it("npm start serves what is built, on Node 24, where the build tools are absent: on SQLite and on Postgres", async () => {
    const startedWith = (env: Record<string, string>) =>
      withBuiltServer(env, "npm start", async (server) => {
        expectNode24(server);
        expect(await rootText(server.base, "/")).toContain("Find a chapter near you");
      });
    await startedWith({ DATA_DIR: path.join(app, "data-npm-start") });
    await withPostgresDatabase("npm_start", (databaseUrl) => startedWith({ DATA_DIR: path.join(app, "data-npm-start-pg"), DATABASE_URL: databaseUrl }));
  }, 120_000);
});

/** Runs `work` with the URL of a new, empty Postgres database, dropped after. */
async function withPostgresDatabase(label: string, work: (databaseUrl: string) => Promise<void>): Promise<void> {
  const name = `ch_production_${label}_${process.pid}`;
  const admin = knexFactory({ client: "pg", connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${name}`);
  try {
    await work(PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`));
  } finally {
    await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.destroy();
  }
}
