import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticUi } from "./staticUi";

let dir: string;
let server: ReturnType<Koa["listen"]>;
let base: string;
const script = "console.log('hello');\n".repeat(200);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-ui-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), '<!doctype html><html lang="en"><div id=root></div></html>');
  fs.writeFileSync(path.join(dir, "assets", "index-abcdef12.js"), script);
  const app = new Koa();
  app.use(staticUi(dir));
  server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("static UI", () => {
  it("sends text files brotli-compressed when accepted, and cached for a year when hashed", async () => {
    const res = await fetch(`${base}/assets/index-abcdef12.js`, { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Number(res.headers.get("content-length"))).toBeLessThan(script.length / 5);
    expect(await res.text()).toBe(script);
  });

  it("sends gzip or plain to clients that want those", async () => {
    const gz = await fetch(`${base}/assets/index-abcdef12.js`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const plain = await new Promise<{ encoding?: string; body: string }>((resolve) => {
      import("node:http").then((http) =>
        http.get(`${base}/assets/index-abcdef12.js`, { headers: { "accept-encoding": "identity" } }, (r) => {
          let body = "";
          r.on("data", (c) => (body += c));
          r.on("end", () => resolve({ encoding: r.headers["content-encoding"], body }));
        }),
      );
    });
    expect(plain.encoding).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("answers client-side routes with index.html", async () => {
    const res = await fetch(`${base}/chapters/tx`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<div id=root>");
  });

  it("puts the reader's colour mode from the ch_color_mode cookie on <html>, none without one (the device decides)", async () => {
    const dark = await fetch(`${base}/admin`, { headers: { accept: "text/html", cookie: "ch_color_mode=dark" } });
    expect(await dark.text()).toContain('<html lang="en" class="dark">');
    expect(dark.headers.get("vary")).toMatch(/Cookie/);
    const light = await fetch(`${base}/admin`, { headers: { accept: "text/html", cookie: "ch_color_mode=light" } });
    expect(await light.text()).toContain('<html lang="en" class="light">');
    const made = await fetch(`${base}/admin`, { headers: { accept: "text/html", cookie: "ch_color_mode=<script>" } });
    expect(await made.text()).toContain('<html lang="en">');
    const none = await fetch(`${base}/admin`, { headers: { accept: "text/html" } });
    expect(await none.text()).toContain('<html lang="en">');
  });
});
