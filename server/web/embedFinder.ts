import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Router from "@koa/router";
import { markKept } from "../lib/compressKept";
import { sendCached } from "./seoRoutes";

/** Where other sites load the finder from (docs/embedding.md); CORS-open in lib/cors.ts. */
export const EMBED_FINDER_PATH = "/embed/finder.js";
/** The most the finder may weigh gzipped (docs/decisions.md): it loads on other people's pages. */
export const EMBED_FINDER_BUDGET_BYTES = 15_000;
/** The one line a site pastes to load the finder (docs/embedding.md shows it). */
export const embedLine = (publicUrl: string): string => `<script src="${publicUrl}${EMBED_FINDER_PATH}" async></script>`;
/** Other sites' pages may keep it an hour; after that they ask again with its ETag. */
const CACHE_CONTROL = "public, max-age=3600";

/** The name ui/embed/finder.ts reads this site's address from: left free when compiled, written in when sent. */
const ORIGIN_NAME = "__CHAPTERHOUSE_ORIGIN__";

/**
 * The finder (ui/embed/finder.ts) compiled into one minified browser script, its address left as ORIGIN_NAME: the
 * build's copy beside the compiled server (dist/server/finder.js, scripts/build.ts), or, running from sources,
 * compiled now by esbuild (the copy tsx and Vite use).
 */
async function compiledFinder(): Promise<string> {
  if (process.env.CHAPTERHOUSE_BUILT) return fs.promises.readFile(new URL("./finder.js", import.meta.url), "utf8");
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "ui", "embed", "finder.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    write: false,
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

/** The finder's script with this site's address (PUBLIC_URL, from configuration) written in. */
export async function compileFinder(publicUrl: string): Promise<Buffer> {
  return Buffer.from((await compiledFinder()).replaceAll(ORIGIN_NAME, JSON.stringify(publicUrl)));
}

/** Compiled once per process (per address) on first request and kept in memory; a failed build is tried again. */
const compiled = new Map<string, Promise<Buffer>>();
function finderScript(publicUrl: string): Promise<Buffer> {
  let script = compiled.get(publicUrl);
  if (!script) {
    script = compileFinder(publicUrl).then(markKept);
    script.catch(() => compiled.delete(publicUrl));
    compiled.set(publicUrl, script);
  }
  return script;
}

/** GET /embed/finder.js: the embeddable finder, with an ETag, sent compressed to browsers that take it. */
export function embedFinderRoutes(publicUrl: string): Router {
  const router = new Router();
  router.get(EMBED_FINDER_PATH, async (ctx) => {
    sendCached(ctx, "text/javascript; charset=utf-8", await finderScript(publicUrl), CACHE_CONTROL);
  });
  return router;
}
