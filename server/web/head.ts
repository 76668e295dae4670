/**
 * What a public page says about itself before any script runs: its title, description, canonical URL, Open
 * Graph and Twitter card tags and schema.org JSON-LD, written into the HTML the server sends (see pageHeads.ts).
 */

export const SITE_NAME = "Living Liberally";

export interface PageHead {
  /** The document title, as the page itself sets it once it runs. */
  title: string;
  description: string;
  /** Path of the canonical URL, joined to PUBLIC_URL. */
  path: string;
  /** Path or absolute URL of the preview image. */
  image?: string;
  imageAlt?: string;
  ogType?: "website" | "article";
  jsonLd?: object[];
  /** Keeps search engines from listing the page (hidden chapters, non-public content, pages that do not exist). */
  noindex?: boolean;
  /** The HTTP status of the page: 404 when what the path names does not exist. */
  status?: number;
}

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

/** Descriptions as search engines and previews show them: one line, at most about 200 characters. */
export function summarize(text: string, max = 200): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

const absolute = (publicUrl: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl}`);

/** The head elements of a page, escaped. */
export function headTags(head: PageHead, publicUrl: string): string {
  const url = absolute(publicUrl, head.path);
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
    head.image ? meta("property", "og:image", absolute(publicUrl, head.image)) : "",
    head.image && head.imageAlt ? meta("property", "og:image:alt", head.imageAlt) : "",
    meta("name", "twitter:card", head.image ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", head.title),
    meta("name", "twitter:description", head.description),
    head.image ? meta("name", "twitter:image", absolute(publicUrl, head.image)) : "",
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
