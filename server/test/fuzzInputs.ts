import { BOUNDARY, MULTIPART_TYPE, complete, part, truncated } from "./multipart";

/**
 * Hostile inputs for the API fuzz test (server/routes/fuzz.test.ts): path values, query strings, JSON bodies
 * and multipart bodies that once gave 500s or could break a structure (NUL bytes, control characters,
 * integers beyond the database's, wrong types, malformed and truncated bodies).
 */

/** Path segments, already URL-encoded as a client would send them. */
export const NASTY_PATH_VALUES = [
  "a%00b",
  "2147483648",
  "99999999999999999999",
  "-1",
  "1.5",
  "x".repeat(2000),
  "%C3%A9t%C3%A9%F0%9F%98%80",
  "..%2F..%2Fetc%2Fpasswd",
  "%E0%A4%A",
  "%ED%A0%80",
  "a%0D%0ABcc:%20x",
  "%01%02%7F",
];

/** Query strings sent to every GET route. */
export const NASTY_QUERIES = [
  "q=a%00b&search=a%00b&listId=a%00b&lastEventId=a%00b&activeOnly=%00&download=%00",
  "q=2147483648&listId=2147483648&lastEventId=99999999999&search=99999999999999999999",
  "q=a&q=b&listId=1&listId=2&search[x]=y&activeOnly=true&activeOnly=false",
  "q=%0D%0ABEGIN:VEVENT&search=%E0%A4%A&listId=%ff",
];

/** Values put into every field of a JSON body at once (type confusion and hostile text). */
export const NASTY_VALUES: unknown[] = ["a\u0000b", "Hi\r\nBcc: injected@evil.example\u0001\u007f\u2028", 2147483648, 1.5, "1", [], {}, null, true, "\ud800"];

/**
 * One field at a time of an otherwise plausible body gets the value that reached the database: a NUL byte in
 * text fields, an integer beyond 32 bits in number and id fields.
 */
export function nastyFieldValue(key: string, plausible: unknown): unknown {
  if (typeof plausible === "number" || /id$/i.test(key)) return 2147483648;
  if (typeof plausible === "string") return `${plausible}\u0000`;
  return undefined;
}

/** A body that passes most routes' validation, so one nasty field at a time reaches the code behind it. */
export function plausibleBody(ids: { chapterId: number; userId: number; listId: string; domain: string }): Record<string, unknown> {
  return {
    id: ids.chapterId,
    chapterId: ids.chapterId,
    userId: ids.userId,
    aboutUserId: ids.userId,
    roleId: 2,
    listId: ids.listId,
    title: "Fuzz title",
    name: "Fuzz",
    city: "Springfield",
    state: "il",
    postalCode: "62701",
    country: "USA",
    about: "About",
    body: "Body",
    note: "Note",
    notes: "Notes",
    reason: "Reason",
    type: "drinking",
    status: "open",
    slug: "fuzz_slug",
    url: "https://example.org/",
    imageLinkURL: "https://example.org/",
    email: "fuzz@example.org",
    emails: "a@example.org",
    password: "secret123",
    confirmPassword: "secret123",
    username: "fuzz@example.org",
    token: "x".repeat(30),
    search: "fu",
    q: "fu",
    localPart: "fuzz",
    domain: ids.domain,
    recipients: ["a@example.org"],
    serviceName: "sendInBlue",
    isPublic: true,
    isEditable: true,
    isVisible: true,
    adminOnly: false,
    isArchived: false,
    address1: "1 Main St",
    address2: "",
    description: "Description",
    startTime: "19:00",
    endTime: "21:00",
    isSingleDate: false,
    singleDate: null,
    dayOfWeekIndex: 2,
    weeksOfMonthIndexesArray: [1],
    emailAlias: "fuzzalias",
    brontoListName: "List",
    brontoListId: "b1",
    timeZone: "America/Chicago",
    chapterTypeId: 1,
    links: [{ title: "Link", url: "https://example.org/" }],
  };
}

/** Raw bodies with their content type. */
export interface RawBody {
  label: string;
  contentType: string;
  body: string | Buffer;
}

const multipart = (label: string, body: Buffer | string, contentType = MULTIPART_TYPE): RawBody => ({ label, contentType, body });

export const RAW_BODIES: RawBody[] = [
  { label: "malformed JSON", contentType: "application/json", body: "{not json" },
  { label: "truncated JSON", contentType: "application/json", body: '{"title": "a' },
  { label: "JSON with a NUL escape", contentType: "application/json", body: '{"title":"a\\u0000b","listId":"1\\u0000","email":"a@b.org\\u0000"}' },
  { label: "JSON with a NUL key", contentType: "application/json", body: '{"a\\u0000b":1}' },
  { label: "JSON null", contentType: "application/json", body: "null" },
  { label: "JSON array", contentType: "application/json", body: "[1,2,3]" },
  { label: "JSON string", contentType: "application/json", body: '"text"' },
  { label: "JSON number", contentType: "application/json", body: "2147483648" },
  { label: "JSON nested 5000 deep", contentType: "application/json", body: '{"a":'.repeat(5000) + "1" + "}".repeat(5000) },
  { label: "form with NUL", contentType: "application/x-www-form-urlencoded", body: "title=a%00b&listId=1%00&email=a%40b.org" },
  { label: "text with NUL", contentType: "text/plain", body: "a\u0000b" },
  { label: "XML", contentType: "text/xml", body: "<a>\u0000</a>" },
  multipart("multipart: empty file part", complete(part("file", "", "x.png"))),
  multipart("multipart: truncated body", truncated(part("chapter", "1"))),
  multipart("multipart: two files", complete(part("file", "abc", "a.png"), part("image", "def", "b.png"))),
  multipart("multipart: 25 fields", complete(...Array.from({ length: 25 }, (_, i) => part(`f${i}`, "v")))),
  multipart("multipart: no boundary", "garbage", "multipart/form-data"),
  multipart("multipart: garbage", "garbage"),
  multipart(
    "multipart: unknown transfer encoding",
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Transfer-Encoding: x-weird\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
  ),
];

/** Text that must never reach a client: stack frames, source paths, exception names. */
export const STACK_TEXT = /\n\s+at\s|\b[\w/.-]+\.(?:ts|js|mjs|cjs):\d+|node_modules|\b[A-Z]\w*Error:|\bat (?:async )?\w+ \(/;
