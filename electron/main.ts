/**
 * The desktop app's main process: one hardened window on the packaged web UI (app://chapterhouse/),
 * the bridge the UI talks to (see preload.ts), and native notifications for admins and field organizers.
 * The logic lives in small modules beside this file; this file only wires them to Electron.
 */
import path from "node:path";
import { app, BrowserWindow, ipcMain, Menu, net, Notification, powerMonitor, protocol, safeStorage, session, shell } from "electron";
import type { IpcMainEvent, IpcMainInvokeEvent, MenuItemConstructorOptions, WebContents } from "electron";
import type { AdminNotice } from "../server/contracts/adminNotice";
import { createAdminFeed, createFileFeedStateStore } from "./adminFeed";
import { createAppProtocolHandler } from "./appProtocol";
import { APP_ID, APP_ORIGIN, APP_SCHEME, PRODUCT_NAME } from "./constants";
import { IPC, type DesktopConfigSnapshot, type SetServerAddressAnswer } from "./ipc";
import { createNoticeRouter } from "./notifications";
import { APP_SCHEME_PRIVILEGES, hardenSession, hardenWebContents, isSafeExternalUrl, isTrustedIpcSender, secureWebPreferences } from "./security";
import { createSettingsStore, normalizeServerAddress, probeServer } from "./settings";
import { createTokenStore } from "./tokenStore";

// A separate profile (tests, or a second server side by side): CHAPTERHOUSE_USER_DATA_DIR=/some/folder.
if (process.env.CHAPTERHOUSE_USER_DATA_DIR) app.setPath("userData", path.resolve(process.env.CHAPTERHOUSE_USER_DATA_DIR));

// Before ready: the app scheme is a secure standard origin, and every renderer is sandboxed.
protocol.registerSchemesAsPrivileged(APP_SCHEME_PRIVILEGES);
app.enableSandbox();
app.setAppUserModelId(APP_ID);

const netFetch = (url: string, init?: RequestInit) => net.fetch(url, init) as Promise<Response>;
let win: BrowserWindow | null = null;
let serverOrigin: () => string | null = () => null;

function openExternal(url: string) {
  if (isSafeExternalUrl(url)) void shell.openExternal(url);
}

/** Shows the window on a route of the app, creating or restoring it. */
function openPath(routePath: string) {
  if (!win || win.isDestroyed()) {
    createWindow(routePath);
    return;
  }
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  // A page still loading may not listen yet: load the route itself; else the UI's router moves there.
  if (win.webContents.isLoading()) void win.loadURL(APP_ORIGIN + routePath);
  else win.webContents.send(IPC.navigate, routePath);
}

function createWindow(initialPath = "/"): BrowserWindow {
  const appDir = app.getAppPath();
  const created = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 720,
    minHeight: 500,
    show: false,
    title: PRODUCT_NAME,
    icon: path.join(appDir, "icon.png"),
    backgroundColor: "#ffffff",
    webPreferences: secureWebPreferences(path.join(appDir, "preload.cjs")),
  });
  win = created;
  created.once("ready-to-show", () => created.show());
  created.on("closed", () => {
    if (win === created) win = null;
  });
  void created.loadURL(APP_ORIGIN + initialPath);
  return created;
}

// Every web contents, now or later, gets the navigation rules of security.ts.
app.on("web-contents-created", (_event: unknown, contents: WebContents) => {
  hardenWebContents(contents, { serverOrigin: () => serverOrigin(), openExternal, openInApp: openPath });
});

const trusted = (event: IpcMainEvent | IpcMainInvokeEvent) => isTrustedIpcSender(event.senderFrame?.url);

