import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildUser, TEST_PASSWORD } from "../test/factories";
import { DESKTOP_APP_ORIGIN } from "./desktopCors";
import { APP_ORIGIN } from "../../electron/constants";

let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await startTestApp();
  email = (await buildUser()).email;
});
afterAll(async () => t.close());

describe("CORS for the desktop app", () => {
  it("is the origin the desktop app serves its pages from", () => {
    expect(DESKTOP_APP_ORIGIN).toBe(APP_ORIGIN);
  });

  it("answers the preflight of a Bearer sign-in, without allowing credentials", async () => {
    const res = await t.request("OPTIONS", "/api/auth/signin", {
      headers: { origin: DESKTOP_APP_ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type,x-session-transport" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(DESKTOP_APP_ORIGIN);
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, POST, PUT, DELETE");
    expect(res.headers.get("access-control-allow-headers")).toBe("Accept, Authorization, Content-Type, X-Session-Transport");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("signs in with a Bearer token and no cookie, then reads the user with it", async () => {
    const signin = await t.request("POST", "/api/auth/signin", {
      body: { username: email, password: TEST_PASSWORD },
      headers: { origin: DESKTOP_APP_ORIGIN, "x-session-transport": "bearer" },
    });
    expect(signin.status).toBe(200);
    expect(signin.headers.get("access-control-allow-origin")).toBe(DESKTOP_APP_ORIGIN);
    expect(signin.headers.get("set-cookie")).toBeNull();
    expect(typeof signin.body.token).toBe("string");

    const me = await t.request("GET", "/api/auth/user", { headers: { origin: DESKTOP_APP_ORIGIN, authorization: `Bearer ${signin.body.token}` } });
    expect(me.body.user.email).toBe(email);
    expect(me.headers.get("access-control-allow-origin")).toBe(DESKTOP_APP_ORIGIN);
  });

  it("lets the app read a paged list's count and next page", async () => {
    const res = await t.request("GET", "/api/chapters?limit=1", { headers: { origin: DESKTOP_APP_ORIGIN } });
    expect(res.headers.get("access-control-allow-origin")).toBe(DESKTOP_APP_ORIGIN);
    expect(res.headers.get("access-control-expose-headers")).toBe("X-Total-Count, Link");
    expect(res.headers.get("x-total-count")).toMatch(/^\d+$/);
  });

  it("lets the app read error answers too", async () => {
    const res = await t.request("POST", "/api/auth/signin", {
      body: { username: email, password: "wrong" },
      headers: { origin: DESKTOP_APP_ORIGIN, "x-session-transport": "bearer" },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-allow-origin")).toBe(DESKTOP_APP_ORIGIN);
    expect(res.body.errorId).toBe("sign_in_failed");
  });

  it("gives no other origin access", async () => {
    const pre = await t.request("OPTIONS", "/api/auth/signin", { headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    const get = await t.request("GET", "/api/auth/user", { headers: { origin: "https://evil.example" } });
    expect(get.headers.get("access-control-allow-origin")).toBeNull();
  });
});
