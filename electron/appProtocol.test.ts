import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAppProtocolHandler, resolveAppRequest } from "./appProtocol";

let uiDir: string;
beforeAll(() => {
  uiDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-ui-"));
  fs.mkdirSync(path.join(uiDir, "assets"));
  fs.writeFileSync(path.join(uiDir, "index.html"), "<!doctype html><title>app</title>");
  fs.writeFileSync(path.join(uiDir, "assets", "index-Abc123xy.js"), "export {}");
  fs.writeFileSync(path.join(uiDir, "favicon.svg"), "<svg/>");
});
afterAll(() => fs.rmSync(uiDir, { recursive: true, force: true }));

describe("resolveAppRequest", () => {
  it("maps files, client-side routes and uploaded images", () => {
    expect(resolveAppRequest("app://chapterhouse/", uiDir)).toEqual({ kind: "index" });
    expect(resolveAppRequest("app://chapterhouse/admin/chapter_host_applications/a-b", uiDir)).toEqual({ kind: "index" });
    expect(resolveAppRequest("app://chapterhouse/assets/index-Abc123xy.js", uiDir)).toEqual({
      kind: "file",
      file: path.join(uiDir, "assets", "index-Abc123xy.js"),
    });
    expect(resolveAppRequest("app://chapterhouse/assets/images/uploads/chapter_header_3.jpg?v=2", uiDir)).toEqual({
      kind: "server",
      path: "/assets/images/uploads/chapter_header_3.jpg?v=2",
    });
  });

  it("never leaves the UI folder and answers only its own host", () => {
    // The URL parser already folds dot segments back under the root...
    expect(resolveAppRequest("app://chapterhouse/%2e%2e/%2e%2e/etc/passwd.txt", uiDir)).toEqual({ kind: "file", file: path.join(uiDir, "etc", "passwd.txt") });
    // ...and encoded slashes that would climb out are refused.
    expect(resolveAppRequest("app://chapterhouse/..%2f..%2fsecret.txt", uiDir)).toEqual({ kind: "not-found" });
    expect(resolveAppRequest("app://other/index.html", uiDir)).toEqual({ kind: "not-found" });
    expect(resolveAppRequest("file:///etc/passwd", uiDir)).toEqual({ kind: "not-found" });
  });
});

describe("app protocol handler", () => {
  const fetchFn = vi.fn(async () => new Response(new Uint8Array([1, 2, 3]), { headers: { "content-type": "image/jpeg" } }));
  const handler = (request: Request) => createAppProtocolHandler({ uiDir, serverOrigin: () => "https://chapters.example.org", fetch: fetchFn })(request);

  it("serves index.html for routes with the strict CSP", async () => {
    const res = await handler(new Request("app://chapterhouse/my_chapters"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toContain("<title>app</title>");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' https://chapters.example.org");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves built files with their type and long caching for hashed assets; 404 for missing files", async () => {
    const js = await handler(new Request("app://chapterhouse/assets/index-Abc123xy.js"));
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("cache-control")).toContain("immutable");
    expect((await handler(new Request("app://chapterhouse/nope.png"))).status).toBe(404);
    expect((await handler(new Request("app://chapterhouse/x", { method: "POST", body: "a" }))).status).toBe(405);
  });

  it("fetches uploaded images from the configured server", async () => {
    const res = await handler(new Request("app://chapterhouse/assets/images/uploads/chapter_header_3.jpg"));
    expect(fetchFn).toHaveBeenCalledWith("https://chapters.example.org/assets/images/uploads/chapter_header_3.jpg", { method: "GET" });
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("never lets a server page run as the app", async () => {
    fetchFn.mockResolvedValueOnce(new Response("<script>x</script>", { headers: { "content-type": "text/html" } }));
    const res = await handler(new Request("app://chapterhouse/assets/images/uploads/evil.jpg"));
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
  });
});
