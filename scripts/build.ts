/**
 * npm run build: everything production runs, into dist/ (docs/decisions/092-one-build-to-dist.md):
 * - dist/ui: the browser's assets (Vite, scripts/build-ui.ts);
 * - dist/server: the server compiled by esbuild into ESM for Node: main.js and the scripts production runs
 *   (create-admin.js, migrate.js), the server-render bundle (the chunk of ui/entry-server.tsx, loaded on the first
 *   page rendered, and the chunks of its lazy screens) and the embeddable finder compiled for browsers (finder.js).
 *   The packages in package.json's dependencies stay imports of node_modules; every other package (React, Chakra
 *   and the rest of the UI's) is compiled in, so production installs only the dependencies.
 * Each part is skipped when it is newer than every source it is built from; `--force` rebuilds both.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { builtinModules } from "node:module";
import { build, type Plugin } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "dist", "server");
const stamp = path.join(outDir, "main.js");
/** The server's entry points: name in dist/server → source. */
const ENTRIES = { main: "server/main.ts", "create-admin": "scripts/create-admin.ts", migrate: "scripts/migrate.ts" };

function newestMtime(p: string): number {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** The package a bare import names: "@scope/name" or "name". */
const packageOf = (specifier: string): string => /^(@[^/]+\/[^/]+|[^/]+)/.exec(specifier)![1];

/**
 * Leaves Node's modules and the dependencies to node_modules; the rest is compiled in. Loading the UI's packages
 * from node_modules costs the first page over a second (Chakra alone is hundreds of modules); compiled into one
 * chunk it loads in a fifth of that, and React has a single copy, since no dependency imports it.
 */
function dependenciesOnly(): Plugin {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const external = new Set([...Object.keys(pkg.dependencies), ...builtinModules]);
  return {
    name: "dependencies-only",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("node:") || external.has(packageOf(args.path)) ? { external: true } : undefined));
    },
  };
}

async function buildServer(): Promise<void> {
  await build({
    entryPoints: ENTRIES,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node24",
    plugins: [dependenciesOnly()],
    // Packages compiled in that are CommonJS call require() (react-dom/server for Node's streams).
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    // The UI's stylesheets are the browser's (dist/ui); the server's copy of the UI needs none.
    loader: { ".css": "empty" },
    jsx: "automatic",
    // Folds the constants below and drops the code only sources run (e.g. compiling the finder with esbuild).
    minifySyntax: true,
    // Code that runs differently compiled: where dist/ui is (server/main.ts), the finder built beside the server.
    define: { "process.env.CHAPTERHOUSE_BUILT": '"true"' },
    legalComments: "none",
    logLevel: "warning",
  });
  // __CHAPTERHOUSE_ORIGIN__ is left a free name: the server writes the site's address in when it first sends the
  // script (server/web/embedFinder.ts).
  await build({
    entryPoints: [path.join(root, "ui", "embed", "finder.ts")],
    outfile: path.join(outDir, "finder.js"),
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    legalComments: "none",
    logLevel: "warning",
  });
}

// The UI first: its own up-to-date check (and --force) are in scripts/build-ui.ts.
await import("./build-ui");

const sources = ["server", "ui", "migrations", "scripts/build.ts", ...Object.values(ENTRIES), "scripts/args.ts", "package.json", "package-lock.json"];
const sourceTime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!process.argv.includes("--force") && fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs > sourceTime) {
  console.log("Server build is up to date (dist/server).");
} else {
  const started = Date.now();
  fs.rmSync(outDir, { recursive: true, force: true });
  await buildServer();
  console.log(`Built the server into dist/server in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
