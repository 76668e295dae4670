/**
 * Builds the UI into dist/ui with Vite, unless the build is already newer than every source file.
 * `npm start` runs this first, so a fresh clone serves the whole site.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

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
  console.log(`Built the UI into dist/ui in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
