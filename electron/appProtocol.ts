/**
 * Serves the packaged UI (dist/ui, copied into the app as ui/) on app://chapterhouse/: real files by path,
 * index.html for client-side routes, 404 for missing files; uploaded images are fetched from the server.
 * Registered in main.ts with protocol.handle; the fetch and file reader are passed in.
 */
import fs from "node:fs";
import path from "node:path";
import { APP_HOST, APP_SCHEME, SERVER_FILE_PREFIXES } from "./constants";
import { appResponseHeaders, originOf } from "./security";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

export type AppRequestTarget = { kind: "file"; file: string } | { kind: "index" } | { kind: "server"; path: string } | { kind: "not-found" };

/** Where a request to the app scheme is answered from. Never outside uiDir. */
export function resolveAppRequest(url: string, uiDir: string): AppRequestTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { kind: "not-found" };
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return { kind: "not-found" };
  let rel: string;
  try {
    rel = decodeURIComponent(u.pathname);
  } catch {
    return { kind: "not-found" };
  }
  if (rel.includes("\0")) return { kind: "not-found" };
  if (SERVER_FILE_PREFIXES.some((p) => rel.startsWith(p))) return { kind: "server", path: `${u.pathname}${u.search}` };
  if (rel === "/" || rel === "") return { kind: "index" };
  const root = path.resolve(uiDir);
  const file = path.resolve(root, `.${rel}`);
  if (!file.startsWith(root + path.sep)) return { kind: "not-found" };
  if (path.extname(rel)) return { kind: "file", file };
  return { kind: "index" };
}

export interface AppProtocolDeps {
  uiDir: string;
  serverOrigin(): string | null;
  /** Electron's net.fetch in the app (uses the system's proxy settings). */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  readFile?(file: string): Promise<Buffer>;
}

function answer(status: number, body: BodyInit | null, type: string, serverOrigin: string | null, extra: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { "Content-Type": type, ...appResponseHeaders(serverOrigin), ...extra } });
}

/** The protocol.handle handler for app://. */
export function createAppProtocolHandler(deps: AppProtocolDeps): (request: Request) => Promise<Response> {
  const readFile = deps.readFile ?? ((file: string) => fs.promises.readFile(file));
  const indexFile = path.join(deps.uiDir, "index.html");
  return async (request) => {
    const server = originOf(deps.serverOrigin());
    if (request.method !== "GET" && request.method !== "HEAD") return answer(405, "Method not allowed", "text/plain; charset=utf-8", server);
    const target = resolveAppRequest(request.url, deps.uiDir);
    switch (target.kind) {
      case "server": {
        if (!server) return answer(404, "Not found", "text/plain; charset=utf-8", server);
        try {
          const res = await deps.fetch(server + target.path, { method: request.method });
          const type = res.headers.get("content-type") ?? "application/octet-stream";
          // Only images and plain files come this way; a server page must never run as the app.
          const safeType = /^(image\/|application\/octet-stream)/.test(type) ? type : "application/octet-stream";
          return answer(res.status, res.body, safeType, server, { "Cache-Control": res.headers.get("cache-control") ?? "no-cache" });
        } catch {
          return answer(502, "The server could not be reached", "text/plain; charset=utf-8", server);
        }
      }
      case "file": {
        try {
          const body = await readFile(target.file);
          const immutable = /[\\/]assets[\\/].+-[A-Za-z0-9_-]{6,}\.\w+$/.test(target.file);
          return answer(
            200,
            request.method === "HEAD" ? null : new Uint8Array(body),
            TYPES[path.extname(target.file).toLowerCase()] ?? "application/octet-stream",
            server,
            {
              "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
            },
          );
        } catch {
          return answer(404, "Not found", "text/plain; charset=utf-8", server);
        }
      }
      case "index": {
        try {
          const body = await readFile(indexFile);
          return answer(200, request.method === "HEAD" ? null : new Uint8Array(body), TYPES[".html"], server, { "Cache-Control": "no-cache" });
        } catch {
          return answer(500, "The app's UI is missing: build it with npm run desktop", "text/plain; charset=utf-8", server);
        }
      }
      default:
        return answer(404, "Not found", "text/plain; charset=utf-8", server);
    }
  };
}
