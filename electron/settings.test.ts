import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSettingsStore, normalizeServerAddress, probeServer, SERVER_ADDRESS_MESSAGES } from "./settings";
import { startFakeAdminServer, type FakeAdminServer } from "./testing/fakeAdminServer";

describe("normalizeServerAddress", () => {
  it("keeps the origin, assuming https://", () => {
    expect(normalizeServerAddress(" chapters.example.org ")).toEqual({ origin: "https://chapters.example.org" });
    expect(normalizeServerAddress("https://chapters.example.org/admin?x=1")).toEqual({ origin: "https://chapters.example.org" });
    expect(normalizeServerAddress("HTTPS://Chapters.Example.org:8443/")).toEqual({ origin: "https://chapters.example.org:8443" });
    expect(normalizeServerAddress("http://localhost:3000")).toEqual({ origin: "http://localhost:3000" });
    expect(normalizeServerAddress("http://127.0.0.1:3000/")).toEqual({ origin: "http://127.0.0.1:3000" });
  });

  it("refuses what is not a safe web address", () => {
    expect(normalizeServerAddress("")).toEqual({ error: SERVER_ADDRESS_MESSAGES.required });
    expect(normalizeServerAddress("http://chapters.example.org")).toEqual({ error: SERVER_ADDRESS_MESSAGES.https });
    expect(normalizeServerAddress("ftp://chapters.example.org")).toEqual({ error: SERVER_ADDRESS_MESSAGES.https });
    expect(normalizeServerAddress("file:///etc/passwd")).toEqual({ error: SERVER_ADDRESS_MESSAGES.https });
    expect(normalizeServerAddress("https://me:secret@chapters.example.org")).toEqual({ error: SERVER_ADDRESS_MESSAGES.credentials });
    expect(normalizeServerAddress("not a url at all")).toEqual({ error: SERVER_ADDRESS_MESSAGES.invalid });
  });
});

describe("probeServer", () => {
  let server: FakeAdminServer;
  beforeAll(async () => {
    server = await startFakeAdminServer();
  });
  afterAll(() => server.close());

  it("accepts a Chapterhouse server and names the problem otherwise", async () => {
    expect(await probeServer(server.origin, fetch)).toBeNull();
    expect(await probeServer("http://127.0.0.1:9", fetch)).toBe(SERVER_ADDRESS_MESSAGES.unreachable("http://127.0.0.1:9"));
    const notOurs = async () => new Response("<html>hello</html>", { headers: { "content-type": "text/html" } });
    expect(await probeServer("https://example.org", notOurs)).toBe(SERVER_ADDRESS_MESSAGES.notChapterhouse("https://example.org"));
  });
});

describe("settings file", () => {
  it("keeps the server address across restarts and drops a bad one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-settings-"));
    const file = path.join(dir, "config.json");
    expect(createSettingsStore(file).get()).toEqual({ serverAddress: null });
    createSettingsStore(file).setServerAddress("https://chapters.example.org");
    expect(createSettingsStore(file).get()).toEqual({ serverAddress: "https://chapters.example.org" });
    fs.writeFileSync(file, JSON.stringify({ serverAddress: "javascript:alert(1)" }));
    expect(createSettingsStore(file).get()).toEqual({ serverAddress: null });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
