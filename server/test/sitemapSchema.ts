import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * What the sitemaps.org schema (http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd) requires of a sitemap,
 * checked without a schema processor: a well-formed `urlset` in the sitemap namespace holding 1 to 50,000 `url`
 * elements, each with `loc` (an absolute URL of 12 to 2,048 characters) and then, each optional and in this
 * order, `lastmod` (a W3C date or date-time), `changefreq` (one of the schema's words) and `priority` (0.0 to 1.0);
 * at most 50 MB. Answers the list of violations (empty when valid).
 */
export function sitemapSchemaErrors(xml: string): string[] {
  const errors: string[] = [];
  if (Buffer.byteLength(xml) > 50 * 1024 * 1024) errors.push("larger than 50 MB");
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) return [`not well-formed: ${wellFormed.err.msg}`];
  type Node = Record<string, unknown> & { ":@"?: Record<string, string> };
  const doc = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "", parseTagValue: false }).parse(xml) as Node[];
  const roots = doc.filter((n) => !("?xml" in n));
  if (roots.length !== 1 || !("urlset" in roots[0])) return ["the root element is not urlset"];
  if (roots[0][":@"]?.xmlns !== "http://www.sitemaps.org/schemas/sitemap/0.9") errors.push("urlset is not in the sitemap namespace");
  const urls = roots[0].urlset as Node[];
  const nameOf = (n: Node) => Object.keys(n).find((k) => k !== ":@" && k !== "#text");
  const textOf = (n: Node, name: string) => ((n[name] as Node[]).find((c) => "#text" in c)?.["#text"] as string | undefined) ?? "";
  if (urls.length < 1 || urls.length > 50_000) errors.push(`${urls.length} url elements (1 to 50,000 allowed)`);
  const ORDER = ["loc", "lastmod", "changefreq", "priority"];
  const W3C_DATE = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
  urls.forEach((url, i) => {
    if (nameOf(url) !== "url") return errors.push(`child ${i + 1} of urlset is ${nameOf(url)}, not url`);
    const children = (url.url as Node[]).filter((c) => nameOf(c));
    const names = children.map((c) => nameOf(c)!);
    const positions = names.map((n) => ORDER.indexOf(n));
    if (names[0] !== "loc") errors.push(`url ${i + 1} does not start with loc`);
    if (positions.some((p, j) => p < 0 || (j > 0 && p <= positions[j - 1]))) errors.push(`url ${i + 1} has ${names.join(", ")}`);
    for (const child of children) {
      const name = nameOf(child)!;
      const value = textOf(child, name).trim();
      if (name === "loc" && !(/^https?:\/\/[^\s]+$/.test(value) && value.length >= 12 && value.length <= 2048)) errors.push(`url ${i + 1}: loc ${value}`);
      if (name === "lastmod" && !W3C_DATE.test(value)) errors.push(`url ${i + 1}: lastmod ${value}`);
      if (name === "changefreq" && !["always", "hourly", "daily", "weekly", "monthly", "yearly", "never"].includes(value))
        errors.push(`url ${i + 1}: changefreq ${value}`);
      if (name === "priority" && !/^(0(\.\d+)?|1(\.0+)?)$/.test(value)) errors.push(`url ${i + 1}: priority ${value}`);
    }
  });
  return errors;
}
