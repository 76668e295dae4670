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

/**
 * A ZIP code or ZIP+4 as a word of the text ("78704", "78704-1234"; not the digits of a longer number): its five
 * digits are the first group.
 */
const ZIP = /(?:^|[\s,(])(\d{5})(?:-\d{4})?(?=$|[\s,.;)])/g;
/** What may follow the place, naming the country it is in already: ", USA", " USA", ", US", " United States". */
const COUNTRY = /(?:,\s*(?:us|usa|u\.s\.a?\.?|united states(?: of america)?)|\s(?:usa|u\.s\.a\.?|united states(?: of america)?))$/;
/** State names (lower case) to their abbreviations ("texas" -> "tx"). */
const STATE_BY_NAME = new Map(
  Object.entries(STATES)
    .filter(([abbr]) => abbr.length === 2)
    .map(([abbr, name]) => [name.toLowerCase(), abbr]),
);
/** The most words a state's name has ("district of columbia"). */
const STATE_NAME_WORDS = Math.max(...[...STATE_BY_NAME.keys()].map((name) => name.split(" ").length));

/**
 * The chapter types a search may name, as the network calls its chapters ("Drinking Liberally"): the spec's six, the
 * rows of the chapter types table. The finder offers them (`type=`), and a search's words that name them name no place.
 */
export const FINDER_TYPES = ["drinking", "screening", "living", "laughing", "dining", "reading"] as const;

/**
 * The query parameter of the chapter type the home page's finder searches for (`/?place=78704&type=drinking`): one of
 * FINDER_TYPES; empty or none is every type.
 */
export const FINDER_TYPE_PARAM = "type";

/** The chapter type a finder search is for, in lower case: one of FINDER_TYPES, or "" for every type (none, empty, or no type's name). */
export function finderType(value: unknown): string {
  const type = typeof value === "string" ? value.trim().toLowerCase() : "";
  return (FINDER_TYPES as readonly string[]).includes(type) ? type : "";
}

/** Words that end what is said before a place ("near", "in", "Drinking Liberally", "chapters"). */
const LEAD_ENDS = new Set([
  "near",
  "nearby",
  "around",
  "in",
  "at",
  "by",
  "to",
  "of",
  "for",
  "liberally",
  "chapter",
  "chapters",
  "meetup",
  "meetups",
  "group",
  "groups",
]);
/** Words said before a place that name none ("find a drinking liberally chapter near"). */
const LEAD_WORDS = new Set([
  ...LEAD_ENDS,
  ...FINDER_TYPES,
  "find",
  "finding",
  "search",
  "searching",
  "looking",
  "look",
  "a",
  "an",
  "the",
  "any",
  "my",
  "me",
  "close",
  "closest",
  "nearest",
  "local",
]);

/**
 * A place without the words said before it that name no place: the longest run of such words that ends in one
 * like "near" or "liberally" ("drinking liberally near austin" is "austin", "find the chapter in the woodlands" is
 * "the woodlands"). A place's own words stay ("the woodlands", "lake in the hills", "reading"), and so does a text
 * that is nothing but such words.
 */
function withoutLead(text: string): string {
  const words = text.split(" ");
  let cut = 0;
  for (let i = 0; i < words.length - 1 && LEAD_WORDS.has(words[i]); i++) if (LEAD_ENDS.has(words[i])) cut = i + 1;
  return words.slice(cut).join(" ");
}

/** Whether a text is nothing but words that name no place, a chapter type's name aside ("in", "near the"; not "reading"). */
const namesNoPlace = (text: string) => text.split(" ").every((word) => LEAD_WORDS.has(word) && !(FINDER_TYPES as readonly string[]).includes(word));

/** "tx", "t.x.", "texas" -> "tx"; anything else -> null. */
function stateAbbr(text: string): string | null {
  const bare = text.replace(/\./g, "");
  if (bare.length === 2 && bare in STATES) return bare;
  return STATE_BY_NAME.get(text) ?? null;
}

