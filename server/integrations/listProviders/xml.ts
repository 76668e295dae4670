import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * Just enough XML for SOAP: building elements with escaped text, and reading a response into a tree
 * (namespace prefixes dropped, attributes ignored) with a real XML parser, so the Bronto adapter and its
 * fake cannot share one parsing mistake.
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

/** A value to serialise: text, a nested object, or an array (the element repeated). */
type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlValue[];
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

const parser = new XMLParser({
  preserveOrder: true,
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  htmlEntities: true,
});

type Ordered = Array<Record<string, Ordered | string>>;

function toNodes(items: Ordered, parent: XmlNode): void {
  for (const item of items) {
    for (const [key, value] of Object.entries(item)) {
      if (key === "#text") parent.text += String(value);
      else if (key === ":@" || key.startsWith("?")) continue;
      else {
        const node: XmlNode = { name: key, children: [], text: "" };
        parent.children.push(node);
        toNodes(value as Ordered, node);
      }
    }
  }
}

/** Parses a document into a tree (fast-xml-parser underneath); throws on malformed input. */
export function parseXml(xml: string): XmlNode {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { msg } = valid.err;
    throw new Error(/^Unclosed/i.test(msg) ? `Malformed XML: unclosed element (${msg})` : `Malformed XML: ${msg}`);
  }
  const root: XmlNode = { name: "#document", children: [], text: "" };
  toNodes(parser.parse(xml) as Ordered, root);
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
