import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import type { Server } from "node:http";
import knexFactory, { type Knex } from "knex";
import { loadConfig, type Config } from "../config";
import { bindModels, migrateLatest, openDatabase } from "../db";
import { createApp } from "../app";
import { createServices, type Services } from "../services";
import { createMailTransport, type MailMessage, type MailTransport } from "../integrations/mail";
import { issueToken } from "../auth/session";
import { createLogger } from "../lib/log";
import type { DestinationStream } from "pino";
import type { Chapter } from "../models";
import { buildAdmin, buildChapter, buildPersonas } from "./factories";

/** The database the suite runs on: TEST_DB=postgres for Postgres, anything else SQLite. */
export const onPostgres = process.env.TEST_DB === "postgres";
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Captures mail instead of sending it; with a transport to pass it to (the outbox), sends it there too. */
export class MemoryMail implements MailTransport {
  readonly name = "memory";
  readonly sent: MailMessage[] = [];
  constructor(private readonly also?: MailTransport) {}
  async send(message: MailMessage) {
    this.sent.push(message);
    await this.also?.send(message);
  }
}

/** A fresh, migrated database of its own for one test file: in-memory SQLite, or a new Postgres database. */
export async function freshDatabase(): Promise<{ knex: Knex; url: string | null; drop(): Promise<void> }> {
  if (!onPostgres) {
    const knex = openDatabase({ databaseUrl: null, dataDir: os.tmpdir(), sqliteFile: ":memory:" });
    await migrateLatest(knex);
    return { knex, url: null, drop: () => knex.destroy() };
  }
  const name = `ch_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = knexFactory({ client: "pg", connection: PG_ADMIN_URL, pool: { min: 0, max: 1 } });
  await withTemplateLock(admin, async () => {
    await admin.raw(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(admin)}`);
  });
  // A test database need not survive a crash of the Postgres server: commits do not wait for the disk.
  await admin.raw(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = urlOf(name);
  const knex = openDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
  await migrateLatest(knex);
  return {
    knex,
    url,
    async drop() {
      await knex.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
  };
}

const urlOf = (database: string) => PG_ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);

/** Test files create their databases one at a time, so a template is never copied while it is being built. */
async function withTemplateLock<T>(admin: Knex, work: () => Promise<T>): Promise<T> {
  await admin.raw("SELECT pg_advisory_lock(hashtext('chapterhouse test template'))");
  try {
    return await work();
  } finally {
    await admin.raw("SELECT pg_advisory_unlock(hashtext('chapterhouse test template'))");
  }
}

/**
 * A Postgres database with every migration run, named after the migrations' sources, so a test file copies it
 * (CREATE DATABASE ... TEMPLATE, a fraction of a second) instead of migrating a new database. A changed or new
 * migration names a new template; the old ones are dropped. Each test database still runs migrateLatest, which
 * finds nothing to do.
 */
