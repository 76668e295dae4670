import type { Context } from "koa";

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether the browser says the request comes from another site's page (a link, a form, an image, a script):
 * `Sec-Fetch-Site` cross-site or same-site (a sibling subdomain is another site to us), an `Origin` other than
 * PUBLIC_URL's, or, from a browser that sends no `Sec-Fetch-Site`, a `Referer` of another origin. Our own pages,
 * a typed URL and a bookmark pass, and so does a client that says nothing of where it comes from.
 */
export function fromAnotherSite(ctx: Context, publicUrl: string): boolean {
  const own = new URL(publicUrl).origin;
  const site = ctx.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") return true;
  const origin = ctx.get("origin");
  if (origin && origin !== own) return true;
  const referer = ctx.get("referer");
  return !site && referer !== "" && originOf(referer) !== own;
}
