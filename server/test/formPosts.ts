import type { TestApp } from "./harness";

/** The headers a browser sends with a form posted from this site's own page. */
const FROM_OWN_PAGE = { "sec-fetch-site": "same-origin" };

/** A form as a browser with JavaScript off posts it (urlencoded), from this site's own page unless `headers` say else. */
export const postForm = (t: TestApp, path: string, fields: Record<string, string>, headers: Record<string, string> = FROM_OWN_PAGE) =>
  t.request("POST", path, {
    raw: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });

/** The `name=value` of a cookie an answer sets (undefined when it sets none of that name). */
export const cookieOf = (res: { headers: Headers }, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

/** A page as the browser then loads it: its markup, and its text without tags. */
export async function pageOf(t: TestApp, location: string, cookie = "") {
  const res = await t.request("GET", location, { headers: { accept: "text/html", cookie } });
  const text = res.text
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
  return { res, text };
}

/** The opening tag of the first form in the page's main part. */
export const firstFormTag = (html: string) => /<form[^>]*>/.exec(html.slice(html.indexOf("<main")))?.[0] ?? "";
