import { describe, expect, it, vi } from "vitest";
import { EventEmitter } from "node:events";
import {
  contentSecurityPolicy,
  decideNavigation,
  hardenSession,
  hardenWebContents,
  isAllowedNavigation,
  isSafeExternalUrl,
  isTrustedIpcSender,
  secureWebPreferences,
  type HardenableContents,
} from "./security";

const SERVER = "https://chapters.example.org";

describe("isAllowedNavigation", () => {
  it("allows the app and the configured server only", () => {
    expect(isAllowedNavigation("app://chapterhouse/admin", SERVER)).toBe(true);
    expect(isAllowedNavigation("https://chapters.example.org/chapter/ny/nyc", SERVER)).toBe(true);
  });

  it.each([
    "https://evil.example/",
    "https://chapters.example.org.evil.example/",
    "https://chapters.example.org@evil.example/",
    "http://chapters.example.org/",
    "https://chapters.example.org:8443/",
    "app://other/",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "chrome://settings",
    "not a url",
  ])("refuses %s", (url) => {
    expect(isAllowedNavigation(url, SERVER)).toBe(false);
  });

  it("allows no server page before a server is configured", () => {
    expect(isAllowedNavigation("https://chapters.example.org/", null)).toBe(false);
  });
});

describe("decideNavigation", () => {
  it("shows server pages inside the app, sends API downloads and other sites out, refuses the rest", () => {
    expect(decideNavigation("app://chapterhouse/settings", SERVER)).toEqual({ action: "allow" });
    expect(decideNavigation(`${SERVER}/chapter/ny/nyc?x=1#top`, SERVER)).toEqual({ action: "open-in-app", path: "/chapter/ny/nyc?x=1#top" });
    expect(decideNavigation(`${SERVER}/api/chapter_event/ical/nyc.ics`, SERVER)).toEqual({
      action: "external",
      url: `${SERVER}/api/chapter_event/ical/nyc.ics`,
    });
    expect(decideNavigation("https://drinkingliberally.org/", SERVER)).toEqual({ action: "external", url: "https://drinkingliberally.org/" });
    expect(decideNavigation("mailto:host@example.org", SERVER)).toEqual({ action: "external", url: "mailto:host@example.org" });
    expect(decideNavigation("file:///etc/passwd", SERVER)).toEqual({ action: "deny" });
    expect(decideNavigation("smb://share/x", SERVER)).toEqual({ action: "deny" });
  });

  it("sends the app's relative links to server files out to the server", () => {
    expect(decideNavigation("app://chapterhouse/api/chapter_event/ical/nyc.ics", SERVER)).toEqual({
      action: "external",
      url: `${SERVER}/api/chapter_event/ical/nyc.ics`,
    });
    expect(decideNavigation("app://chapterhouse/assets/images/uploads/chapter_header_3.jpg", SERVER)).toEqual({
      action: "external",
      url: `${SERVER}/assets/images/uploads/chapter_header_3.jpg`,
    });
    expect(decideNavigation("app://chapterhouse/api/x", null)).toEqual({ action: "deny" });
    expect(decideNavigation("app://chapterhouse/assets/index-abc.js", SERVER)).toEqual({ action: "allow" });
  });
});

describe("isSafeExternalUrl", () => {
  it("lets only web and mail links leave the app", () => {
    expect(isSafeExternalUrl("https://example.org/")).toBe(true);
    expect(isSafeExternalUrl("mailto:a@example.org")).toBe(true);
    expect(isSafeExternalUrl("file:///C:/Windows/System32/calc.exe")).toBe(false);
    expect(isSafeExternalUrl("ms-msdt:/id PCWDiagnostic")).toBe(false);
    expect(isSafeExternalUrl("https://user:pass@example.org/")).toBe(false);
  });
});

describe("isTrustedIpcSender", () => {
  it("trusts pages of the app only", () => {
    expect(isTrustedIpcSender("app://chapterhouse/signin")).toBe(true);
    expect(isTrustedIpcSender("https://chapters.example.org/")).toBe(false);
    expect(isTrustedIpcSender(null)).toBe(false);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts from the app only and API calls to the server only", () => {
    const csp = contentSecurityPolicy(SERVER);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain(`connect-src 'self' ${SERVER}`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(contentSecurityPolicy(null)).toContain("connect-src 'self';");
  });
});

describe("secureWebPreferences", () => {
  it("isolates and sandboxes the renderer", () => {
    expect(secureWebPreferences("/app/preload.cjs")).toMatchObject({
      preload: "/app/preload.cjs",
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

class FakeContents extends EventEmitter {
  openHandler: ((d: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
    this.openHandler = h;
  }
  navigate(url: string, event = "will-navigate") {
    const details = { url, preventDefault: vi.fn() };
    this.emit(event, details, url);
    return details.preventDefault.mock.calls.length > 0;
  }
}

describe("hardenWebContents", () => {
  const setup = () => {
    const contents = new FakeContents();
    const actions = { serverOrigin: () => SERVER, openExternal: vi.fn(), openInApp: vi.fn() };
    hardenWebContents(contents as unknown as HardenableContents, actions);
    return { contents, actions };
  };

  it("refuses navigation to other origins, also by redirect, and opens them in the system browser", () => {
    const { contents, actions } = setup();
    expect(contents.navigate("https://evil.example/")).toBe(true);
    expect(contents.navigate("https://evil.example/r", "will-redirect")).toBe(true);
    expect(actions.openExternal.mock.calls).toEqual([["https://evil.example/"], ["https://evil.example/r"]]);
    expect(contents.navigate("file:///etc/passwd")).toBe(true);
    expect(actions.openExternal).toHaveBeenCalledTimes(2);
  });

  it("lets the app navigate within itself and brings server pages into the app", () => {
    const { contents, actions } = setup();
    expect(contents.navigate("app://chapterhouse/admin")).toBe(false);
    expect(contents.navigate(`${SERVER}/chapter/ny/nyc`)).toBe(true);
    expect(actions.openInApp).toHaveBeenCalledWith("/chapter/ny/nyc");
  });

  it("never opens a new window", () => {
    const { contents, actions } = setup();
    expect(contents.openHandler!({ url: "https://example.org/" })).toEqual({ action: "deny" });
    expect(contents.openHandler!({ url: "app://chapterhouse/chapter/ny/nyc" })).toEqual({ action: "deny" });
    expect(contents.openHandler!({ url: "javascript:alert(1)" })).toEqual({ action: "deny" });
    expect(actions.openExternal.mock.calls).toEqual([["https://example.org/"]]);
    expect(actions.openInApp.mock.calls).toEqual([["/chapter/ny/nyc"]]);
  });

  it("refuses <webview>", () => {
    const { contents } = setup();
    const event = { preventDefault: vi.fn() };
    contents.emit("will-attach-webview", event, {}, {});
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe("hardenSession", () => {
  it("denies every permission", () => {
    const handlers: Record<string, any> = {};
    hardenSession({
      setPermissionRequestHandler: (h) => (handlers.request = h),
      setPermissionCheckHandler: (h) => (handlers.check = h),
      setDevicePermissionHandler: (h) => (handlers.device = h),
    });
    for (const permission of ["media", "geolocation", "notifications", "openExternal", "clipboard-read"]) {
      const callback = vi.fn();
      handlers.request({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(handlers.check({}, permission)).toBe(false);
    }
    expect(handlers.device()).toBe(false);
  });
});
