/**
 * The bundles that ship: main.cjs and preload.cjs as esbuild makes them, run with a fake 'electron'
 * (main in Node, the preload in a sandbox-like wrapper that can require nothing but 'electron').
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleDesktop } from "../scripts/desktopBundle";

let dir: string;
let bundles: { main: string; preload: string };
let fake: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-bundle-"));
  bundles = await bundleDesktop(dir, true);
  fake = path.join(dir, "fake-electron.cjs");
  await build({
    entryPoints: [path.join(__dirname, "testing", "fakeElectron.ts")],
    outfile: fake,
    bundle: true,
    format: "cjs",
    platform: "node",
    logLevel: "warning",
  });
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs a script in a fresh Node with require("electron") answered by the fake; prints what it returns. */
function runWithFakeElectron(script: string): any {
  const runner = `
    const Module = require("node:module");
    const fake = require(${JSON.stringify(fake)}).electronFake;
    const load = Module._load;
    Module._load = function (request, ...rest) { return request === "electron" ? fake : load.call(this, request, ...rest); };
    (async () => { const out = await (async () => { ${script} })(); process.stdout.write(JSON.stringify(out)); process.exit(0); })()
      .catch((e) => { console.error(e); process.exit(1); });`;
  return JSON.parse(execFileSync(process.execPath, ["-e", runner], { encoding: "utf8", timeout: 20_000 }));
}

describe("built bundles", () => {
  it("main.cjs needs nothing but electron and opens the hardened window on app://", () => {
    const userData = path.join(dir, "userData");
    const out = runWithFakeElectron(`
      fake.app.setPath("userData", ${JSON.stringify(userData)});
      fake.app.appPath = ${JSON.stringify(dir)};
      await require(${JSON.stringify(bundles.main)}).started;
      const w = fake.BrowserWindow.instances[0];
      return { privileged: fake.protocol.privileged, handled: [...fake.protocol.handlers.keys()], prefs: w.options.webPreferences, loaded: w.loaded, sandbox: fake.app.sandboxEnabled };
    `);
    expect(out.privileged[0]).toMatchObject({ scheme: "app", privileges: { standard: true, secure: true } });
    expect(out.handled).toEqual(["app"]);
    expect(out.prefs).toMatchObject({ contextIsolation: true, nodeIntegration: false, sandbox: true, preload: path.join(dir, "preload.cjs") });
    expect(out.loaded).toEqual(["app://chapterhouse/"]);
    expect(out.sandbox).toBe(true);
  });

  it("preload.cjs runs in the sandbox's wrapper and exposes the bridge", () => {
    const out = runWithFakeElectron(`
      fake.ipcRenderer.syncAnswers.set("chapterhouse:config:get", { serverAddress: "https://chapters.example.org" });
      const code = require("node:fs").readFileSync(${JSON.stringify(bundles.preload)}, "utf8");
      const sandboxRequire = (name) => { if (name === "electron") return fake; throw new Error("sandboxed preload cannot require " + name); };
      const module = { exports: {} };
      new Function("require", "process", "Buffer", "global", "setImmediate", "clearImmediate", "exports", "module", code)(sandboxRequire, {}, undefined, globalThis, setImmediate, clearImmediate, module.exports, module);
      const bridge = fake.contextBridge.exposed.get("chapterhouseDesktop");
      return { keys: Object.keys(bridge).sort(), apiBase: bridge.apiBase(), usesBearer: bridge.usesBearer };
    `);
    expect(out).toEqual({
      keys: ["apiBase", "getToken", "hasServerAddress", "onAdminNotice", "onNavigate", "openExternal", "setServerAddress", "setToken", "usesBearer"],
      apiBase: "https://chapters.example.org",
      usesBearer: true,
    });
  });
});
