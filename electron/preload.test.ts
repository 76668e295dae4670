/** The preload bridge with a fake 'electron' module: it implements the UI's Platform over IPC. */
import { beforeAll, describe, expect, it } from "vitest";
import { vi } from "vitest";
import { contextBridge, ipcRenderer } from "./testing/fakeElectron";
import { IPC } from "./ipc";
import type { Platform } from "../ui/platform/types";

vi.mock("electron", async () => (await import("./testing/fakeElectron")).electronFake);

let bridge: Platform;
beforeAll(async () => {
  ipcRenderer.syncAnswers.set(IPC.getConfig, { serverAddress: null });
  ipcRenderer.invokeAnswers.set(IPC.getToken, () => "stored-token");
  await import("./preload");
  bridge = contextBridge.exposed.get("chapterhouseDesktop");
});

describe("preload bridge", () => {
  it("exposes the whole Platform interface as window.chapterhouseDesktop", () => {
    expect(Object.keys(bridge).sort()).toEqual(
      ["apiBase", "getToken", "hasServerAddress", "onAdminNotice", "onNavigate", "openExternal", "setServerAddress", "setToken", "usesBearer"].sort(),
    );
    expect(bridge.usesBearer).toBe(true);
  });

  it("has no server on first run, then uses the address the main process accepted", async () => {
    expect(bridge.hasServerAddress()).toBe(false);
    ipcRenderer.invokeAnswers.set(IPC.setServerAddress, () => ({ error: "Could not reach it.", serverAddress: null }));
    expect(await bridge.setServerAddress("nowhere.example")).toEqual({ error: "Could not reach it." });
    expect(bridge.hasServerAddress()).toBe(false);
    ipcRenderer.invokeAnswers.set(IPC.setServerAddress, () => ({ error: null, serverAddress: "https://chapters.example.org" }));
    expect(await bridge.setServerAddress("chapters.example.org")).toEqual({ error: null });
    expect(bridge.hasServerAddress()).toBe(true);
    expect(bridge.apiBase()).toBe("https://chapters.example.org");
  });

  it("reads the token from the main process once and sends changes back", async () => {
    ipcRenderer.invoked = [];
    expect(await bridge.getToken()).toBeNull(); // a new server address forgets the old token
    await bridge.setToken("new-token");
    expect(await bridge.getToken()).toBe("new-token");
    expect(ipcRenderer.invoked).toEqual([{ channel: IPC.setToken, args: ["new-token"] }]);
  });

  it("relays notices and navigation from the main process until unsubscribed", () => {
    const notices: unknown[] = [];
    const paths: string[] = [];
    const offNotice = bridge.onAdminNotice((n) => notices.push(n));
    const offNavigate = bridge.onNavigate((p) => paths.push(p));
    ipcRenderer.emit(IPC.notice, {}, { id: 1 });
    ipcRenderer.emit(IPC.navigate, {}, "/admin/email");
    offNotice();
    offNavigate();
    ipcRenderer.emit(IPC.notice, {}, { id: 2 });
    ipcRenderer.emit(IPC.navigate, {}, "/x");
    expect(notices).toEqual([{ id: 1 }]);
    expect(paths).toEqual(["/admin/email"]);
  });

  it("asks the main process to open external links", () => {
    bridge.openExternal("https://example.org/");
    expect(ipcRenderer.sentMessages).toEqual([{ channel: IPC.openExternal, args: ["https://example.org/"] }]);
  });
});
