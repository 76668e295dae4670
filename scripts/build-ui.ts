/**
 * Builds the UI into dist/ui with Vite, unless the build is already newer than every source file.
 * `npm start` runs this first, so a fresh clone serves the whole site.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { ISLANDS_MANIFEST } from "../server/contracts/ssr";
import { islandsChakra } from "./islandsChakra";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = path.join(root, "dist", "ui", "index.html");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, "ui"), path.join(root, "server", "contracts")];
const sourceTime = Math.max(
  ...sources.map(newestMtime),
  fs.statSync(path.join(root, "vite.config.ts")).mtimeMs,
  fs.statSync(path.join(root, "package-lock.json")).mtimeMs,
);
const force = process.argv.includes("--force");
if (!force && fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs > sourceTime) {
  console.log("UI build is up to date (dist/ui).");
} else {
  const started = Date.now();
  await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  // The islands' entry (ui/islands/entry.ts), built on its own so that it holds only what the islands use, with
  // pageRouter.tsx in place of react-router (every navigation from an island is a page load). Into the same
  // folder, after the app (whose build empties it), with a manifest of its own that the server reads.
  await build({
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "warn",
    resolve: { alias: [{ find: /^react-router-dom$/, replacement: path.join(root, "ui", "islands", "pageRouter.tsx") }] },
    plugins: [islandsChakra()],
    build: {
      emptyOutDir: false,
      manifest: ISLANDS_MANIFEST,
      rollupOptions: {
        input: path.join(root, "ui", "islands", "entry.ts"),
        // React DOM in a chunk of its own, which the entry evaluates in a task before the rest (ui/islands/entry.ts).
        output: { codeSplitting: { groups: [{ name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] } },
      },
    },
  });
  console.log(`Built the UI into dist/ui in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
