/**
 * A fake 'electron' module for unit tests (the Electron binary is not needed): the parts main.ts and
 * preload.ts use, recording what they were asked to do. Use it with
 *   vi.mock("electron", async () => (await import("./testing/fakeElectron")).electronFake);
 */
import { EventEmitter } from "node:events";

export interface FakeIpcEvent {
  senderFrame: { url: string } | null;
  returnValue?: unknown;
}

type Listener = (...args: any[]) => unknown;

/** XOR with a fixed key and a marker: not secure, but never the plaintext, like the real keychain. */
export const fakeSafeStorage = {
  available: true,
  backend: "gnome_libsecret",
  isEncryptionAvailable() {
    return this.available;
  },
  getSelectedStorageBackend() {
    return this.backend;
  },
  encryptString(plain: string): Buffer {
    const bytes = Buffer.from(plain, "utf8").map((b) => b ^ 0x5a);
    return Buffer.concat([Buffer.from("v10"), bytes]);
  },
  decryptString(encrypted: Buffer): string {
    if (encrypted.subarray(0, 3).toString() !== "v10") throw new Error("Error while decrypting the ciphertext provided to safeStorage.decryptString.");
    return Buffer.from(encrypted.subarray(3).map((b) => b ^ 0x5a)).toString("utf8");
  },
};

class FakeWebContents extends EventEmitter {
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  loading = false;
  url = "";
  send(channel: string, ...args: unknown[]) {
    this.sent.push({ channel, args });
  }
  isLoading() {
    return this.loading;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  /** Simulates the page trying to go somewhere: returns true when the navigation was prevented. */
  tryNavigate(url: string, event: "will-navigate" | "will-redirect" = "will-navigate"): boolean {
    let prevented = false;
    this.emit(event, { url, preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static instances: FakeBrowserWindow[] = [];
  readonly webContents = new FakeWebContents();
  readonly loaded: string[] = [];
  destroyed = false;
  minimized = false;
  visible = false;
  focused = 0;
  constructor(readonly options: Record<string, any>) {
    super();
    FakeBrowserWindow.instances.push(this);
    app.emit("web-contents-created", {}, this.webContents);
  }
  static getAllWindows() {
    return FakeBrowserWindow.instances.filter((w) => !w.destroyed);
  }
  async loadURL(url: string) {
    this.loaded.push(url);
    this.webContents.url = url;
  }
  isDestroyed() {
    return this.destroyed;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  show() {
    this.visible = true;
  }
  focus() {
    this.focused += 1;
  }
  close() {
    this.destroyed = true;
    this.emit("closed");
  }
}

export class FakeNotification extends EventEmitter {
  static instances: FakeNotification[] = [];
  static supported = true;
  shown = false;
  constructor(readonly options: { title: string; body: string; icon?: string }) {
    super();
    FakeNotification.instances.push(this);
  }
  static isSupported() {
    return FakeNotification.supported;
  }
  show() {
    this.shown = true;
  }
  /** What a user's click on the OS notification does. */
  click() {
    this.emit("click", {});
  }
}

class FakeApp extends EventEmitter {
  paths: Record<string, string> = { userData: "/nonexistent" };
  appPath = "/nonexistent";
  isPackaged = false;
  sandboxEnabled = false;
  appUserModelId: string | null = null;
  quitCalls = 0;
  readyBeforeSchemes = false;
  whenReady() {
    return Promise.resolve();
  }
  getPath(name: string) {
    return this.paths[name] ?? `/nonexistent/${name}`;
  }
  setPath(name: string, value: string) {
    this.paths[name] = value;
  }
  getAppPath() {
    return this.appPath;
  }
  requestSingleInstanceLock() {
    return true;
  }
  enableSandbox() {
    this.sandboxEnabled = true;
  }
  setAppUserModelId(id: string) {
    this.appUserModelId = id;
  }
  quit() {
    this.quitCalls += 1;
  }
}

export const app = new FakeApp();

const ipcHandlers = new Map<string, Listener>();
const ipcListeners = new Map<string, Listener>();

export const ipcMain = {
  handle(channel: string, fn: Listener) {
    ipcHandlers.set(channel, fn);
  },
  on(channel: string, fn: Listener) {
    ipcListeners.set(channel, fn);
  },
};

/** Test side of IPC: what a renderer at `senderUrl` would get. */
export const rendererSide = {
  invoke(senderUrl: string, channel: string, ...args: unknown[]): Promise<unknown> {
    const fn = ipcHandlers.get(channel);
    if (!fn) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(fn({ senderFrame: { url: senderUrl } } satisfies FakeIpcEvent, ...args));
  },
  send(senderUrl: string, channel: string, ...args: unknown[]) {
    ipcListeners.get(channel)?.({ senderFrame: { url: senderUrl } } satisfies FakeIpcEvent, ...args);
  },
  sendSync(senderUrl: string, channel: string): unknown {
    const event: FakeIpcEvent = { senderFrame: { url: senderUrl } };
    ipcListeners.get(channel)?.(event);
    return event.returnValue;
  },
};

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: unknown[]) {
    this.privileged.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response>) {
    this.handlers.set(scheme, handler);
  },
};

export const session = {
  defaultSession: {
    permissionRequestHandler: null as null | ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void),
    permissionCheckHandler: null as null | ((wc: unknown, permission: string) => boolean),
    setPermissionRequestHandler(fn: (wc: unknown, permission: string, cb: (granted: boolean) => void) => void) {
      this.permissionRequestHandler = fn;
    },
    setPermissionCheckHandler(fn: (wc: unknown, permission: string) => boolean) {
      this.permissionCheckHandler = fn;
    },
    setDevicePermissionHandler() {},
  },
};

export const shell = {
  opened: [] as string[],
  async openExternal(url: string) {
    this.opened.push(url);
  },
};

export const net = {
  fetch: (url: string, init?: RequestInit) => fetch(url, init),
};

export const Menu = {
  current: null as unknown,
  buildFromTemplate: (template: unknown) => template,
  setApplicationMenu(menu: unknown) {
    this.current = menu;
  },
};

export const powerMonitor = new EventEmitter();

/* ---------- the renderer side, for preload.ts ---------- */

export const contextBridge = {
  exposed: new Map<string, any>(),
  exposeInMainWorld(key: string, api: unknown) {
    this.exposed.set(key, api);
  },
};

class FakeIpcRenderer extends EventEmitter {
  syncAnswers = new Map<string, unknown>();
  invokeAnswers = new Map<string, (...args: unknown[]) => unknown>();
  invoked: Array<{ channel: string; args: unknown[] }> = [];
  sentMessages: Array<{ channel: string; args: unknown[] }> = [];
  sendSync(channel: string) {
    return this.syncAnswers.get(channel);
  }
  async invoke(channel: string, ...args: unknown[]) {
    this.invoked.push({ channel, args });
    return this.invokeAnswers.get(channel)?.(...args);
  }
  send(channel: string, ...args: unknown[]) {
    this.sentMessages.push({ channel, args });
  }
}

export const ipcRenderer = new FakeIpcRenderer();

export const BrowserWindow = FakeBrowserWindow;
export const Notification = FakeNotification;
export const safeStorage = fakeSafeStorage;

/** The module object vi.mock("electron") returns. */
export const electronFake = {
  app,
  BrowserWindow,
  ipcMain,
  ipcRenderer,
  contextBridge,
  Menu,
  net,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  session,
  shell,
};
