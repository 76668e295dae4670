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
