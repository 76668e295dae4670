/**
 * The start-up JavaScript of a public page, from a UI build (dist/ui): what a phone fetches and runs to start a page
 * the server rendered for an anonymous visitor. That page starts by its islands (ui/islands/entry.ts): the islands'
 * entry, their runtime (ui/islands/start.tsx) and the modules of the islands the page has (its `data-island`
 * attributes) that React hydrates, with everything those import, read from the islands' build manifest. What an island loads lazily on
 * top (the map's drawing, Google Maps) is not in it.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { ISLANDS_MANIFEST } from "../server/contracts/ssr";
import { isPlainIslandName } from "../ui/islands/plain";

/** Its ceiling, gzipped, for each of the home, a state and a chapter page (docs/decisions/098-islands.md). */
export const STARTUP_BUDGET_GZIP = 150 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface StartupBundle {
  /** The files under dist/ui, e.g. assets/start-abc123.js. */
  files: string[];
  bytes: number;
  gzipBytes: number;
}

const uiDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "ui");

/** The islands a page names, in its order (the server's markup: ui/islands/Island.tsx). */
export function islandsOf(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(/\bdata-island="([A-Za-z]+)"/g), (m) => m[1]))];
}

/** Each island's module, as the build's manifest names it (relative to ui/), from the islands' registry. */
function islandModules(): Map<string, string> {
  const registry = fs.readFileSync(path.join(uiDir, "islands", "registry.ts"), "utf8");
  return new Map(
    Array.from(registry.matchAll(/^\s*(\w+): \(\) => import\("([^"]+)"\)/gm), (m) => [m[1], path.relative(uiDir, path.resolve(uiDir, "islands", m[2]))]),
  );
}

export function startupBundle(dist: string, islands: readonly string[]): StartupBundle {
  const manifestFile = path.join(dist, ISLANDS_MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the UI first (npx tsx scripts/build-ui.ts --force)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in ${manifestFile}, found ${entries.length}`);
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) add(dep);
  };
  add(entries[0]);
  // The header's islands are plain DOM code in the entry; React and the islands' runtime (the entry's dynamic
  // imports) load only on a page with an island React hydrates.
  const hydrated = islands.filter((name) => !isPlainIslandName(name));
  if (hydrated.length > 0) for (const dep of manifest[entries[0]].dynamicImports ?? []) add(dep);
  const modules = islandModules();
  for (const name of hydrated) {
    const module = modules.get(name);
    const key = module && Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, "") === module);
    if (!key) throw new Error(`no module of the island "${name}" in ${manifestFile}`);
    add(key);
  }
  let bytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const text = fs.readFileSync(path.join(dist, f));
    bytes += text.length;
    gzipBytes += zlib.gzipSync(text).length;
  }
  return { files: [...files], bytes, gzipBytes };
}
