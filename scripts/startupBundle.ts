/**
 * The public start-up JavaScript of a UI build (dist/ui): the entry (ui/main.tsx), the modules it loads at once to
 * start the app (its dynamic imports) and everything those import, read from the build's .vite/manifest.json.
 * What a page loads lazily on top (the map, a screen few visitors open, Chakra's toaster) is not in it.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/**
 * Its ceiling, gzipped: what a phone fetches and runs before a public page answers. The aim is 150 kB; the app as it
 * hydrates today (React, Chakra's system, the router, TanStack Query, the public screens) is 187 kB, so the ceiling
 * holds it there until public pages hydrate only their interactive parts (docs/decisions/095-quick-on-a-phone.md).
 */
export const STARTUP_BUDGET_GZIP = 190 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface StartupBundle {
  /** The files under dist/ui, e.g. assets/index-abc123.js. */
  files: string[];
  bytes: number;
  gzipBytes: number;
}

export function startupBundle(dist: string): StartupBundle {
  const manifestFile = path.join(dist, ".vite", "manifest.json");
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: build the UI first (npx tsx scripts/build-ui.ts --force)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const entries = Object.values(manifest).filter((c) => c.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in ${manifestFile}, found ${entries.length}`);
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) add(dep);
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  add(entryKey);
  for (const dep of entries[0].dynamicImports ?? []) add(dep);
  let bytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const text = fs.readFileSync(path.join(dist, f));
    bytes += text.length;
    gzipBytes += zlib.gzipSync(text).length;
  }
  return { files: [...files], bytes, gzipBytes };
}
