import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Stored rich text (markdown, which may contain HTML, as @uiw/react-md-editor writes it) to HTML that is
 * safe to insert in any page: no scripts, no event handlers, no javascript: URLs, no styles that escape.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "pre",
    "code",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "span",
    "div",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["align"],
    td: ["align"],
    "*": [],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.href && /^https?:/i.test(attribs.href) ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {}) },
    }),
  },
};

export function renderRichText(source: string | null | undefined): string {
  if (!source) return "";
  const html = marked.parse(source, { async: false, gfm: true, breaks: false }) as string;
  return sanitizeHtml(html, OPTIONS);
}

/** A run of this many characters without a space gets break opportunities in mail (a pasted address, mostly). */
const LONG_RUN = 30;
/** At most this many characters between two break opportunities of a long run. */
const RUN_PIECE = 20;

/**
 * Escaped text with `<wbr>` break opportunities in each long run: after a slash, ?, &, = or . (every few characters)
 * and at least every RUN_PIECE characters, never inside an entity. Mail clients that drop CSS still wrap it.
 */
export function breakLongRuns(escaped: string): string {
  return escaped.replace(new RegExp(`\\S{${LONG_RUN + 1},}`, "g"), (run) => {
    let out = "";
    let since = 0;
    for (const piece of run.match(/&#?\w+;|[\s\S]/gu) ?? []) {
      out += piece;
      since++;
      if (since >= RUN_PIECE || (since >= 8 && /^(?:[/?=.]|&amp;)$/.test(piece))) {
        out += "<wbr>";
        since = 0;
      }
    }
    return out;
  });
}

/** Rich text as renderRichText makes it, for a mail's HTML part: long words and addresses can break. */
export function renderRichTextForMail(source: string | null | undefined): string {
  if (!source) return "";
  const html = marked.parse(source, { async: false, gfm: true, breaks: false }) as string;
  return sanitizeHtml(html, { ...OPTIONS, textFilter: (text) => breakLongRuns(text) });
}
