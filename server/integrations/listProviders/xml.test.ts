import { describe, expect, it } from "vitest";
import { childText, childrenNamed, find, parseXml, soapEnvelope, toXml } from "./xml";

describe("the SOAP XML helpers", () => {
  it("serialises nested objects and arrays with escaped text", () => {
    expect(toXml({ contacts: [{ email: "a&b@example.org" }, { email: "<c>" }], list: { id: 7 }, skip: undefined })).toBe(
      "<contacts><email>a&amp;b@example.org</email></contacts><contacts><email>&lt;c&gt;</email></contacts><list><id>7</id></list>",
    );
  });

  it("parses a SOAP answer, dropping namespace prefixes and unescaping text", () => {
    const doc = parseXml(
      `<?xml version="1.0"?><soap:Envelope xmlns:soap="x"><soap:Body><ns2:readContactsResponse xmlns:ns2="y"><return><id>1</id><email>a&amp;b@example.org</email></return><return><id>2</id><email><![CDATA[c<d>@example.org]]></email></return><empty/></ns2:readContactsResponse></soap:Body></soap:Envelope>`,
    );
    const response = find(doc, "readContactsResponse")!;
    expect(childrenNamed(response, "return").map((r) => [childText(r, "id"), childText(r, "email")])).toEqual([
      ["1", "a&b@example.org"],
      ["2", "c<d>@example.org"],
    ]);
    expect(find(doc, "empty")).toMatchObject({ name: "empty", children: [] });
  });

  it("refuses malformed documents", () => {
    expect(() => parseXml("<a><b></a>")).toThrow(/Malformed/);
    expect(() => parseXml("<a>")).toThrow(/unclosed/);
  });

  it("round-trips an envelope", () => {
    const xml = soapEnvelope("http://api.bronto.com/v4", `<v4:login>${toXml({ apiToken: "T&1" })}</v4:login>`);
    expect(childText(find(parseXml(xml), "login")!, "apiToken")).toBe("T&1");
  });
});
