/**
 * Guards the UI's one data layer (README, "Where things live"): screens and shared components reach the API only
 * through the modules in ui/api/, and no effect fetches data (TanStack Query does, with cancellation and errors).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const UI = __dirname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = [...sources(join(UI, "screens")), ...sources(join(UI, "components"))].map((path) => ({
  name: relative(UI, path),
  text: readFileSync(path, "utf8"),
}));

/** The text of each useEffect(...) call, up to its closing parenthesis. */
function effectsOf(text: string): string[] {
  const effects: string[] = [];
  for (let at = text.indexOf("useEffect("); at !== -1; at = text.indexOf("useEffect(", at + 1)) {
    let depth = 0;
    let end = at + "useEffect".length;
    for (; end < text.length; end++) {
      if (text[end] === "(") depth++;
      else if (text[end] === ")" && --depth === 0) break;
    }
    effects.push(text.slice(at, end + 1));
  }
  return effects;
}

/** What reaching for data looks like: fetch, the API client, a promise chain or an awaited call. */
const FETCHING = /\bfetch\(|\brequest\s*[(<]|\bapi\.(get|post|put|patch|delete)\b|\.then\(|\bawait\b|\bfetchQuery\(/;

describe("the UI data layer", () => {
  it("reads the screens and components (the guard looks at real files)", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.text.includes("useEffect("))).toBe(true);
  });

  it("screens and components call no API directly: no fetch, no client request, no /api/ path", () => {
    const offenders = files
      .filter(
        (f) => /\bfetch\(|\brequest\s*[(<]|["'`]\/api\//.test(f.text) || /import\s*\{[^}]*\b(request|api)\b[^}]*\}\s*from\s*"[./]*api\/client"/.test(f.text),
      )
      .map((f) => f.name);
    expect(offenders).toEqual([]);
  });

  it("no useEffect fetches data", () => {
    const offenders = files.flatMap((f) =>
      effectsOf(f.text)
        .filter((e) => FETCHING.test(e))
        .map(() => f.name),
    );
    expect(offenders).toEqual([]);
  });

  it("the effect reader finds a fetching effect when there is one", () => {
    const sample = 'useEffect(() => { void api.get("/x").then(setRows); }, []); useEffect(() => setOpen(false), [path]);';
    expect(effectsOf(sample)).toHaveLength(2);
    expect(effectsOf(sample).filter((e) => FETCHING.test(e))).toHaveLength(1);
  });
});
