/**
 * Just enough XML for SOAP: building elements with escaped text, and reading a response into a tree
 * (namespace prefixes dropped, attributes ignored). Bronto's answers are plain element trees, so this is
 * all the adapter and its fake need.
 */
export interface XmlNode {
  name: string;
  children: XmlNode[];
  text: string;
}

/** Characters XML 1.0 does not allow at all (control characters, lone surrogates, U+FFFE/U+FFFF): dropped. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXml(s: string): string {
  return s.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

function unescapeXml(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const lower = e.toLowerCase();
    if (lower === "lt") return "<";
    if (lower === "gt") return ">";
    if (lower === "quot") return '"';
    if (lower === "apos") return "'";
    if (lower === "amp") return "&";
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    return String.fromCodePoint(parseInt(lower.slice(1), 10));
  });
}

/** A value to serialise: text, a nested object, or an array (the element repeated). */
export type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlValue[];
export interface XmlObject {
  [key: string]: XmlValue;
}

/** Serialises { a: 1, b: [{ c: "x" }, { c: "y" }] } as <a>1</a><b><c>x</c></b><b><c>y</c></b>. */
export function toXml(obj: XmlObject): string {
  let out = "";
  for (const [key, value] of Object.entries(obj)) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item === undefined || item === null) continue;
      if (typeof item === "object" && !Array.isArray(item)) out += `<${key}>${toXml(item)}</${key}>`;
      else out += `<${key}>${escapeXml(String(item))}</${key}>`;
    }
  }
  return out;
}

const localName = (qname: string) => qname.slice(qname.indexOf(":") + 1);

/** Parses a document into a tree; throws on malformed input. */
export function parseXml(xml: string): XmlNode {
  const root: XmlNode = { name: "#document", children: [], text: "" };
  const stack: XmlNode[] = [root];
  const re = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<\/([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) {
    const top = stack[stack.length - 1];
    if (m[1] !== undefined) top.text += m[1];
    else if (m[2] !== undefined) {
      const node = stack.pop();
      if (!node || node === root || node.name !== localName(m[2])) throw new Error(`Malformed XML near </${m[2]}>`);
    } else if (m[3] !== undefined) {
      const node: XmlNode = { name: localName(m[3]), children: [], text: "" };
      top.children.push(node);
      if (!m[5]) stack.push(node);
    } else if (m[6] !== undefined) top.text += unescapeXml(m[6]);
  }
  if (stack.length !== 1) throw new Error("Malformed XML: unclosed element");
  return root;
}

/** First descendant (depth-first) with this local name. */
export function find(node: XmlNode, name: string): XmlNode | undefined {
  for (const child of node.children) {
    if (child.name === name) return child;
    const deeper = find(child, name);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Direct children with this local name. */
export const childrenNamed = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);

/** Text of the direct child with this name ('' when absent). */
export const childText = (node: XmlNode, name: string) => node.children.find((c) => c.name === name)?.text.trim() ?? "";

/** A SOAP 1.1 envelope around a body (and an optional header) for the given namespace prefix v4. */
export function soapEnvelope(namespace: string, body: string, header = ""): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:v4="${namespace}"><soapenv:Header>${header}</soapenv:Header><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
}
