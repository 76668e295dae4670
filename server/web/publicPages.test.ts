import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { seedDemoIfEmpty } from "../seed/demo";
import * as ssr from "./ssr";

/**
 * The public pages of the demo network as the server renders them into the UI's own index.html: each rendered once,
 * after its route's loader read what it shows, and valid HTML (the W3C Nu validator finds no error), with its
 * styles in the head, never inside the page's elements.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const PAGES = [
  "/",
  "/chapters/ny",
  "/chapter/ny/nyc",
  "/chapters/tx",
  "/about",
  "/chapter_types",
  "/signin",
  "/register_for_account",
  "/password_reset",
  "/password_verify/not-a-real-token-at-all-000000",
  "/intro_start_chapter",
  "/start_chapter",
  "/page/chapter_resources",
  "/wiki/host_handbook",
  "/blog/twenty_years_of_drinking_liberally",
  "/press_mentions",
];

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://example.org" }, { uiIndex: fs.readFileSync(path.join(ROOT, "ui/index.html"), "utf8") });
  expect(await seedDemoIfEmpty(t.services)).toBe(true);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("public pages rendered on the server", () => {
  it("are each rendered once: their route's loader read everything the page shows", async () => {
    const renders = vi.spyOn(ssr, "renderPublicPage");
    const warned = vi.spyOn(console, "warn");
    // Beyond the list: a nearest-chapters search, a second page of posts, a chapter that left the map, a missing page.
    const more = ["/?place=Austin%2C%20TX", "/?page=2", "/chapter/pa/pittsburgh", "/page/no_such_page"];
    try {
      for (const page of [...PAGES, ...more]) {
        const res = await t.request("GET", page, { headers: { accept: "text/html" } });
        expect(res.status, page).toBe(page === "/page/no_such_page" ? 404 : 200);
      }
      const rendered = await Promise.all(renders.mock.results.map((r) => r.value as ReturnType<typeof ssr.renderPublicPage>));
      expect(renders.mock.calls.map((c) => c[0])).toEqual([...PAGES, "/?place=austin%2C+tx", "/?page=2", "/chapter/pa/pittsburgh", "/page/no_such_page"]);
      expect(rendered.map((p, i) => `${renders.mock.calls[i][0]}: ${p.passes}`)).toEqual(renders.mock.calls.map((c) => `${c[0]}: 1`));
      // The page has what was read: the nearest chapters, the posts of both pages.
      const near = await t.request("GET", "/?place=Austin%2C%20TX", { headers: { accept: "text/html" } });
      expect(near.text).toContain("Austin");
      // A loader that misses a query is said in the log (and the page rendered again): none did.
      expect(warned.mock.calls.map((c) => String(c[0])).filter((m) => m.includes("loader missed"))).toEqual([]);
    } finally {
      renders.mockRestore();
      warned.mockRestore();
    }
  }, 120_000);

  it("each have a preview image (og:image and twitter:image), an absolute URL that answers a PNG", async () => {
    const images = new Map<string, string>();
    for (const page of [...PAGES, "/?place=78704", "/chapter/pa/pittsburgh"]) {
      const res = await t.request("GET", page, { headers: { accept: "text/html" } });
      const headHtml = res.text.slice(0, res.text.indexOf("</head>"));
      const og = /<meta property="og:image" content="([^"]*)"/.exec(headHtml)?.[1];
      const twitter = /<meta name="twitter:image" content="([^"]*)"/.exec(headHtml)?.[1];
      expect({ page, og, same: twitter === og }).toEqual({ page, og: expect.stringMatching(/^https:\/\/example\.org\/\S+\.(png|jpg)/), same: true });
      images.set(page, og!);
    }
    // Pages without an image of their own (all but the chapter pages) show the network's.
    expect(images.get("/")).toBe("https://example.org/og/network.png");
    expect(images.get("/signin")).toBe("https://example.org/og/network.png");
    for (const url of new Set(images.values())) {
      const res = await t.request("GET", url.slice("https://example.org".length));
      expect({ url, status: res.status, type: res.headers.get("content-type") }).toEqual({ url, status: 200, type: "image/png" });
    }
  }, 120_000);

  it("are valid HTML, with every style in the head", async () => {
    const files: string[] = [];
    const stylesInBody: string[] = [];
    // Also a place's page (of every type, and of one type, with none near), the page of a place not found with
    // what was typed in its search box, and a hidden chapter's page with its revive form.
    for (const page of [
      ...PAGES,
      "/?place=78704",
      "/?place=78704&type=drinking",
      "/?place=78704&type=laughing",
      "/?place=%22Nowhere%22%20%3C%26%3E&type=reading",
      "/chapter/pa/pittsburgh",
    ]) {
      const res = await t.request("GET", page, { headers: { accept: "text/html" } });
      expect(res.status, page).toBe(200);
      // Rendered on the server, not the empty shell the browser would fill.
      expect(res.text, page).toMatch(/<div id="root"><[a-z]/);
      const inBody = res.text.slice(res.text.indexOf("<body")).match(/<style[\s>]/g)?.length ?? 0;
      if (inBody) stylesInBody.push(`${page}: ${inBody}`);
      const file = path.join(dir, `${page.replace(/\W+/g, "_") || "home"}.html`);
      fs.writeFileSync(file, res.text);
      files.push(file);
    }
    // vnu exits non-zero when it reports errors; the report (JSON on stderr) is what is checked.
    const run = await promisify(execFile)("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", ...files], { maxBuffer: 64 << 20 }).catch(
      (err: { stdout: string; stderr: string }) => err,
    );
    const messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
    const errors = messages.map((m) => `${path.basename(m.url)}:${m.lastLine ?? "?"} ${m.type}: ${m.message} ${m.extract ?? ""}`.trim());
    expect({ stylesInBody, errors }).toEqual({ stylesInBody: [], errors: [] });
  }, 180_000);
});
