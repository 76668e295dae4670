import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildChapter, buildUser, TEST_PASSWORD } from "../test/factories";
import { DESKTOP_APP_ORIGIN, OPEN_READ_PATHS } from "./cors";
import { APP_ORIGIN } from "../../electron/constants";

let t: TestApp;
let email: string;
beforeAll(async () => {
  t = await startTestApp();
  email = (await buildUser()).email;
  await buildChapter({ slug: "austin", title: "Austin", city: "Austin", state: "tx", postalCode: "78701", timeZone: "America/Chicago" });
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

describe("CORS for the open reads (the embeddable finder)", () => {
  const elsewhere = { origin: "https://elsewhere.example" };

  it("are the finder's script and the nearest-chapter search, and nothing else", () => {
    expect([...OPEN_READ_PATHS]).toEqual(["/embed/finder.js", "/api/chapters/near"]);
  });

  it("let any origin read the nearest chapters, without credentials, and load the script", async () => {
    const res = await t.request("GET", "/api/chapters/near?place=78704", { headers: elsewhere });
    expect(res.status).toBe(200);
    expect(res.body.chapters.map((c: { slug: string }) => c.slug)).toEqual(["austin"]);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const script = await t.request("GET", "/embed/finder.js", { headers: elsewhere });
    expect(script.headers.get("access-control-allow-origin")).toBe("*");
    expect(script.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const head = await t.request("HEAD", "/api/chapters/near?place=78704", { headers: elsewhere });
    expect(head.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answer the same without an Origin, so kept answers are the same for everyone", async () => {
    const res = await t.request("GET", "/api/chapters/near?place=78704");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("vary") ?? "").not.toMatch(/origin/i);
  });

  it("let another site read the search's refusals, to show them", async () => {
    const res = await t.request("GET", "/api/chapters/near?place=Nowhereville%2C%20ZZ", { headers: elsewhere });
    expect(res.status).toBe(400);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.body.error).toBe('Unknown place: "Nowhereville, ZZ". Try a ZIP code or "City, ST".');
  });

  it("answer a preflight for a read with GET, HEAD and OPTIONS only", async () => {
    const res = await t.request("OPTIONS", "/api/chapters/near?place=78704", { headers: { ...elsewhere, "access-control-request-method": "GET" } });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toBe("GET, HEAD, OPTIONS");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("refuse a preflight for a write to an open path", async () => {
    const res = await t.request("OPTIONS", "/api/chapters/near", { headers: { ...elsewhere, "access-control-request-method": "POST" } });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-methods")).toBeNull();
    const post = await t.request("POST", "/api/chapters/near?place=78704", { headers: elsewhere, body: {} });
    expect(post.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("leave every other read, write and signed-in endpoint same-origin", async () => {
    for (const path of ["/api/chapters/active", "/api/chapter/slug/austin", "/api/site_config", "/api/auth/user"]) {
      const res = await t.request("GET", path, { headers: elsewhere });
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get("access-control-allow-origin"), path).toBeNull();
    }
    const signin = await t.request("POST", "/api/auth/signin", { headers: elsewhere, body: { username: email, password: TEST_PASSWORD } });
    expect(signin.headers.get("access-control-allow-origin")).toBeNull();
    const pre = await t.request("OPTIONS", "/api/chapter_note", { headers: { ...elsewhere, "access-control-request-method": "POST" } });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    const preGet = await t.request("OPTIONS", "/api/auth/user", { headers: { ...elsewhere, "access-control-request-method": "GET" } });
    expect(preGet.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("keep the desktop app's own origin on the open reads", async () => {
    const res = await t.request("GET", "/api/chapters/near?place=78704", { headers: { origin: DESKTOP_APP_ORIGIN } });
    expect(res.headers.get("access-control-allow-origin")).toBe(DESKTOP_APP_ORIGIN);
  });
});
