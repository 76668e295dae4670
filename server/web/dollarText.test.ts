import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { TEST_INDEX_HTML } from "../test/indexHtml";
import { buildChapter, buildEvent, buildHost, buildUser } from "../test/factories";
import { BlogPost, ChapterBlogPost, ChapterLink, Page, User, WikiPage } from "../models";
import { SSR_STATE_ID } from "../contracts/ssr";
import { insertAt, withHead } from "./head";

const INDEX = TEST_INDEX_HTML;

/** What String.replace expands in a replacement string, in text people type ("Q$&A", "$' off"). */
const PATTERNS = ["$'", "$`", "$&", "$$", "$1"];
const tricky = (label: string) => `${label} Q$&A, happy hour $' off, $\` and $$ and $1 end`;

let t: TestApp;

/** Markup entities back to text, for comparing what a reader sees with what was typed. */
const unescape = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x60;|&#96;/g, "`")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

async function page(pathname: string) {
  const res = await t.request("GET", pathname, { headers: { accept: "text/html", "accept-encoding": "identity" } });
  const body = res.text;
  const root = body.slice(body.indexOf('<div id="root">'), body.indexOf(`<script id="${SSR_STATE_ID}"`));
  const visible = unescape(root.replace(/<style[\s\S]*?<\/style>/g, "").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
  const head = body.slice(0, body.indexOf("</head>"));
  return { res, body, root, visible, head };
}

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: "https://example.org" }, { uiIndex: INDEX });
  const chapter = await buildChapter({
    slug: "austin",
    title: tricky("Title"),
    city: "Austin",
    state: "tx",
    timeZone: "America/Chicago",
    about: tricky("About"),
  });
  await buildEvent(chapter, { name: tricky("Venue"), address1: tricky("Street"), description: tricky("Event") });
  await ChapterLink.query().insert({ chapterId: chapter.id, title: tricky("Link"), url: "https://example.com/a$'b", position: 0 });
  const host = await buildHost(chapter);
  await User.query()
    .patch({ name: tricky("Host") })
    .findById(host.id);
  await ChapterBlogPost.query().insert({ chapterId: chapter.id, userId: host.id, title: tricky("Email"), slug: "email-1", body: tricky("Email body") });
  const admin = await buildUser({ name: "Ada Admin" });
  await BlogPost.query().insert({ userId: admin.id, title: tricky("Blog"), slug: "dollars", body: tricky("Blog body"), isPublic: true });
  await Page.query().insert({ title: tricky("Page"), slug: "dollars", body: tricky("Page body"), isPublic: true });
  await WikiPage.query().insert({ title: tricky("Wiki"), slug: "dollars", body: tricky("Wiki body"), isPublic: true, isEditable: false });
  // A press mention posted by a host through the API, as the audit did.
  const posted = await t.request("POST", "/api/press_mention", {
    as: host,
    body: { chapterId: chapter.id, title: tricky("Press"), url: "https://news.example/story", notes: "", isVisible: true },
  });
  expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300);
}, 120_000);
afterAll(async () => t.close());

describe("text with $ patterns on every public page", () => {
  const pages: [string, string[]][] = [
    ["/", ["Press"]],
    ["/chapters/tx", ["Title"]],
    ["/chapter/tx/austin", ["Title", "About", "Venue", "Street", "Link", "Host", "Press", "Email"]],
    ["/press_mentions", ["Press"]],
    ["/blog/dollars", ["Blog", "Blog body"]],
    ["/page/dollars", ["Page", "Page body"]],
    ["/wiki/dollars", ["Wiki", "Wiki body"]],
  ];

  it.each(pages)(
    "%s shows the text as typed, once, in a page whose data parses",
    async (pathname, labels) => {
      const { res, body, visible, head } = await page(pathname);
      expect(res.status).toBe(200);
      // One page, of an ordinary size: nothing was inserted twice or expanded into copies of the page.
      expect(body.length).toBeLessThan(400_000);
      expect(body.split('<div id="root">').length).toBe(2);
      expect(body.split("</head>").length).toBe(2);
      for (const label of labels) expect(visible, `${pathname}: ${label}`).toContain(tricky(label));
      // The data the browser hydrates with, and every JSON-LD block, still parse and hold the same text.
      const state = new RegExp(`<script id="${SSR_STATE_ID}" type="application/json"[^>]*>([\\s\\S]*?)</script>`).exec(body)?.[1];
      expect(state).toBeTruthy();
      const json = JSON.stringify(JSON.parse(state!));
      for (const label of labels.filter((l) => !l.endsWith("body"))) expect(json).toContain(JSON.stringify(tricky(label)).slice(1, -1));
      for (const [, ld] of head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) expect(() => JSON.parse(ld)).not.toThrow();
    },
    60_000,
  );

  it("the chapter page's head names the chapter as typed", async () => {
    const { head } = await page("/chapter/tx/austin");
    const title = /<title>([\s\S]*?)<\/title>/.exec(head)?.[1];
    expect(unescape(title!)).toContain(tricky("Title"));
    for (const p of PATTERNS) expect(unescape(head)).toContain(p);
  }, 60_000);
});

describe("insertAt and withHead", () => {
  it("put text in place literally, whatever $ patterns it holds", () => {
    for (const p of PATTERNS) {
      expect(insertAt("<a></a>", "</a>", `x${p}y`)).toBe(`<a>x${p}y`);
      expect(withHead(INDEX, `<title>${p}</title>`)).toContain(`<title>${p}</title>\n  </head>`);
    }
    expect(() => insertAt("<a>", "</b>", "x")).toThrow(/<\/b>/);
  });
});
