import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildAdmin, buildChapter, buildUser } from "../test/factories";
import type { Chapter, User } from "../models";
import { multiLineMessage, singleLineMessage } from "../contracts/text";

let t: TestApp;
let chapter: Chapter;
let admin: User;
let user: User;
beforeAll(async () => {
  t = await startTestApp();
  chapter = await buildChapter();
  admin = await buildAdmin();
  user = await buildUser();
});
afterAll(() => t.close());

const event = (fields: Record<string, unknown>) => ({
  chapterId: chapter.id,
  name: "Tavern",
  address1: "1 Main St",
  city: "Springfield",
  startTime: "19:00",
  endTime: "21:00",
  dayOfWeekIndex: 2,
  weeksOfMonthIndexesArray: [0],
  ...fields,
});
const newChapter = (fields: Record<string, unknown>) => ({
  title: "Shelbyville",
  city: "Shelbyville",
  state: "il",
  postalCode: "62565",
  country: "USA",
  ...fields,
});

interface Case {
  what: string;
  path: string | (() => string);
  body: () => unknown;
  as?: () => User;
  field: string;
  error: string;
}

const cases: Case[] = [
  {
    what: "a user's name",
    path: "/api/auth/signup",
    as: undefined,
    body: () => ({ name: "Ann\r\nBcc: x@evil.example", email: "ann@example.org", password: "secret123" }),
    field: "name",
    error: singleLineMessage("Name"),
  },
  {
    what: "a new chapter's title",
    path: "/api/chapter/new",
    body: () => newChapter({ title: "T\r\nBEGIN:VEVENT" }),
    field: "title",
    error: singleLineMessage("Title"),
  },
  {
    what: "a new chapter's city (a tab)",
    path: "/api/chapter/new",
    body: () => newChapter({ city: "Shelby\tville" }),
    field: "city",
    error: singleLineMessage("City"),
  },
  {
    what: "a new chapter's about (a bell)",
    path: "/api/chapter/new",
    body: () => newChapter({ about: "Hi\u0007" }),
    field: "about",
    error: multiLineMessage("About"),
  },
  {
    what: "a chapter's title (U+2028)",
    path: "/api/chapter",
    body: () => ({ id: chapter.id, title: "A\u2028B" }),
    field: "title",
    error: singleLineMessage("Title"),
  },
  {
    what: "a chapter's list name (C1 NEL)",
    path: "/api/chapter",
    body: () => ({ id: chapter.id, brontoListName: "A\u0085B" }),
    field: "brontoListName",
    error: singleLineMessage("List Name"),
  },
  {
    what: "a chapter's list id",
    path: "/api/chapter",
    body: () => ({ id: chapter.id, sendInBlueListId: "1\n2" }),
    field: "sendInBlueListId",
    error: singleLineMessage("SendInBlue Id"),
  },
  {
    what: "a chapter's about (DEL)",
    path: "/api/chapter",
    body: () => ({ id: chapter.id, about: "x\u007f" }),
    field: "about",
    error: multiLineMessage("About this Chapter"),
  },
  { what: "an event's name", path: "/api/chapter_event", body: () => event({ name: "Tavern\nBEGIN:VEVENT" }), field: "name", error: singleLineMessage("Name") },
  {
    what: "an event's second address line",
    path: "/api/chapter_event",
    body: () => event({ address2: "Suite 1\r\nX" }),
    field: "address2",
    error: singleLineMessage("Address 2"),
  },
  {
    what: "an event's description (a form feed)",
    path: "/api/chapter_event",
    body: () => event({ description: "a\fb" }),
    field: "description",
    error: multiLineMessage("Description"),
  },
  {
    what: "a link's title",
    path: () => `/api/chapter_link/chapter/${chapter.id}`,
    body: () => ({ links: [{ title: "a\nb", url: "https://example.org" }] }),
    field: "links.0.title",
    error: `Link 1: ${singleLineMessage("Title")}`,
  },
  {
    what: "a link's URL",
    path: () => `/api/chapter_link/chapter/${chapter.id}`,
    body: () => ({ links: [{ title: "a", url: "https://example.org/\r\nBEGIN:VEVENT" }] }),
    field: "links.0.url",
    error: "Link 1: URL must start with http:// or https://",
  },
  {
    what: "a host application's city",
    path: "/api/chapter_host_application",
    as: () => user,
    body: () => ({ city: "X\nY", state: "il", type: "drinking", reason: "Because" }),
    field: "city",
    error: singleLineMessage("City"),
  },
  {
    what: "a blog post's title",
    path: "/api/blog_post",
    body: () => ({ title: "News\r\nX", slug: "news", body: "" }),
    field: "title",
    error: singleLineMessage("Title"),
  },
  {
    what: "a press mention's URL",
    path: "/api/press_mention",
    body: () => ({ title: "Press", url: "https://example.org/a\nBEGIN:VEVENT" }),
    field: "url",
    error: singleLineMessage("URL"),
  },
  {
    what: "a press mention's notes (NUL is refused earlier; ESC here)",
    path: "/api/press_mention",
    body: () => ({ title: "Press", url: "https://example.org/", notes: "\u001b[31m" }),
    field: "notes",
    error: multiLineMessage("Notes"),
  },
  {
    what: "the front page link",
    path: "/api/front_page",
    body: () => ({ imageLinkURL: "https://example.org/a\r\nb" }),
    field: "imageLinkURL",
    error: singleLineMessage("URL"),
  },
  {
    what: "a chapter note (a bell)",
    path: "/api/chapter_note",
    body: () => ({ chapterId: chapter.id, note: "ding\u0007" }),
    field: "note",
    error: multiLineMessage("Note"),
  },
];

describe("single-line fields refuse line breaks and control characters; multi-line ones refuse control characters", () => {
  it.each(cases)("$what: 400 naming the field", async (c) => {
    const path = typeof c.path === "function" ? c.path() : c.path;
    const res = await t.request("POST", path, { as: c.as ? c.as() : admin, body: c.body() });
    expect({ status: res.status, field: res.body.field, error: res.body.error }).toEqual({ status: 400, field: c.field, error: c.error });
  });

  it("keeps line breaks and tabs in multi-line fields, and trims them around single-line ones", async () => {
    const created = await t.request("POST", "/api/chapter_event", {
      as: admin,
      body: event({ name: "  Tavern\r\n", description: "Upstairs,\r\n\tby the bar\nAsk for Sam" }),
    });
    expect(created.status).toBe(201);
    expect([created.body.name, created.body.description]).toEqual(["Tavern", "Upstairs,\r\n\tby the bar\nAsk for Sam"]);
    const note = await t.request("POST", "/api/chapter_note", { as: admin, body: { chapterId: chapter.id, note: "one\ntwo\tthree" } });
    expect(note.status).toBe(201);
  });
});
