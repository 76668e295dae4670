import { describe, expect, it } from "vitest";
import { composeLetter } from "./letter";
import { breakLongRuns, renderRichTextForMail } from "../lib/richText";

describe("composeLetter (issue 41)", () => {
  const letter = composeLetter({
    subject: "Hello <there>",
    greeting: "Hi Zoë <b>,",
    blocks: ["Line one\nline two: https://example.org/a?b=1&c=2.", { label: "Open it", link: "https://example.org/x?y=1&z=2" }, { steps: ["First", "Second"] }],
    why: "You are receiving this because of a test.",
  });

  it("writes the text part as blocks, steps numbered, links with their label, the reason after the signature", () => {
    expect(letter.text).toBe(
      "Hi Zoë <b>,\n\nLine one\nline two: https://example.org/a?b=1&c=2.\n\nOpen it: https://example.org/x?y=1&z=2\n\n1. First\n2. Second\n\nThank you,\nLiving Liberally\n\n--\nYou are receiving this because of a test.\n",
    );
  });

  it("writes the HTML part in the shared frame, escaping every text and linking addresses", () => {
    expect(letter.html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(letter.html).toContain("<title>Hello &lt;there&gt;</title>");
    expect(letter.html).toContain("Hi Zoë &lt;b&gt;,");
    expect(letter.html).not.toContain("<b>");
    expect(letter.html).toContain('<a href="https://example.org/a?b=1&amp;c=2" ');
    expect(letter.html).toContain(">Open it</a>");
    expect(letter.html).toContain("<li>First</li><li>Second</li>");
    expect(letter.html).toContain("overflow-wrap:anywhere");
  });
});

describe("long words in mail", () => {
  it("gets break opportunities in runs over 30 characters, never inside an entity", () => {
    expect(breakLongRuns("short words stay")).toBe("short words stay");
    const run = `https://example.org/${"x".repeat(60)}?a=1&amp;b=2`;
    const broken = breakLongRuns(run);
    expect(broken.replace(/<wbr>/g, "")).toBe(run);
    expect(broken.split("<wbr>").every((piece) => piece.replace(/&amp;/g, "&").length <= 20)).toBe(true);
    expect(broken).not.toMatch(/&[a-z]*<wbr>/);
  });

  it("applies to a list email's text and link texts, not to its addresses", () => {
    const url = `https://tickets.example.org/${"a1b2c3d4e5".repeat(15)}`;
    const html = renderRichTextForMail(`Tickets: ${url}`);
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain("<wbr>");
  });
});
