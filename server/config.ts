import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { LOG_LEVELS, type LogLevel } from "./lib/log";

/** The chapter types' mail domains; CHAPTER_EMAIL_DOMAINS="drinking=example.org,..." overrides any of them. */
const DEFAULT_CHAPTER_EMAIL_DOMAINS: Record<string, string> = {
  drinking: "drinkingliberally.org",
  screening: "screeningliberally.org",
  living: "livingliberally.org",
  laughing: "laughingliberally.org",
  dining: "diningliberally.org",
  reading: "readingliberally.org",
};

/**
 * Per-hour limits of the abuse-prone public writes (docs/decisions.md, "Rate limits") and of the renders of pages of
 * new places searched for; RATE_LIMITS="signup=20,..." overrides any of them. Per client address unless the name says
 * otherwise.
 */
export interface RateLimits {
  /** POST /api/auth/signup */
  signup: number;
  /** POST /api/mailing_list/sign_up */
  listSignup: number;
  /** POST /api/password_reset/create */
  passwordReset: number;
  /** Reset mails to one account, whoever asks. */
  passwordResetPerAccount: number;
  /** Confirmation mails to one email address (double opt-in), whoever asks. */
  listConfirmationPerEmail: number;
  /** Messages sent from hidden chapters' revive forms (POST /revive_chapter). */
  reviveMessage: number;
  /** Home pages rendered for places searched for whose page was not kept yet (GET /?place=...). */
  placePages: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signup: 10,
  listSignup: 20,
  passwordReset: 10,
  passwordResetPerAccount: 5,
  listConfirmationPerEmail: 3,
  reviveMessage: 5,
  placePages: 60,
};

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  /** Public pages are rendered on the server and hydrated in the browser (SSR=false: the browser renders them). */
  serverRendering: boolean;
  sessionSecret: string;
  seedDemo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  chapterEmailDomains: Record<string, string>;
  googleMapsApiKey: string | null;
  /** Google's Geocoding endpoint (GOOGLE_GEOCODE_URL overrides it, e.g. for a local fake). */
  googleGeocodeUrl: string;
  /** folderId: the Brevo folder new chapter lists go in; 0 finds (or makes) the folder named "Chapterhouse". */
  brevo: { apiKey: string | null; baseUrl: string; folderId: number };
  bronto: { apiToken: string | null; url: string };
  mailgun: { apiKey: string | null; baseUrl: string };
  uploadLimitBytes: number;
  jsonLimit: string;
  runJobs: boolean;
  /** How often GET /api/admin/events sends a keep-alive comment. */
  adminEventsKeepAliveMs: number;
  /** How often the sweep that asks hosts to confirm their meetups runs (MEETUP_CONFIRM_SWEEP_MS; tests shorten it). */
  meetupConfirmSweepMs: number;
  /**
   * How long a running job may go without a heartbeat before another worker takes it over (JOB_LEASE_MS; its
   * process died). The owner renews it every third of a lease. Tests that kill a worker shorten it.
   */
  jobLeaseMs: number;
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (TRUST_PROXY: false = 0, true = 1,
   * or a number). The client address is the entry that many places from the right; 0 ignores the header.
   */
  trustProxyHops: number;
  rateLimits: RateLimits;
  /** The least severe log entries written (LOG_LEVEL): info writes a line per request; silent, nothing. */
  logLevel: LogLevel;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got "${raw}"`);
  }
  return n;
}

function boolVar(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false; got "${raw}"`);
}

function urlVar(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => p + "//").join(" or ")}`);
  }
  return raw;
}

function parseDomains(raw: string | undefined): Record<string, string> {
  const domains = { ...DEFAULT_CHAPTER_EMAIL_DOMAINS };
  if (!raw) return domains;
  for (const pair of raw.split(",")) {
    const [type, domain] = pair.split("=").map((s) => s.trim());
    if (!type || !domain || !(type in domains) || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(domain)) {
      throw new ConfigError(`CHAPTER_EMAIL_DOMAINS has a bad entry "${pair}" (expected type=domain, type one of ${Object.keys(domains).join(", ")})`);
    }
    domains[type] = domain.toLowerCase();
  }
  return domains;
}

function logLevel(env: Env): LogLevel {
  const raw = env.LOG_LEVEL;
  if (raw === undefined || raw === "") return "info";
  const level = LOG_LEVELS.find((l) => l === raw.toLowerCase());
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}; got "${raw}"`);
  return level;
}

