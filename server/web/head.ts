/**
 * The head of a public page written into the HTML the server sends: the route's handle makes it
 * (server/contracts/pageHead.ts, ui/screens/public/routes.tsx); this writes it, escaped, into index.html.
 */
import { NETWORK_IMAGE_PATH, SITE_NAME, type PageHead } from "../contracts/pageHead";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** JSON inside a script element: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const absolute = (publicUrl: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`);

/** The head elements of a page, escaped. */
export function headTags(head: PageHead, publicUrl: string): string {
  const url = absolute(publicUrl, head.path);
  // Every page has a preview image: its own (a chapter's), else the network's.
  const image = absolute(publicUrl, head.image ?? NETWORK_IMAGE_PATH);
  const imageAlt = head.image ? head.imageAlt : SITE_NAME;
  const meta = (attr: "name" | "property", key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta("name", "description", head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    head.noindex ? meta("name", "robots", "noindex") : "",
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:type", head.ogType ?? "website"),
    meta("property", "og:title", head.title),
    meta("property", "og:description", head.description),
    meta("property", "og:url", url),
    meta("property", "og:image", image),
    imageAlt ? meta("property", "og:image:alt", imageAlt) : "",
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    meta("name", "twitter:image", image),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join("\n    ");
}

/**
 * `template` with `text` put in place of the first `marker`, by concatenation: never through String.replace,
 * whose replacement string expands `$&`, `$'`, `` $` `` and `$$` (people's text holds them: "Q$&A").
 */
export function insertAt(template: string, marker: string, text: string): string {
  const at = template.indexOf(marker);
  if (at < 0) throw new Error(`The template has no ${marker}`);
  return template.slice(0, at) + text + template.slice(at + marker.length);
}

/** The built index.html with its generic title and description replaced by the page's own head. */
export function withHead(indexHtml: string, tags: string): string {
  const withoutDefaults = indexHtml.replace(/\s*<title>[\s\S]*?<\/title>/, "").replace(/\s*<meta name="description"[^>]*>/, "");
  return insertAt(withoutDefaults, "</head>", `    ${tags}\n  </head>`);
}
