/**
 * The desktop main process, wired as in production, with a fake 'electron' module and a fake server:
 * window hardening, the bridge's IPC, and native notifications from the admin event stream.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vi } from "vitest";
import { aliasRateLimitNotice, FAKE_USERS, hostApplicationNotice, startFakeAdminServer, type FakeAdminServer } from "./testing/fakeAdminServer";
import { app, FakeBrowserWindow, FakeNotification, protocol, rendererSide, session, shell } from "./testing/fakeElectron";
import { IPC } from "./ipc";

vi.mock("electron", async () => (await import("./testing/fakeElectron")).electronFake);

const PAGE = "app://chapterhouse/";
const ADMIN_TOKEN = "token-of-ada-admin";
let server: FakeAdminServer;
let userData: string;
let appDir: string;

const windows = () => FakeBrowserWindow.instances;
const navigations = () =>
  windows()[0]
    .webContents.sent.filter((m) => m.channel === IPC.navigate)
    .map((m) => m.args[0]);
const forwarded = () =>
  windows()[0]
    .webContents.sent.filter((m) => m.channel === IPC.notice)
    .map((m) => m.args[0]);
const settle = () => new Promise((r) => setTimeout(r, 150));

beforeAll(async () => {
  server = await startFakeAdminServer({ retryMs: 50 });
  server.tokens.set(ADMIN_TOKEN, FAKE_USERS.admin);
  userData = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-desktop-"));
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-app-"));
  fs.mkdirSync(path.join(appDir, "ui", "assets"), { recursive: true });
  fs.writeFileSync(path.join(appDir, "ui", "index.html"), "<!doctype html><div id=root></div>");
  fs.writeFileSync(path.join(appDir, "ui", "assets", "index-AbCdEf12.js"), "console.log(1)");
  app.setPath("userData", userData);
  app.appPath = appDir;
  const main = await import("./main");
  await main.started;
});

afterAll(async () => {
  await server.close();
  fs.rmSync(userData, { recursive: true, force: true });
  fs.rmSync(appDir, { recursive: true, force: true });
});

describe("hardening", () => {
  it("registers app:// as a secure standard scheme and sandboxes every renderer", () => {
    expect(protocol.privileged).toEqual([{ scheme: "app", privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect(app.sandboxEnabled).toBe(true);
    expect(app.appUserModelId).toBe("org.livingliberally.chapterhouse");
  });

  it("opens one window on the app scheme with isolation, no Node and the sandbox", () => {
    expect(windows()).toHaveLength(1);
    const prefs = windows()[0].options.webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, nodeIntegration: false, sandbox: true, webSecurity: true, webviewTag: false });
    expect(prefs.preload).toBe(path.join(appDir, "preload.cjs"));
    expect(windows()[0].loaded).toEqual(["app://chapterhouse/"]);
  });

  it("denies every permission request", () => {
    let granted: boolean | null = null;
    session.defaultSession.permissionRequestHandler!({}, "media", (g) => (granted = g));
    expect(granted).toBe(false);
    expect(session.defaultSession.permissionCheckHandler!({}, "notifications")).toBe(false);
  });

  it("refuses navigation to other origins and sends the link to the system browser", () => {
    const contents = windows()[0].webContents;
    expect(contents.tryNavigate("https://evil.example/phish")).toBe(true);
    expect(contents.tryNavigate("file:///etc/passwd")).toBe(true);
    expect(contents.tryNavigate("app://chapterhouse/admin")).toBe(false);
    expect(shell.opened).toEqual(["https://evil.example/phish"]);
    expect(contents.windowOpenHandler!({ url: "https://example.org/" })).toEqual({ action: "deny" });
    expect(shell.opened).toContain("https://example.org/");
  });

  it("serves the UI with a strict CSP and falls back to index.html for routes", async () => {
    const handler = protocol.handlers.get("app")!;
    const page = await handler(new Request("app://chapterhouse/admin/chapter_host_applications/x"));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<div id=root>");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const script = await handler(new Request("app://chapterhouse/assets/index-AbCdEf12.js"));
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await handler(new Request("app://chapterhouse/assets/missing.js"))).status).toBe(404);
  });
});

describe("bridge", () => {
  it("has no server address on first run", () => {
    expect(rendererSide.sendSync(PAGE, IPC.getConfig)).toEqual({ serverAddress: null });
  });

  it("refuses an address where no Chapterhouse server answers", async () => {
    const answer = (await rendererSide.invoke(PAGE, IPC.setServerAddress, "http://127.0.0.1:9")) as { error: string };
    expect(answer.error).toBe("Could not reach a Chapterhouse server at http://127.0.0.1:9. Check the address and your connection.");
    expect(rendererSide.sendSync(PAGE, IPC.getConfig)).toEqual({ serverAddress: null });
  });

  it("keeps the server address in config.json in the user data folder", async () => {
    const answer = await rendererSide.invoke(PAGE, IPC.setServerAddress, `${server.origin}/some/path`);
    expect(answer).toEqual({ error: null, serverAddress: server.origin });
    expect(rendererSide.sendSync(PAGE, IPC.getConfig)).toEqual({ serverAddress: server.origin });
    expect(JSON.parse(fs.readFileSync(path.join(userData, "config.json"), "utf8"))).toEqual({ serverAddress: server.origin });
  });

  it("answers no IPC to a page that is not the app", async () => {
    expect(rendererSide.sendSync("https://evil.example/", IPC.getConfig)).toEqual({ serverAddress: null });
    await rendererSide.invoke("https://evil.example/", IPC.setToken, "stolen");
    expect(await rendererSide.invoke(PAGE, IPC.getToken)).toBeNull();
  });

  it("keeps the token encrypted, never in clear", async () => {
    await rendererSide.invoke(PAGE, IPC.setToken, ADMIN_TOKEN);
    expect(await rendererSide.invoke(PAGE, IPC.getToken)).toBe(ADMIN_TOKEN);
    const stored = fs.readFileSync(path.join(userData, "session.bin"));
    expect(stored.includes(Buffer.from(ADMIN_TOKEN))).toBe(false);
    for (const file of fs.readdirSync(userData)) {
      expect(fs.readFileSync(path.join(userData, file)).includes(Buffer.from(ADMIN_TOKEN))).toBe(false);
    }
  });
});

describe("native notifications for an admin", () => {
  it("subscribes with the Bearer token once signed in", async () => {
    await server.waitFor(() => server.openStreams() === 1);
    expect(server.connections[0]).toEqual({ authorization: `Bearer ${ADMIN_TOKEN}`, lastEventId: null });
  });

  it("a new host application gives exactly one notification naming the city; clicking it opens the application", async () => {
    server.publish(hostApplicationNotice(41, { name: "Jamie Rivera", city: "Austin", state: "TX", slug: "jamie-rivera-austin" }));
    await server.waitFor(() => FakeNotification.instances.length === 1);
    await settle();
    expect(FakeNotification.instances).toHaveLength(1);
    const [n] = FakeNotification.instances;
    expect(n.options.title).toBe("New host application");
    expect(n.options.body).toContain("Austin");
    expect(n.shown).toBe(true);
    expect(forwarded()).toEqual([expect.objectContaining({ id: 41, path: "/admin/chapter_host_applications/jamie-rivera-austin" })]);

    windows()[0].minimized = true;
    n.click();
    expect(windows()[0].minimized).toBe(false);
    expect(windows()[0].focused).toBeGreaterThan(0);
    expect(navigations()).toEqual(["/admin/chapter_host_applications/jamie-rivera-austin"]);
  });

  it("after a network loss it reconnects with Last-Event-ID and does not repeat the notification", async () => {
    server.replayOnReconnect = true; // even a server that sends everything again
    server.dropConnections();
    await server.waitFor(() => server.connections.length === 2 && server.openStreams() === 1);
    expect(server.connections[1].lastEventId).toBe("41");
    await settle();
    expect(FakeNotification.instances).toHaveLength(1);
    server.replayOnReconnect = false;
  });

  it("an alias rate-limit warning gives one notification", async () => {
    server.publish(aliasRateLimitNotice(42, "nyc@drinkingliberally.org"));
    await server.waitFor(() => FakeNotification.instances.length === 2);
    await settle();
    expect(FakeNotification.instances).toHaveLength(2);
    expect(FakeNotification.instances[1].options).toMatchObject({ title: "Email alias rate limit" });
    FakeNotification.instances[1].click();
    expect(navigations().at(-1)).toBe("/admin/email");
  });

  it("remembers the last notice across restarts", () => {
    expect(JSON.parse(fs.readFileSync(path.join(userData, "admin-events.json"), "utf8"))).toMatchObject({ serverOrigin: server.origin, lastEventId: 42 });
  });

  it("stops listening when the user signs out", async () => {
    await rendererSide.invoke(PAGE, IPC.setToken, null);
    await server.waitFor(() => server.openStreams() === 0);
    expect(fs.existsSync(path.join(userData, "session.bin"))).toBe(false);
  });
});

describe("no notifications for others", () => {
  it("a chapter host's token opens no stream", async () => {
    server.tokens.set("token-of-hal-host", FAKE_USERS.host);
    const before = server.connections.length;
    await rendererSide.invoke(PAGE, IPC.setToken, "token-of-hal-host");
    await settle();
    expect(server.connections.length).toBe(before);
    expect(server.openStreams()).toBe(0);
  });
});

describe("a notification click with the window closed", () => {
  it("opens a new window right on the notice's screen", () => {
    windows()[0].close();
    FakeNotification.instances[0].click();
    expect(windows()).toHaveLength(2);
    expect(windows()[1].loaded).toEqual(["app://chapterhouse/admin/chapter_host_applications/jamie-rivera-austin"]);
  });
});
