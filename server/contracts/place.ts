/**
 * A place search (the home page's finder, GET /api/chapters/near, the embeddable finder), spelled one way. Shared by
 * server and UI; no Node.
 */
import { STATES } from "./chapter";

/** The most characters a place search may have (longer is refused by the API, and found nowhere by the home page). */
export const PLACE_MAX_LENGTH = 100;

/** What to type, said with a place that cannot be found (the API's 400, the home page's notice). */
export const PLACE_HINT = 'Try a ZIP code or "City, ST".';

/**
 * The query parameter of the location the server renders the home page for when the place searched for cannot be
 * found: one page for every such search (server/web/indexPage.ts). Never an address a visitor is sent to: the
 * server drops it from the addresses it is asked for.
 */
export const PLACE_NOT_FOUND_PARAM = "placeNotFound";

/** A ZIP code, or ZIP+4, at the end of the text: the whole text, or after a space or comma ("Austin, TX 78704-0001"). */
const ENDING_ZIP = /(?:^|[\s,])(\d{5})(?:-\d{4})?$/;
/** What may follow the place, naming the country it is in already. */
const COUNTRY = /,\s*(?:usa|us|u\.s\.a?\.?|united states(?: of america)?)$/;
/** State names (lower case) to their abbreviations ("texas" -> "tx"). */
const STATE_BY_NAME = new Map(
  Object.entries(STATES)
    .filter(([abbr]) => abbr.length === 2)
    .map(([abbr, name]) => [name.toLowerCase(), abbr]),
);

/** "tx", "t.x.", "texas" -> "tx"; anything else -> null. */
function stateAbbr(text: string): string | null {
  const bare = text.replace(/\./g, "");
  if (bare.length === 2 && bare in STATES) return bare;
  return STATE_BY_NAME.get(text) ?? null;
}

/**
 * A place search as one spelling: what the geocoder is asked, and what the nearest chapters and the home page's
 * answer are kept under, so that spellings of one place share them. Lower case with single spaces; a text ending in
 * a ZIP code is that ZIP code (" 78704 ", "78704-0001" and "Austin, TX 78704" are "78704"); a city and a US state
 * is "city, st" ("Austin TX", "austin,tx" and "Austin, Texas" are "austin, tx"); a trailing ", USA" goes. Anything
 * else is kept as typed, in lower case. Empty for a search for nothing.
 */
export function placeQuery(text: string): string {
  const typed = text.replace(/\s+/g, " ").trim().toLowerCase();
  // Past the longest search there is nothing to read: it is found nowhere (and not parsed).
  if (typed.length > PLACE_MAX_LENGTH) return typed;
  const place = typed.replace(COUNTRY, "").trim();
  const zip = ENDING_ZIP.exec(place);
  if (zip && (zip.index === 0 || /[a-z]/.test(place.slice(0, zip.index)))) return zip[1];
  // "City, State" with a comma: the state abbreviated or in full; "City ST" without one: abbreviated only.
  const comma = place.lastIndexOf(",");
  const split = comma > 0 ? comma : place.lastIndexOf(" ");
  const stateText = place.slice(split + 1).trim();
  const state = split > 0 && (comma > 0 || stateText.replace(/\./g, "").length === 2) ? stateAbbr(stateText) : null;
  const city = place.slice(0, Math.max(split, 0)).replace(/[\s,]+$/, "");
  return state && city ? `${city}, ${state}` : place;
}
