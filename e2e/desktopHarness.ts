/**
 * Runs the desktop app's renderer for the browser tests, two ways:
 * - emulated: the built UI in Chromium, with window.chapterhouseDesktop provided by a fake that keeps
 *   the server address and token like the main process would and lets the test deliver notices;
 * - electron: the real app (dist/desktop-app) through Playwright's _electron launcher, where the
 *   Electron binary is installed.
 * Both talk to the real e2e server.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { _electron, type BrowserContext, type Page } from "@playwright/test";
import type { AdminNotice } from "../server/contracts/adminNotice";
import { SERVER_ADDRESS_MESSAGES } from "../electron/settings";
import { IPC } from "../electron/ipc";
import { DESKTOP_APP_DIR, findElectron, ROOT } from "../scripts/electronTools";

export interface DesktopHarness {
  page: Page;
  context: BrowserContext;
  /** The main process hands a notice from the admin event stream to the window. */
  deliverNotice(notice: AdminNotice): Promise<void>;
  /** The user clicks the OS notification of a notice: the main process opens its route in the window. */
  clickNotification(notice: AdminNotice): Promise<void>;
  close(): Promise<void>;
}

interface BridgeOptions {
  /** The main process's messages (electron/settings.ts); {origin} is filled in. */
  messages: { https: string; invalid: string; unreachable: string };
}

/** The emulated preload bridge (runs in the page before the app; keep it self-contained). */
function emulatedBridge(opts: BridgeOptions) {
  // The main process outlives page reloads: so does this state (per tab).
  const KEY = "emulatedDesktopMainProcess";
  const saved = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as { serverAddress: string | null; token: string | null } | null;
  const state = saved ?? { serverAddress: null, token: null };
  const persist = () => sessionStorage.setItem(KEY, JSON.stringify(state));
  const noticeHandlers = new Set<(n: unknown) => void>();
  const navigateHandlers = new Set<(p: string) => void>();
  const loopback = ["localhost", "127.0.0.1", "[::1]"];
  const bridge = {
    apiBase: () => state.serverAddress ?? "",
    hasServerAddress: () => Boolean(state.serverAddress),
    async setServerAddress(address: string) {
      let url: URL;
      try {
        url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `https://${address}`);
      } catch {
        return { error: opts.messages.invalid };
      }
      if (!(url.protocol === "https:" || (url.protocol === "http:" && loopback.includes(url.hostname)))) return { error: opts.messages.https };
      try {
        const res = await fetch(`${url.origin}/api/auth/user`, { credentials: "omit" });
        if (!("user" in (await res.json()))) throw new Error("not Chapterhouse");
      } catch {
        return { error: opts.messages.unreachable.replace("{origin}", url.origin) };
      }
      state.serverAddress = url.origin;
      state.token = null;
      persist();
      return { error: null };
    },
    getToken: async () => state.token,
    async setToken(token: string | null) {
      state.token = token;
      persist();
    },
    usesBearer: true,
    openExternal: () => {},
    onAdminNotice(handler: (n: unknown) => void) {
      noticeHandlers.add(handler);
      return () => noticeHandlers.delete(handler);
    },
    onNavigate(handler: (p: string) => void) {
      navigateHandlers.add(handler);
      return () => navigateHandlers.delete(handler);
    },
  };
  Object.defineProperty(window, "chapterhouseDesktop", { value: Object.freeze(bridge), writable: false });
  Object.defineProperty(window, "__desktopMainProcess", {
    value: {
      deliverNotice: (n: unknown) => noticeHandlers.forEach((h) => h(n)),
      clickNotification: (n: { path: string }) => navigateHandlers.forEach((h) => h(n.path)),
    },
  });
}

type MainProcessEmulation = { deliverNotice(n: AdminNotice): void; clickNotification(n: AdminNotice): void };

export async function emulatedDesktop(page: Page): Promise<DesktopHarness> {
  const messages = {
    https: SERVER_ADDRESS_MESSAGES.https,
    invalid: SERVER_ADDRESS_MESSAGES.invalid,
    unreachable: SERVER_ADDRESS_MESSAGES.unreachable("{origin}"),
  };
  await page.addInitScript(emulatedBridge, { messages });
  await page.goto("/");
  const main = (fn: "deliverNotice" | "clickNotification", notice: AdminNotice) =>
    page.evaluate(
      ([f, n]) => (window as unknown as { __desktopMainProcess: MainProcessEmulation }).__desktopMainProcess[f as "deliverNotice"](n as AdminNotice),
      [fn, notice] as const,
    );
  return {
    page,
    context: page.context(),
    deliverNotice: (n) => main("deliverNotice", n),
    clickNotification: (n) => main("clickNotification", n),
    close: async () => {},
  };
}

export const electronBinary = findElectron();

let built = false;
export async function launchElectronDesktop(): Promise<DesktopHarness> {
  if (!electronBinary.ok) throw new Error(electronBinary.message);
  if (!built) {
    execFileSync("npx", ["tsx", path.join(ROOT, "scripts", "desktop.ts"), "build"], { cwd: ROOT, stdio: "inherit" });
    built = true;
  }
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-e2e-desktop-"));
  const app = await _electron.launch({
    executablePath: electronBinary.path,
    args: [...(process.platform === "linux" && process.getuid?.() === 0 ? ["--no-sandbox"] : []), DESKTOP_APP_DIR],
    env: { ...process.env, CHAPTERHOUSE_USER_DATA_DIR: userData } as Record<string, string>,
  });
  const page = await app.firstWindow();
  const send = (channel: string, value: unknown) =>
    app.evaluate(({ BrowserWindow }, [c, v]) => BrowserWindow.getAllWindows()[0].webContents.send(c as string, v), [channel, value] as const);
  return {
    page,
    context: app.context(),
    deliverNotice: (n) => send(IPC.notice, n),
    clickNotification: (n) => send(IPC.navigate, n.path),
    async close() {
      await app.close();
      fs.rmSync(userData, { recursive: true, force: true });
    },
  };
}
