/**
 * Finds the desktop tools, which are optional dependencies: npm leaves them out when they cannot be
 * installed (no internet for the Electron binary, or a Node too old for electron-builder).
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The staged desktop app (scripts/desktop.ts build): package.json, main.cjs, preload.cjs, ui/, icon.png. */
export const DESKTOP_APP_DIR = path.join(ROOT, "dist", "desktop-app");
const require = createRequire(path.join(ROOT, "package.json"));

export const ELECTRON_MISSING = [
  "Electron is not installed. It is an optional dependency: npm leaves it out when the Electron binary",
  "cannot be downloaded (from GitHub) during `npm install`. On a machine with internet access run",
  "  npm install",
  "and then this command again.",
].join("\n");

export const ELECTRON_BINARY_MISSING = [
  "The Electron package is installed without its binary (ELECTRON_SKIP_BINARY_DOWNLOAD was set, or the",
  "download failed). On a machine with internet access fetch it with",
  "  node node_modules/electron/install.js",
  "(or `npm rebuild electron`), then run this command again. An Electron already on disk can be used with",
  "ELECTRON_OVERRIDE_DIST_PATH=/folder/containing/the/electron/executable.",
].join("\n");

export type Found = { ok: true; path: string; version: string } | { ok: false; message: string };

/** The Electron executable, or why there is none. */
export function findElectron(): Found {
  let pkgFile: string;
  try {
    pkgFile = require.resolve("electron/package.json");
  } catch {
    return { ok: false, message: ELECTRON_MISSING };
  }
  const version = (JSON.parse(fs.readFileSync(pkgFile, "utf8")) as { version: string }).version;
  try {
    const binary = require("electron") as unknown;
    if (typeof binary === "string" && fs.existsSync(binary)) return { ok: true, path: binary, version };
  } catch {
    /* index.js throws when path.txt is missing */
  }
  return { ok: false, message: ELECTRON_BINARY_MISSING };
}

/** The installed Electron version (the package is enough: electron-builder downloads the binaries it packages). */
export function electronVersion(): string | null {
  try {
    return (JSON.parse(fs.readFileSync(require.resolve("electron/package.json"), "utf8")) as { version: string }).version;
  } catch {
    return null;
  }
}

/** electron-builder's command line script, or why there is none. */
export function findElectronBuilder(): Found {
  const [major, minor] = process.versions.node.split(".").map(Number);
  const nodeOk = major > 22 || (major === 22 && minor >= 12);
  try {
    const pkgFile = require.resolve("electron-builder/package.json");
    const pkg = JSON.parse(fs.readFileSync(pkgFile, "utf8")) as { version: string; bin: Record<string, string> };
    return { ok: true, path: path.join(path.dirname(pkgFile), pkg.bin["electron-builder"]), version: pkg.version };
  } catch {
    return {
      ok: false,
      message: [
        "electron-builder is not installed. It is an optional dependency and needs Node 22.12 or newer",
        `(this is Node ${process.versions.node}${nodeOk ? "" : ", so npm skipped it"}) and internet access, also while packaging`,
        "(it downloads Electron for each target system). On such a machine run",
        "  npm install",
        "and then `npm run desktop:dist` again.",
      ].join("\n"),
    };
  }
}