/** TRUST_PROXY: false (the default), true (one proxy) or the number of proxies in front of the app. */
function proxyHops(env: Env): number {
  const raw = env.TRUST_PROXY;
  if (raw === undefined || raw === "" || /^(0|false|no|off)$/i.test(raw)) return 0;
  if (/^(true|yes|on)$/i.test(raw)) return 1;
  return intVar(env, "TRUST_PROXY", 0, 0, 10);
}

function parseRateLimits(raw: string | undefined): RateLimits {
  const limits = { ...DEFAULT_RATE_LIMITS };
  if (!raw) return limits;
  for (const pair of raw.split(",")) {
    const [name, value] = pair.split("=").map((s) => s.trim());
    const n = Number(value);
    if (!name || !(name in limits) || !/^\d+$/.test(value ?? "") || n < 1 || n > 1_000_000) {
      throw new ConfigError(`RATE_LIMITS has a bad entry "${pair}" (expected name=count per hour, name one of ${Object.keys(limits).join(", ")})`);
    }
    limits[name as keyof RateLimits] = n;
  }
  return limits;
}

/** The signing secret: SESSION_SECRET, or one generated once and kept under DATA_DIR. */
function sessionSecret(env: Env, dataDir: string): string {
  if (env.SESSION_SECRET) {
    if (env.SESSION_SECRET.length < 32) throw new ConfigError("SESSION_SECRET must be at least 32 characters");
    return env.SESSION_SECRET;
  }
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(48).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return fs.readFileSync(file, "utf8").trim();
  }
}

/** Reads and checks the configuration once; every bad variable is named in the error. */
export function loadConfig(env: Env = process.env): Config {
  const port = intVar(env, "PORT", 3000, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseUrl = urlVar(env, "DATABASE_URL", ["postgres:", "postgresql:"]);
  return {
    port,
    dataDir,
    databaseUrl,
    publicUrl: (urlVar(env, "PUBLIC_URL", ["http:", "https:"]) ?? `http://localhost:${port}`).replace(/\/$/, ""),
    sessionSecret: sessionSecret(env, dataDir),
    seedDemo: boolVar(env, "SEED_DEMO", true),
    serverRendering: boolVar(env, "SSR", true),
    smtpUrl: urlVar(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: env.MAIL_FROM || "Chapterhouse <no-reply@livingliberally.org>",
    chapterEmailDomains: parseDomains(env.CHAPTER_EMAIL_DOMAINS),
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY || null,
    googleGeocodeUrl: urlVar(env, "GOOGLE_GEOCODE_URL", ["http:", "https:"]) ?? "https://maps.googleapis.com/maps/api/geocode/json",
    brevo: {
      apiKey: env.BREVO_API_KEY || null,
      baseUrl: urlVar(env, "BREVO_API_URL", ["http:", "https:"]) ?? "https://api.brevo.com/v3",
      folderId: intVar(env, "BREVO_LIST_FOLDER_ID", 0, 0, 2147483647),
    },
    bronto: {
      apiToken: env.BRONTO_API_TOKEN || null,
      url: urlVar(env, "BRONTO_API_URL", ["http:", "https:"]) ?? "https://api.bronto.com/v4",
    },
    mailgun: {
      apiKey: env.MAILGUN_API_KEY || null,
      baseUrl: urlVar(env, "MAILGUN_API_URL", ["http:", "https:"]) ?? "https://api.mailgun.net/v3",
    },
    uploadLimitBytes: intVar(env, "UPLOAD_LIMIT_BYTES", 5 * 1024 * 1024, 1024, 100 * 1024 * 1024),
    jsonLimit: "1mb",
    runJobs: boolVar(env, "RUN_JOBS", true),
    adminEventsKeepAliveMs: intVar(env, "ADMIN_EVENTS_KEEPALIVE_MS", 25_000, 100, 600_000),
    meetupConfirmSweepMs: intVar(env, "MEETUP_CONFIRM_SWEEP_MS", 60_000, 500, 3_600_000),
    jobLeaseMs: intVar(env, "JOB_LEASE_MS", 30_000, 1000, 3_600_000),
    trustProxyHops: proxyHops(env),
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    logLevel: logLevel(env),
  };
}