async function start() {
  const dataDir = app.getPath("userData");
  const settings = createSettingsStore(path.join(dataDir, "config.json"));
  const tokens = createTokenStore({ safeStorage, file: path.join(dataDir, "session.bin") });
  serverOrigin = () => settings.get().serverAddress;

  hardenSession(session.defaultSession);
  protocol.handle(APP_SCHEME, createAppProtocolHandler({ uiDir: path.join(app.getAppPath(), "ui"), serverOrigin, fetch: netFetch }));

  const notices = createNoticeRouter({
    Notification,
    isSupported: () => Notification.isSupported(),
    openPath,
    forwardToWindow(notice: AdminNotice) {
      if (win && !win.isDestroyed()) win.webContents.send(IPC.notice, notice);
    },
    icon: path.join(app.getAppPath(), "icon.png"),
  });
  const feed = createAdminFeed({
    fetch: netFetch,
    serverOrigin,
    token: () => tokens.get(),
    stateStore: createFileFeedStateStore(path.join(dataDir, "admin-events.json")),
    onNotice: (notice) => notices.show(notice),
    log: (message) => console.log(message),
  });

  ipcMain.on(IPC.getConfig, (event: IpcMainEvent) => {
    const snapshot: DesktopConfigSnapshot = { serverAddress: trusted(event) ? serverOrigin() : null };
    event.returnValue = snapshot;
  });
  ipcMain.handle(IPC.setServerAddress, async (event: IpcMainInvokeEvent, input: unknown): Promise<SetServerAddressAnswer> => {
    if (!trusted(event)) return { error: "Not allowed.", serverAddress: null };
    const normalized = normalizeServerAddress(typeof input === "string" ? input : "");
    if ("error" in normalized) return { error: normalized.error, serverAddress: null };
    const problem = await probeServer(normalized.origin, netFetch);
    if (problem) return { error: problem, serverAddress: null };
    // A token of one server means nothing to another.
    if (normalized.origin !== serverOrigin()) tokens.set(null);
    settings.setServerAddress(normalized.origin);
    void feed.refresh();
    return { error: null, serverAddress: normalized.origin };
  });
  ipcMain.handle(IPC.getToken, (event: IpcMainInvokeEvent) => (trusted(event) ? tokens.get() : null));
  ipcMain.handle(IPC.setToken, (event: IpcMainInvokeEvent, token: unknown) => {
    if (!trusted(event)) return;
    tokens.set(typeof token === "string" && token.length > 0 && token.length < 8192 ? token : null);
    void feed.refresh();
  });
  ipcMain.on(IPC.openExternal, (event: IpcMainEvent, url: unknown) => {
    if (trusted(event) && typeof url === "string") openExternal(url);
  });

  const changeServer = () => {
    feed.stop();
    tokens.set(null);
    settings.setServerAddress(null);
    if (win && !win.isDestroyed()) void win.loadURL(`${APP_ORIGIN}/`);
  };
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(changeServer)));

  powerMonitor.on("resume", () => feed.reconnectNow());
  createWindow();
  await feed.refresh();
}

function menuTemplate(changeServer: () => void): MenuItemConstructorOptions[] {
  const isMac = process.platform === "darwin";
  return [
    ...(isMac ? [{ role: "appMenu" as const }] : []),
    {
      label: "File",
      submenu: [{ label: "Change Server Address…", click: changeServer }, { type: "separator" }, isMac ? { role: "close" } : { role: "quit" }],
    },
    { role: "editMenu" },
    {
      label: "View",
      submenu: [
        { role: "reload" },
        ...(app.isPackaged ? [] : [{ role: "toggleDevTools" as const }]),
        { type: "separator" },
        { role: "resetZoom" },
        { role: "zoomIn" },
        { role: "zoomOut" },
        { type: "separator" },
        { role: "togglefullscreen" },
      ],
    },
    { role: "windowMenu" },
  ];
}

function run(): Promise<void> {
  // One instance: starting the app again brings the open window forward.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return Promise.resolve();
  }
  app.on("second-instance", () => {
    if (!win || win.isDestroyed()) createWindow();
    else {
      if (win.isMinimized()) win.restore();
      win.show();
      win.focus();
    }
  });
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("activate", () => {
    if (!win || win.isDestroyed()) createWindow();
  });
  return app.whenReady().then(start);
}

/** Resolves once the app is up (tests wait on it). */
export const started: Promise<void> = run();
