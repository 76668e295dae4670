import { describe, expect, it } from "vitest";
import { richTextToPlainText } from "./plainText";

describe("richTextToPlainText", () => {
  it("keeps the words and drops the markdown marks; links read as text (url)", () => {
    const text = richTextToPlainText(
      "Our **first meetup** is _on_ Tuesday at [Bardenay](https://bardenay.example/boise), ~~not~~ Monday. `Code` & <b>tags</b>.\n\nSee you there,\nHal",
    );
    expect(text).toBe("Our first meetup is on Tuesday at Bardenay (https://bardenay.example/boise), not Monday. Code & tags.\n\nSee you there,\nHal");
  });

  it("writes lists with bullets or numbers, and keeps headings, quotes and tables readable", () => {
    const text = richTextToPlainText(
      "# What to bring\n\n- a friend\n- *questions*\n\n3. first\n4. second\n\n> Quoted\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n\nEnd",
    );
    expect(text).toBe("What to bring\n\n• a friend\n• questions\n\n3. first\n4. second\n\n  Quoted\n\na | b\n1 | 2\n\n· · ·\n\nEnd");
  });

  it("shows an address once when a link is its own text, and drops unsafe links", () => {
    expect(richTextToPlainText("<https://example.org/x> and [mail us](mailto:a@example.org) and [bad](javascript:alert(1))")).toBe(
      "https://example.org/x and mail us (a@example.org) and bad",
    );
  });

  it("reads HTML the editor left in as text, with its entities decoded", () => {
    expect(richTextToPlainText("<p>Fish &amp; chips&nbsp;at <em>six</em></p><p>Bye &#8212; &lt;3</p><script>alert(1)</script>")).toBe(
      "Fish & chips at six\nBye — <3",
    );
    expect(richTextToPlainText("")).toBe("");
    expect(richTextToPlainText(null)).toBe("");
  });
});
