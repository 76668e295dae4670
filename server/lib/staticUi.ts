import fs from "node:fs";
import path from "node:path";
import type { Context, Next } from "koa";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/**
 * Serves the built UI: hashed files under /assets/ are cached for a year, everything else
 * revalidates; any other GET that accepts HTML gets index.html (client-side routes).
 */
export function staticUi(root: string) {
  const rootResolved = path.resolve(root);
  const indexHtml = fs.readFileSync(path.join(rootResolved, "index.html"));
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    if (ctx.path.startsWith("/api/")) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    const file = path.resolve(rootResolved, "." + rel);
    if (file.startsWith(rootResolved + path.sep)) {
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat?.isFile()) {
        const immutable = rel.startsWith("/assets/") && /-[A-Za-z0-9_-]{6,}\.\w+$/.test(rel);
        ctx.set("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate");
        ctx.type = TYPES[path.extname(file)] ?? "application/octet-stream";
        ctx.length = stat.size;
        ctx.lastModified = stat.mtime;
        if (ctx.fresh) {
          ctx.status = 304;
          return;
        }
        ctx.body = fs.createReadStream(file);
        return;
      }
    }
    await next();
    if (ctx.status === 404 && !ctx.body && !path.extname(rel) && ctx.accepts("html")) {
      ctx.status = 200;
      ctx.type = "text/html; charset=utf-8";
      ctx.set("Cache-Control", "no-cache");
      ctx.body = indexHtml;
    }
  };
}
