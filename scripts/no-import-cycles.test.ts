import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importGraph, sourceFiles } from "./importGraph";

/**
 * No module of the app imports itself through a circle of other modules (type-only imports aside: they vanish at
 * build time). A cycle makes load order matter and one half of it undefined while the other loads. The one
 * exception is Objection's: models name each other in `relationMappings`, a function called only once every model has
 * loaded, so a circle made of models alone is allowed.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FOLDERS = ["server", "ui", "electron", "migrations", "scripts"];

/** The cycles of a graph, each as the list of its files (one per strongly connected group of two or more). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(group);
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return cycles;
}

describe("imports", () => {
  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cyclesOf(graph).map((c) => c.sort())).toEqual([["a", "b", "c"]]);
  });

  it("form no cycle in the app, models aside", () => {
    const files = FOLDERS.flatMap((f) => sourceFiles(path.join(root, f)));
    const graph = importGraph(files);
    expect(graph.size).toBeGreaterThan(300);
    const cycles = cyclesOf(graph)
      .map((c) => c.map((f) => path.relative(root, f)).sort())
      .filter((c) => !c.every((f) => f.startsWith("server/models/")));
    expect(cycles).toEqual([]);
  });
});
