import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Context, Next } from "koa";
import { cachePublicly, matchesEtag } from "./readCache";
import { COLOR_MODE_COOKIE, colorModeOf, withColorMode } from "../contracts/colorMode";

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

const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".txt", ".webmanifest"]);

/** Compressed copies of static files, made once per file version (the build never changes under us for long). */
const compressedCache = new Map<string, Buffer>();
function compressed(file: string, mtimeMs: number, encoding: "br" | "gzip"): Buffer {
  const key = `${encoding}:${file}:${mtimeMs}`;
  let buf = compressedCache.get(key);
  if (!buf) {
    const raw = fs.readFileSync(file);
    buf = encoding === "br" ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) : zlib.gzipSync(raw, { level: 9 });
    compressedCache.set(key, buf);
  }
  return buf;
}

/** A page with its own head (see server/web); a kept one comes with its ETag and compressed forms. */
export interface IndexPage {
  html: string | Buffer;
  status: number;
  etag?: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** The HTML of a client-side route with its own head, or null for the generic index.html (see server/web). */
export type IndexPageFor = (ctx: Context, indexHtml: string) => Promise<IndexPage | null>;

/**
 * Serves the built UI (text files brotli- or gzip-compressed when the browser accepts it): hashed files under /assets/ are cached for a year, everything else
 * revalidates; any other GET that accepts HTML gets index.html (client-side routes), with the page's own head
 * when `pageFor` knows the path.
 */
export function staticUi(root: string, pageFor?: IndexPageFor) {
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
        const encoding = COMPRESSIBLE.has(path.extname(file)) && stat.size > 1024 ? ctx.acceptsEncodings("br", "gzip", "identity") : false;
        ctx.vary("Accept-Encoding");
        if (encoding === "br" || encoding === "gzip") {
          const buf = compressed(file, stat.mtimeMs, encoding);
          ctx.set("Content-Encoding", encoding);
          ctx.length = buf.length;
          ctx.body = buf;
          return;
        }
        ctx.body = fs.createReadStream(file);
        return;
      }
    }
    await next();
    if (ctx.status === 404 && !ctx.body && !path.extname(rel) && ctx.accepts("html")) {
      // The reader's light or dark mode is a class on <html>, so the first paint has it and no script sets it.
      const mode = colorModeOf(ctx.cookies.get(COLOR_MODE_COOKIE));
      const base = withColorMode(indexHtml.toString("utf8"), mode);
      const page = pageFor ? await pageFor(ctx, base) : null;
      ctx.status = page?.status ?? 200;
      ctx.type = "text/html; charset=utf-8";
      // A kept page (an anonymous visitor's, with its ETag) is public, under the one policy (lib/readCache).
      if (page?.etag) cachePublicly(ctx);
      else ctx.set("Cache-Control", "no-cache");
      ctx.vary("Accept-Encoding");
      // Signed-in visitors get their own header, and each reader their colour mode: a page differs by cookie.
      ctx.vary("Cookie");
      if (!page) {
        ctx.body = base;
        return;
      }
      if (page.etag) {
        ctx.set("ETag", page.etag);
        if (page.status === 200 && matchesEtag(ctx.get("if-none-match") || undefined, page.etag)) {
          ctx.status = 304;
          return;
        }
      }
      const encoding = ctx.acceptsEncodings("br", "gzip", "identity");
      const kept = encoding === "br" || encoding === "gzip" ? page[encoding] : undefined;
      if (kept) {
        ctx.set("Content-Encoding", encoding as string);
        ctx.body = kept;
      } else if (encoding === "br" || encoding === "gzip") {
        // A page made for this request alone: compressed quickly, since it is sent once.
        ctx.set("Content-Encoding", encoding);
        ctx.body =
          encoding === "br"
            ? zlib.brotliCompressSync(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
            : zlib.gzipSync(page.html, { level: 6 });
      } else {
        ctx.body = page.html;
      }
    }
  };
}
