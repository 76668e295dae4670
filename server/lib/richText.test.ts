import { describe, expect, it } from "vitest";
import { renderRichText } from "./richText";

describe("renderRichText", () => {
  it("renders markdown", () => {
    expect(renderRichText("**bold** and [a link](https://example.org)")).toBe(
      '<p><strong>bold</strong> and <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">a link</a></p>\n',
    );
  });

  it.each([
    ["<script>alert(1)</script>hi", "<script"],
    ['<img src="x" onerror="alert(1)">', "onerror"],
    ['<a href="javascript:alert(1)">x</a>', "javascript:"],
    ["[x](javascript:alert(1))", "javascript:"],
    ['<iframe src="https://evil.example"></iframe>', "<iframe"],
    ['<svg onload="alert(1)"></svg>', "onload"],
    ['<div style="background:url(javascript:alert(1))">x</div>', "style"],
  ])("strips %s", (input, forbidden) => {
    expect(renderRichText(input).toLowerCase()).not.toContain(forbidden);
  });

  it("keeps tables and images with safe sources", () => {
    const html = renderRichText("| a | b |\n|---|---|\n| 1 | 2 |\n\n![alt](https://example.org/x.png)");
    expect(html).toContain("<table>");
    expect(html).toContain('<img src="https://example.org/x.png" alt="alt" />');
  });
});
