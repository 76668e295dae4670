import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

/** A small RFC 4180 reader, to check what a spreadsheet would see. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("CSV writer", () => {
  it("neutralises cells a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(csvCell(`${start}HYPERLINK("http://evil.example")`)).toBe(`"'${start}HYPERLINK(""http://evil.example"")"`);
    expect(csvCell("Springfield")).toBe('"Springfield"');
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe('""');
  });

  it("keeps every row and cell where it belongs, whatever the text holds", () => {
    const rows = [
      ["title", "note"],
      ['Trivia "night"', "line one\r\nline two, with a comma"],
      ["=1+1", 'a","b'],
    ];
    const parsed = readCsv(toCsv(rows));
    expect(parsed).toEqual([
      ["title", "note"],
      ['Trivia "night"', "line one\r\nline two, with a comma"],
      ["'=1+1", 'a","b'],
    ]);
  });
});
