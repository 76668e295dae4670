import Router from "@koa/router";
import type { Context } from "koa";
import sharp from "sharp";
import { chapterTypeTitle } from "../contracts/chapter";
import { ChapterType } from "../models/ChapterType";
import { intParam } from "../lib/validate";
import { notFound } from "../errors";
import { escapeHtml } from "./head";
import { NETWORK_IMAGE_PATH, SITE_NAME, type SitemapEntry } from "../contracts/pageHead";
import { etagOf, matchesEtag } from "../lib/readCache";
import { readSitemap } from "./ssr";

function sitemapXml(entries: SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((e) => `<url><loc>${escapeHtml(publicUrl + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /admin",
    "Disallow: /chapter/*/*/admin",
    "Disallow: /settings",
    "Disallow: /my_chapters",
    "Disallow: /my_chapter_host_applications",
    "Disallow: /unsubscribe/",
    "Disallow: /confirm_subscription/",
    "Disallow: /password_verify/",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
}

/** White or near-black text, whichever contrasts more with the background. */
function foregroundOn(hex: string): "#ffffff" | "#1a202c" {
  const bg = /^#[0-9a-f]{6}$/i.test(hex) ? luminance(hex) : 0.2;
  const white = 1.05 / (bg + 0.05);
  const dark = (bg + 0.05) / (luminance("#1a202c") + 0.05);
  return white >= dark ? "#ffffff" : "#1a202c";
}

/** The 1200×630 preview image of a chapter type: its colour, its name and the network's. */
async function chapterTypeImage(type: { name: string; hexColor: string }): Promise<Buffer> {
  const bg = /^#[0-9a-f]{6}$/i.test(type.hexColor) ? type.hexColor : "#2b6cb0";
  const fg = foregroundOn(bg);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <rect width="1200" height="630" fill="${bg}"/>
  <text x="80" y="300" font-family="DejaVu Sans, sans-serif" font-size="88" font-weight="bold" fill="${fg}">${escapeHtml(type.name)}</text>
  <text x="80" y="400" font-family="DejaVu Sans, sans-serif" font-size="44" fill="${fg}">A ${escapeHtml(SITE_NAME)} chapter near you</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** The 1200×630 preview image of the network: its name and what it is, on the brand's blue. */
async function networkImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <rect width="1200" height="630" fill="#2b6cb0"/>
  <text x="80" y="290" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="bold" fill="#ffffff">${escapeHtml(SITE_NAME)}</text>
  <text x="80" y="390" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#ffffff">Progressive social chapters near you</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

const imageCache = new Map<string, Buffer>();

/** Sends a file-like answer the same for everyone with its Cache-Control and an ETag, or 304 when the caller has it. */
export function sendCached(ctx: Context, type: string, body: string | Buffer, cacheControl: string) {
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  const etag = etagOf(bytes);
  ctx.set("Cache-Control", cacheControl);
  ctx.set("ETag", etag);
  ctx.type = type;
  if (matchesEtag(ctx.get("If-None-Match"), etag)) {
    ctx.status = 304;
    return;
  }
  ctx.body = bytes;
}

/**
 * /sitemap.xml, /robots.txt, the network's preview image and the per-type preview images that link previews of chapters without a header image
 * use. The sitemap lists what the public route table's handles state (ui/screens/public/routes.tsx), read through
 * the API in this process as an anonymous visitor.
 */
export function seoRoutes(publicUrl: string): Router {
  const router = new Router();
  router.get("/sitemap.xml", async (ctx) => {
    const entries = await readSitemap({ origin: publicUrl, app: ctx.app, token: null, requestId: ctx.state.requestId as string | undefined });
    sendCached(ctx, "application/xml; charset=utf-8", sitemapXml(entries, publicUrl), "public, max-age=0, must-revalidate");
  });
  router.get("/robots.txt", (ctx) => {
    sendCached(ctx, "text/plain; charset=utf-8", robotsTxt(publicUrl), "public, max-age=3600");
  });
  router.get(NETWORK_IMAGE_PATH, async (ctx) => {
    let png = imageCache.get("network");
    if (!png) {
      png = await networkImage();
      imageCache.set("network", png);
    }
    sendCached(ctx, "image/png", png, "public, max-age=86400");
  });
  router.get("/og/chapter_type/:file", async (ctx) => {
    const match = /^(\d+)\.png$/.exec(ctx.params.file);
    if (!match) throw notFound("Image");
    const type = await ChapterType.query().findById(intParam(match[1]));
    if (!type) throw notFound("Chapter type");
    const key = `${type.id}:${type.name}:${type.hexColor}`;
    let png = imageCache.get(key);
    if (!png) {
      png = await chapterTypeImage({ name: chapterTypeTitle(type.name), hexColor: type.hexColor });
      imageCache.set(key, png);
    }
    sendCached(ctx, "image/png", png, "public, max-age=86400");
  });
  return router;
}