async function migratedTemplate(admin: Knex): Promise<string> {
  const dir = fileURLToPath(new URL("../../migrations", import.meta.url));
  const hash = crypto.createHash("sha1");
  for (const file of fs.readdirSync(dir).sort()) if (file.endsWith(".ts")) hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  const template = `ch_template_${hash.digest("hex").slice(0, 12)}`;
  const existing = (await admin.raw("SELECT datname FROM pg_database WHERE datname LIKE 'ch\\_template\\_%'")).rows as { datname: string }[];
  if (existing.some((d) => d.datname === template)) return template;
  for (const old of existing) await admin.raw(`DROP DATABASE IF EXISTS ${old.datname} WITH (FORCE)`);
  const building = `${template}_building`;
  await admin.raw(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${building}`);
  const knex = openDatabase({ databaseUrl: urlOf(building), dataDir: os.tmpdir() });
  try {
    await migrateLatest(knex);
  } finally {
    await knex.destroy();
  }
  // Renamed only once complete: a run cut off while migrating leaves no template that looks finished.
  await admin.raw(`ALTER DATABASE ${building} RENAME TO ${template}`);
  return template;
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

interface RequestOptions {
  body?: unknown;
  /** Sign the request as this user (Bearer token). */
  as?: { id: number } | null;
  headers?: Record<string, string>;
  raw?: string | Buffer | FormData;
}

export interface TestApp {
  services: Services;
  config: Config;
  mail: MemoryMail;
  baseUrl: string;
  /** The listening server (tests that count its connections and requests). */
  server: Server;
  request<T = any>(method: string, path: string, opts?: RequestOptions): Promise<TestResponse<T>>;
  /** Signs the user in (a new session) and answers its Bearer token. */
  tokenFor(user: { id: number }): Promise<string>;
  close(): Promise<void>;
}

/**
 * Every test request comes from 127.0.0.1, so the per-address limits (public writes, pages of new places) are raised
 * unless a test passes RATE_LIMITS itself (RATE_LIMITS: "" gives the production defaults).
 */
const TEST_RATE_LIMITS = "signup=10000,listSignup=10000,passwordReset=10000,placePages=10000";

export interface TestAppOptions {
  /** Serve the web pages too, from a UI build whose index.html is this text (written to a temporary folder). */
  uiIndex?: string;
  /**
   * Where the server's log goes, at info (a test that reads it: server/test/logCapture.ts). Without it tests are
   * quiet, unless TEST_LOG is set: then the log is on standard output, at LOG_LEVEL (info by default).
   */
  logTo?: DestinationStream;
  /**
   * Also hand every message to the transport the configuration names, as the app does: SMTP with SMTP_URL (a
   * fake SMTP server in tests), else DATA_DIR/outbox. For tests that read what was sent.
   */
  deliver?: boolean;
}

/** Starts the API on an ephemeral port over a fresh database. Call close() in afterAll. */
export async function startTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-test-"));
  let uiDir: string | undefined;
  if (opts.uiIndex !== undefined) {
    uiDir = path.join(dataDir, "ui");
    fs.mkdirSync(uiDir);
    fs.writeFileSync(path.join(uiDir, "index.html"), opts.uiIndex);
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: "test-secret-test-secret-test-secret-123",
    SEED_DEMO: "false",
    PORT: "0",
    RATE_LIMITS: TEST_RATE_LIMITS,
    LOG_LEVEL: opts.logTo ? "info" : process.env.TEST_LOG ? (process.env.LOG_LEVEL ?? "info") : "silent",
    ...env,
  });
  const db = await freshDatabase();
  bindModels(db.knex);
  const mail = new MemoryMail(opts.deliver ? createMailTransport(config) : undefined);
  // No worker runs in tests: they drive the queue with services.jobs.runDueJobs().
  const services: Services = createServices(config, db.knex, mail, { log: createLogger(config.logLevel, opts.logTo) });
  const app = createApp(services, { uiDir });
  const server: Server = await new Promise((resolve) => {
    const srv = app.listen(0, "127.0.0.1", () => resolve(srv));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokenFor = async (user: { id: number }) => (await issueToken(user.id, config.sessionSecret))!.token;

  return {
    services,
    config,
    mail,
    baseUrl,
    server,
    tokenFor,
    async request(method, p, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.as) headers.authorization = `Bearer ${await tokenFor(opts.as)}`;
      let body: string | Buffer | FormData | undefined;
      if (opts.raw !== undefined) body = opts.raw;
      else if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers["content-type"] ??= "application/json";
      }
      const res = await fetch(baseUrl + p, { method, headers, body: body as BodyInit | undefined, redirect: "manual" });
      const text = await res.text();
      let parsed: unknown = text;
      if ((res.headers.get("content-type") ?? "").includes("json")) parsed = text ? JSON.parse(text) : null;
      return { status: res.status, body: parsed as any, headers: res.headers, text };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Where most route tests start: a test app, a chapter, and a person in each role around it (server/test/access.ts).
 * In beforeAll: `({ t, chapter, p } = await startWithPersonas())`.
 */
export async function startWithPersonas(chapter: Partial<Chapter> = {}, env: Record<string, string> = {}) {
  const t = await startTestApp(env);
  const built = await buildChapter(chapter);
  return { t, chapter: built, p: await buildPersonas(built) };
}

/** Where the site admin's route tests start: a test app and an admin. In beforeAll: `({ t, admin } = await startAsAdmin())`. */
export async function startAsAdmin(env: Record<string, string> = {}) {
  const t = await startTestApp(env);
  return { t, admin: await buildAdmin() };
}
