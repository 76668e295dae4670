import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_RATE_LIMITS, loadConfig } from "./config";
import { DEFAULT_LEASE_MS } from "./jobs/queue";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-config-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: "config-test-secret-config-test-secret", ...env });

describe("TRUST_PROXY", () => {
  it("is off by default; true trusts one proxy; a number trusts that many", () => {
    expect(load({}).trustProxyHops).toBe(0);
    expect(load({ TRUST_PROXY: "false" }).trustProxyHops).toBe(0);
    expect(load({ TRUST_PROXY: "true" }).trustProxyHops).toBe(1);
    expect(load({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
  });

  it("names the variable when the value is bad", () => {
    expect(() => load({ TRUST_PROXY: "sometimes" })).toThrow(ConfigError);
    expect(() => load({ TRUST_PROXY: "sometimes" })).toThrow(/TRUST_PROXY/);
  });
});

describe("RATE_LIMITS", () => {
  it("has per-hour defaults that any entry overrides", () => {
    const limits = load({}).rateLimits;
    expect(limits).toEqual({
      signup: 10,
      listSignup: 20,
      passwordReset: 10,
      passwordResetPerAccount: 5,
      listConfirmationPerEmail: 3,
      reviveMessage: 5,
      placePages: 60,
    });
    expect(load({ RATE_LIMITS: "signup=50, listSignup=100" }).rateLimits).toEqual({ ...DEFAULT_RATE_LIMITS, signup: 50, listSignup: 100 });
  });

  it("refuses unknown names and non-numbers, naming the variable", () => {
    expect(() => load({ RATE_LIMITS: "signups=5" })).toThrow(/RATE_LIMITS has a bad entry "signups=5"/);
    expect(() => load({ RATE_LIMITS: "signup=lots" })).toThrow(/RATE_LIMITS/);
    expect(() => load({ RATE_LIMITS: "signup=0" })).toThrow(/RATE_LIMITS/);
  });
});

describe("JOB_LEASE_MS", () => {
  it("is 30 seconds by default, the queue's own default, and may be shortened", () => {
    expect(load({}).jobLeaseMs).toBe(DEFAULT_LEASE_MS);
    expect(DEFAULT_LEASE_MS).toBe(30_000);
    expect(load({ JOB_LEASE_MS: "2000" }).jobLeaseMs).toBe(2000);
  });

  it("names the variable when the value is bad", () => {
    expect(() => load({ JOB_LEASE_MS: "500" })).toThrow('JOB_LEASE_MS must be a whole number from 1000 to 3600000; got "500"');
    expect(() => load({ JOB_LEASE_MS: "soon" })).toThrow(ConfigError);
  });
});

describe("LOG_LEVEL", () => {
  it("is info by default and takes pino's level names", () => {
    expect(load({}).logLevel).toBe("info");
    expect(load({ LOG_LEVEL: "warn" }).logLevel).toBe("warn");
    expect(load({ LOG_LEVEL: "DEBUG" }).logLevel).toBe("debug");
    expect(load({ LOG_LEVEL: "silent" }).logLevel).toBe("silent");
  });

  it("names the variable and the levels when the value is bad", () => {
    expect(() => load({ LOG_LEVEL: "verbose" })).toThrow(ConfigError);
    expect(() => load({ LOG_LEVEL: "verbose" })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "verbose"');
  });
});
