/**
 * The home page of a place search (`/?place=...`) as anonymous visitors get it (docs/decisions/100-one-page-per-place.md):
 * kept once for every spelling of a place (placeQuery: "78704", " 78704 ", "78704-0001" and "Austin, TX 78704" are one
 * page), one kept page for every place that cannot be found (with what was typed put into its search box), and a limit
 * per client address on rendering pages of places not kept yet.
 */
import type { Context } from "koa";
import { FINDER_TYPE_PARAM, PLACE_MAX_LENGTH, PLACE_NOT_FOUND_PARAM, finderType, placeQuery } from "../contracts/place";
import { asSingleLine, isSingleLine } from "../contracts/text";
import type { IndexPage } from "../lib/staticUi";
import { etagOf } from "../lib/readCache";
import { bucketFor, HOUR_MS, takeSlot, waitText } from "../lib/rateLimits";
import { escapeHtml, insertAt } from "./head";

/** What the home page's place search needs from the app. */
export interface PlaceSearch {
  /** Whether the geocoder finds a place (as placeQuery spells it). */
  finds(place: string): Promise<boolean>;
  /** How many pages of places not kept yet one client address may have rendered an hour (RATE_LIMITS placePages). */
  newPagesPerHour: number;
}

/** The location the page of every place that cannot be found is rendered for, and kept under. */
export const NOT_FOUND_LOCATION = `/?${PLACE_NOT_FOUND_PARAM}=1`;

/** That page with the chapter type searched for chosen in the finder (as pageLocation keeps it): one for each type. */
export const notFoundLocation = (type: string): string => (type ? `${NOT_FOUND_LOCATION}&${FINDER_TYPE_PARAM}=${type}` : NOT_FOUND_LOCATION);

/** The place searched for on the home page as typed (`?place=`), or null: none, or on another page (only the home page has a finder). */
function typedPlace(ctx: Context): string | null {
  const typed = ctx.path === "/" ? ctx.query.place : undefined;
  return typeof typed === "string" ? typed : null;
}

/** The place a page request searches for as placeQuery spells it: what the page is rendered for; "" for none. */
export function searchedPlace(ctx: Context): string {
  return placeQuery(typedPlace(ctx) ?? "");
}

/** The chapter type the home page's finder searches for (finderType): one of the finder's, "" for every type and on other pages. */
export function searchedType(ctx: Context): string {
  return ctx.path === "/" ? finderType(ctx.query[FINDER_TYPE_PARAM]) : "";
}

/**
 * What the API would find for a place (the page's search is read from GET /api/chapters/near, which refuses what is
 * too long or holds control characters), asking the geocoder only for what it could.
 */
async function found(search: PlaceSearch, place: string): Promise<boolean> {
  return place.length <= PLACE_MAX_LENGTH && isSingleLine(place) && search.finds(place);
}

/** The attribute of the search box that takes what was typed, in the page of a place not found. */
const BOX = Buffer.from('name="place"');
const EMPTY_VALUE = Buffer.from('value=""');

/** Where what was typed goes in the page: inside the search box's empty value attribute; -1 when the page has none. */
function typedPlaceAt(html: Buffer): number {
  const box = html.indexOf(BOX);
  if (box < 0) return -1;
  const start = html.lastIndexOf("<input", box);
  const end = html.indexOf(">", box);
  const value = start < 0 ? -1 : html.indexOf(EMPTY_VALUE, start);
  return value < 0 || value > end ? -1 : value + EMPTY_VALUE.length - 1;
}

/**
 * The kept page of a place not found with what was typed in its search box, to be put right: escaped for the HTML
 * attribute and joined by concatenation (people's text is never a String.replace replacement), its control
 * characters as spaces, at most PLACE_MAX_LENGTH characters of it (no longer search is found). The rest of the page
 * is the kept one, which nothing typed is part of; it is compressed for this answer alone.
 */
function withTypedPlace(page: IndexPage & { html: Buffer }, typed: string): IndexPage {
  const at = typedPlaceAt(page.html);
  if (at < 0) return page;
  const text = asSingleLine(typed).trim().slice(0, PLACE_MAX_LENGTH);
  const html = Buffer.concat([page.html.subarray(0, at), Buffer.from(escapeHtml(text), "utf8"), page.html.subarray(at)]);
  return { html, status: page.status, etag: etagOf(html) };
}

/**
 * The answer over the limit: 429 with Retry-After, and the site's index.html, which the browser renders (its reads
 * of the API answer the search), saying why to a visitor without JavaScript. Kept pages still answer: places searched
 * for before, and every other page.
 */
function tooManyNewPlaces(ctx: Context, indexHtml: string, seconds: number): IndexPage {
  ctx.set("Retry-After", String(seconds));
  const message = `Too many searches for new places from your address. Please try again in ${waitText(seconds)}.`;
  const html = insertAt(indexHtml, '<div id="root"></div>', `<div id="root"><noscript><p role="alert">${escapeHtml(message)}</p></noscript></div>`);
  return { html, status: 429 };
}

/**
 * How the home page of a place not kept yet is answered, before anything is rendered: a place the geocoder cannot
 * find by the kept page of places not found (`notFound`), one it finds by rendering its page (null) while the client's
 * address has renders of new places left this hour, else 429.
 */
export async function newPlacePage(
  ctx: Context,
  search: PlaceSearch,
  place: string,
  indexHtml: string,
  notFound: () => Promise<IndexPage & { html: Buffer }>,
): Promise<IndexPage | null> {
  if (!(await found(search, place))) return withTypedPlace(await notFound(), typedPlace(ctx) ?? "");
  const wait = await takeSlot(bucketFor("place-page", ctx.ip), search.newPagesPerHour, HOUR_MS);
  return wait === null ? null : tooManyNewPlaces(ctx, indexHtml, wait);
}