/** "austin tx", "salt lake city utah", "new york new york" -> the city's words and the state; null without a state at the end. */
function stateAtEnd(place: string): { city: string; state: string } | null {
  const words = place.split(" ");
  for (let n = Math.min(STATE_NAME_WORDS, words.length - 1); n >= 1; n--) {
    const tail = words.slice(-n).join(" ");
    // Without a comma, a state is abbreviated ("austin tx") or named in full ("austin texas").
    const state = n === 1 && tail.replace(/\./g, "").length === 2 ? stateAbbr(tail) : (STATE_BY_NAME.get(tail) ?? null);
    if (state) return { city: words.slice(0, -n).join(" "), state };
  }
  return null;
}

/** A place search read: the ZIP code, or the city and US state, or the text that names neither. */
export interface PlaceParts {
  /** The ZIP code named (of a ZIP+4, its five digits), or null. */
  zip: string | null;
  /** The city named before a US state ("austin"), or null. */
  city: string | null;
  /** The US state the city is in, abbreviated ("tx"), or null. */
  state: string | null;
  /**
   * The search as one spelling when it names no ZIP code or city and state ("london", "paris, france", "texas"): lower
   * case with single spaces, without a trailing ", USA" and the words before the place that name none; "" for none.
   */
  text: string;
}

/**
 * What a place search names, read from what people type in the finder (docs/decisions/104-what-a-place-is.md):
 * - a ZIP code or ZIP+4 anywhere in the text, when it is the text or words are around it ("78704-1234",
 *   "Austin, TX 78704", "drinking liberally near 78704 in Austin"): the ZIP code, the most precise place;
 * - else a city and a US state, the state abbreviated or in full, with a comma or without ("Austin, TX", "Austin,
 *   Texas", "Austin TX", "Salt Lake City Utah"), what is before the city's comma and the words before the city that
 *   name no place ("drinking liberally near") left out;
 * - else the text without those words ("London", "Paris, France", "Texas").
 * A trailing ", USA" is read past. Past PLACE_MAX_LENGTH characters nothing is read (the text as typed).
 */
export function parsePlace(typedText: string): PlaceParts {
  const typed = typedText.replace(/\s+/g, " ").trim().toLowerCase();
  const none = { zip: null, city: null, state: null };
  // Past the longest search there is nothing to read: it is found nowhere (and not parsed).
  if (typed.length > PLACE_MAX_LENGTH) return { ...none, text: typed };
  const place = typed.replace(COUNTRY, "").trim();
  // The last ZIP code: an address's ZIP code comes after its street number. Numbers alone are no place ("12345 67890").
  const zips = [...place.matchAll(ZIP)];
  const zip = zips.at(-1)?.[1];
  if (zip && (/[a-z]/.test(place) || place.replace(/-\d{4}$/, "") === zip)) return { ...none, zip, text: zip };
  // "City, State" with a comma: the state abbreviated or in full; "City ST" or "City State" without one.
  const comma = place.lastIndexOf(",");
  const stateText = place.slice(comma + 1).trim();
  const withComma = comma > 0 ? stateAbbr(stateText) : null;
  const split = withComma ? { city: place.slice(0, comma), state: withComma } : stateAtEnd(place);
  // The city is what is before the state, after any earlier comma ("123 main st, austin, tx"), with no leading words.
  const city = split
    ? withoutLead(
        split.city
          .slice(split.city.lastIndexOf(",") + 1)
          .trim()
          .replace(/[\s,]+$/, ""),
      )
    : "";
  if (split && city && !namesNoPlace(city)) return { ...none, city, state: split.state, text: `${city}, ${split.state}` };
  // Anything else: a place outside the US ("paris, france"), a city or a state alone, or nothing the geocoder knows.
  const first = place.indexOf(",");
  const text = first < 0 ? withoutLead(place) : `${withoutLead(place.slice(0, first))}${place.slice(first)}`;
  return { ...none, text };
}

/**
 * A place search as one spelling: what the geocoder is asked, and what the nearest chapters and the home page's
 * answer are kept under, so that spellings of one place share them. The ZIP code of a text that names one ("
 * 78704 ", "78704-0001", "Austin, TX 78704" and "drinking liberally near Austin, TX 78704" are "78704"); "city, st"
 * for a city and a US state ("Austin TX", "austin,tx" and "Austin, Texas" are "austin, tx"); else the text, in lower
 * case with single spaces (parsePlace). Empty for a search for nothing.
 */
export function placeQuery(text: string): string {
  const place = parsePlace(text);
  return place.zip ?? place.text;
}
