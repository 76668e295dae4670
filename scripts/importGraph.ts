import fs from "node:fs";
import path from "node:path";

/** The TypeScript files under a folder (node_modules aside); with `tests`, the test files too. */
export function sourceFiles(dir: string, { tests = false } = {}): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(p, { tests });
    if (!/\.tsx?$/.test(e.name) || /\.d\.tsx?$/.test(e.name)) return [];
    return tests || !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each file's relative imports that remain at run time (static and dynamic imports at top level alike). */
export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const code = fs.readFileSync(file, "utf8");
    const deps: string[] = [];
    for (const m of code.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["'](\.{1,2}\/[^"']+)["']/gm)) {
      if (m[1]) continue;
      const target = resolveImport(file, m[2]);
      if (target) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Whether `file` reaches `target` through the graph's imports (itself included). */
export function reaches(graph: Map<string, string[]>, file: string, target: string): boolean {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length) {
    const next = stack.pop()!;
    if (next === target) return true;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(graph.get(next) ?? []));
  }
  return false;
}
