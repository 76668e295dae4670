/**
 * Every hardening rule of the desktop shell lives in this file: the renderer's web preferences, the app
 * scheme's privileges and Content-Security-Policy, which navigations and windows are allowed, which links
 * go to the system browser, which IPC senders are trusted, and the permission handlers (deny everything).
 *
 * The rules are pure functions; the `harden*` functions apply them to Electron objects passed in, so tests
 * drive them with fakes. Nothing here imports Electron at run time.
 */
import type { WebPreferences } from "electron";
import { APP_ORIGIN, APP_SCHEME, SERVER_FILE_PREFIXES } from "./constants";

/** The renderer runs the web UI and nothing else: no Node, isolated from the preload, sandboxed. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    sandbox: true,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    disableDialogs: false,
  };
}

/** app:// is a standard, secure origin (so the UI gets localStorage, fetch and ES modules), never file://. */
export const APP_SCHEME_PRIVILEGES = [{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } }];

/** The origin of an http(s) URL, or null. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol === "http:" || u.protocol === "https:" || u.protocol === `${APP_SCHEME}:`)
      return u.origin === "null" ? `${u.protocol}//${u.host}` : u.origin;
  } catch {
    /* not a URL */
  }
  return null;
}

/**
 * CSP of everything the app scheme serves: scripts only from the app itself, API calls only to the app
 * and the configured server, no plugins, frames, forms or base changes. Chakra's styles are inline.
 */
export function contentSecurityPolicy(serverOrigin: string | null): string {
  const server = originOf(serverOrigin);
  const connect = ["'self'", ...(server ? [server] : [])].join(" ");
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${server && server.startsWith("http:") ? ` ${server}` : ""}`,
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "manifest-src 'self'",
    "media-src 'none'",
    "worker-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "child-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** Headers on every response of the app scheme. */
export function appResponseHeaders(serverOrigin: string | null): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(serverOrigin),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/** True only for the app itself and the configured server; any other origin, and file:, data:, javascript: are refused. */
export function isAllowedNavigation(url: string, serverOrigin: string | null): boolean {
  const origin = originOf(url);
  if (!origin) return false;
  return origin === APP_ORIGIN || (serverOrigin != null && origin === originOf(serverOrigin));
}

/** Links that may leave the app for the system browser or mail program. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === "https:" || u.protocol === "http:" || u.protocol === "mailto:") && !u.username && !u.password;
  } catch {
    return false;
  }
}

export type NavigationDecision = { action: "allow" } | { action: "open-in-app"; path: string } | { action: "external"; url: string } | { action: "deny" };

/**
 * What to do when the window would go to `url`:
 * - the app itself: allow;
 * - a page of the configured server: show the same route inside the app (the app is that server's UI),
 *   except the server's API and files (calendar downloads, images), which open in the system browser;
 * - another http(s) or mailto link: the system browser;
 * - anything else: refuse.
 */
export function decideNavigation(url: string, serverOrigin: string | null): NavigationDecision {
  if (!isAllowedNavigation(url, serverOrigin)) return isSafeExternalUrl(url) ? { action: "external", url } : { action: "deny" };
  const u = new URL(url);
  const route = `${u.pathname}${u.search}${u.hash}`;
  const isServerFile = u.pathname.startsWith("/api/") || SERVER_FILE_PREFIXES.some((p) => u.pathname.startsWith(p));
  if (originOf(url) === APP_ORIGIN) {
    if (!isServerFile) return { action: "allow" };
    // A relative link to a server file (a calendar download, an image): the server has it, the browser opens it.
    const server = originOf(serverOrigin);
    return server ? { action: "external", url: server + route } : { action: "deny" };
  }
  if (isServerFile) return { action: "external", url };
  return { action: "open-in-app", path: route };
}

/** IPC is answered only for pages of the app itself (never a remote page that got into a frame). */
export function isTrustedIpcSender(frameUrl: string | null | undefined): boolean {
  return originOf(frameUrl ?? null) === APP_ORIGIN;
}

/* ---------- applying the rules to Electron objects ---------- */

interface PreventableEvent {
  preventDefault(): void;
}
interface NavigationEvent extends PreventableEvent {
  url: string;
}

/** The parts of Electron's WebContents the rules need. */
export interface HardenableContents {
  on(event: "will-navigate", listener: (details: NavigationEvent) => void): unknown;
  on(event: "will-redirect", listener: (details: NavigationEvent) => void): unknown;
  on(event: "will-attach-webview", listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" } | { action: "allow" }): void;
}

export interface NavigationActions {
  serverOrigin(): string | null;
  /** Opens a link in the system browser (shell.openExternal). */
  openExternal(url: string): void;
  /** Shows a route inside the app window. */
  openInApp(path: string): void;
}

function route(decision: NavigationDecision, actions: NavigationActions) {
  if (decision.action === "external") actions.openExternal(decision.url);
  else if (decision.action === "open-in-app") actions.openInApp(decision.path);
}

/** Blocks navigation and new windows except to the app, sends links out, refuses <webview>. */
export function hardenWebContents(contents: HardenableContents, actions: NavigationActions): void {
  const guard = (event: NavigationEvent) => {
    const decision = decideNavigation(event.url, actions.serverOrigin());
    if (decision.action === "allow") return;
    event.preventDefault();
    route(decision, actions);
  };
  contents.on("will-navigate", guard);
  contents.on("will-redirect", guard);
  contents.on("will-attach-webview", (event) => event.preventDefault());
  // No page ever gets a second window: links to elsewhere go to the system browser.
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideNavigation(url, actions.serverOrigin());
    // A link of the app itself meant for a new tab opens in the one window.
    if (decision.action === "allow") actions.openInApp(new URL(url).pathname + new URL(url).search + new URL(url).hash);
    else route(decision, actions);
    return { action: "deny" };
  });
}

/** The parts of Electron's Session the permission rules need. */
export interface HardenableSession {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
  setDevicePermissionHandler?(handler: () => boolean): void;
}

/** The UI needs no camera, microphone, location, notifications, USB, ...: every request is denied. */
export function hardenSession(session: HardenableSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler?.(() => false);
}
