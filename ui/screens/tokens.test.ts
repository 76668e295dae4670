import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Screens and components use the theme's semantic tokens (ui/theme.ts), never a raw palette colour: no
 * `gray.600`, `colorPalette="blue"`, `"white"`, hex or rgb() colours. Colours that cannot be tokens (map drawings)
 * live in ui/lib/palette.ts.
 */
const PALETTES = "gray|blue|red|green|orange|yellow|teal|cyan|purple|pink|whiteAlpha|blackAlpha";
const RAW_COLOUR = [
  new RegExp(`\\b(${PALETTES})\\.(50|[1-9]00|950)\\b`),
  new RegExp(`["'\`](${PALETTES}|white|black)["'\`]`),
  /(^|[^&\w])#(?:[0-9a-fA-F]{3}){1,2}(?:[0-9a-fA-F]{2})?\b/,
  /\b(rgba?|hsla?)\(/,
];

export function rawColoursIn(source: string): string[] {
  return source
    .split("\n")
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => RAW_COLOUR.some((re) => re.test(line)))
    .map(({ line, n }) => `${n}: ${line}`);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe("screens and components use tokens, not raw colours", () => {
  it("finds raw colours where there are some", () => {
    expect(rawColoursIn('<Text color="gray.600">x</Text>')).toHaveLength(1);
    expect(rawColoursIn('<Button colorPalette="blue">')).toHaveLength(1);
    expect(rawColoursIn('const c = { approved: "green" };')).toHaveLength(1);
    expect(rawColoursIn('<Box bg="white" />')).toHaveLength(1);
    expect(rawColoursIn('style={{ color: "#4a5568" }}')).toHaveLength(1);
    expect(rawColoursIn('fill="#fff"')).toHaveLength(1);
    expect(rawColoursIn('background: "rgba(0,0,0,0.3)"')).toHaveLength(1);
    expect(rawColoursIn('<Text color="fg.muted">x</Text>\n<Button colorPalette="brand">\n<a href="#main">&#160;</a>')).toEqual([]);
  });

  const root = path.dirname(new URL(import.meta.url).pathname);
  const files = [...sourceFiles(root), ...sourceFiles(path.join(root, "../components"))];

  it("reads the screens and components", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it.each(files.map((f) => [path.relative(path.join(root, ".."), f), f]))("%s", (_name, file) => {
    expect(rawColoursIn(fs.readFileSync(file, "utf8"))).toEqual([]);
  });
});
