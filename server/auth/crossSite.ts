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

/**
 * Whether the browser says the request comes from one of this site's own pages: `Sec-Fetch-Site: same-origin`, or,
 * from a browser that sends no `Sec-Fetch-Site`, an `Origin` (else a `Referer`) of PUBLIC_URL's origin. Stricter
 * than !fromAnotherSite: a request that says nothing of where it comes from does not pass. Plain form posts that act
 * with the visitor's browser (the sign-in form) ask for it instead of a CSRF token.
 */
export function fromThisSite(ctx: Context, publicUrl: string): boolean {
  const own = new URL(publicUrl).origin;
  const site = ctx.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = ctx.get("origin");
  if (origin) return origin === own;
  const referer = ctx.get("referer");
  return referer !== "" && originOf(referer) === own;
}
