/** Chapter shapes shared by server and UI (spec 000 section 3, spec 001 section 3). */
import type { ReviveContact } from "./chapterRevive";

export interface ChapterTypeInfo {
  id: number;
  name: string;
  hexColor: string;
}

interface ChapterAbilities {
  view: boolean;
  host: boolean;
  fieldOrganize: boolean;
  editSlug: boolean;
  managePermissions: boolean;
  writeAdminOnlyNotes: boolean;
}

export interface NextDate {
  /** ISO date-time with the chapter's offset */
  start: string;
  end: string;
  /** YYYY-MM-DD in the chapter's time zone */
  date: string;
  /** How many are going (GET /api/chapter/slug/{slug} and /id/{id} only). */
  going?: number;
  /** With a capacity set on the event: the places, and how many wait for one. */
  capacity?: number;
  waitlisted?: number;
}

export interface ChapterEventInfo {
  id: number;
  chapterId: number;
  slug: string;
  name: string;
  description: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  lat: number | null;
  lng: number | null;
  startTime: string;
  endTime: string;
  isSingleDate: boolean;
  singleDate: string | null;
  dayOfWeekIndex: number | null;
  weeksOfMonthIndexes: string;
  weeksOfMonthIndexesArray: number[];
  /** Upcoming dates from the schedule engine, soonest first. */
  nextDates: NextDate[];
  /** Meetups of this repeating event that are cancelled (nextDates leave them out), soonest first. */
  cancelledDates: CancelledMeetup[];
  /** Upcoming meetups a host confirmed are on, soonest first. */
  confirmedDates: ConfirmedDate[];
  /** How many may be going to each meetup; null for no limit. */
  capacity: number | null;
  updatedAt: string;
}

/** One chapter of GET /api/chapters/near: an active chapter, its distance from the place and its next meetup. */
export interface NearChapter {
  id: number;
  slug: string;
  /** The display title. */
  title: string;
  /** The chapter's name with its type, as it stands alone in a list ("Austin Drinking Liberally": chapterName). */
  name: string;
  city: string;
  /** Lower case; "int" outside the US. */
  state: string;
  chapterTypeId: number;
  /** Miles from the place searched for, to one decimal. */
  distanceMiles: number;
  /** The next meetup: its date (YYYY-MM-DD, the chapter's zone) and the event's name; null when none is known. */
  next: { date: string; name: string } | null;
}

/**
 * GET /api/chapters/near?place={ZIP or "City, ST"}&limit={1..50}&type={chapter type name, optional}. Open to any
 * origin (CORS, docs/embedding.md): the embeddable finder reads it from other sites.
 */
export interface NearChaptersAnswer {
  place: { label: string; lat: number; lng: number };
  chapters: NearChapter[];
}

/** The status of a chapter that meets (the others are hidden from the public). */
export const CHAPTER_ACTIVE = 1;

/** The id of the signup box's section on a chapter's page: "Join the list" near the top leads to it. */
export const JOIN_ANCHOR = "join";

/**
 * The one word for a chapter's status wherever it is shown (spec 001: 1 Active, 0 Hidden): any status but 1 is
 * "Hidden", on public pages and admin screens alike. Health (at risk, dormant) is another thing, with its own words.
 */
export const chapterStatusLabel = (status: number): "Active" | "Hidden" => (status === CHAPTER_ACTIVE ? "Active" : "Hidden");

/** How many meetup dates a chapter page lists: Next Event, then three More Upcoming Events (spec 001). */
export const CHAPTER_PAGE_DATES = 4;

/** One meetup a chapter page lists: the event and one of its upcoming dates. */
export interface ListedMeetup extends NextDate {
  event: ChapterEventInfo;
}

/**
 * The meetups a chapter page lists, over all its events, soonest first: CHAPTER_PAGE_DATES of them at most. The
 * page and its JSON-LD (server/contracts/pageHead.ts) both take them from here, so they list the same dates.
 */
export function chapterPageMeetups(events: ChapterEventInfo[]): ListedMeetup[] {
  return events
    .flatMap((event) => event.nextDates.map((d) => ({ ...d, event, at: Date.parse(d.start) })))
    .sort((a, b) => a.at - b.at)
    .slice(0, CHAPTER_PAGE_DATES)
    .map(({ at: _at, ...meetup }) => meetup);
}

/** A meetup a host confirmed is on: its date ("YYYY-MM-DD", the chapter's zone) and when they said so (ISO). */
export interface ConfirmedDate {
  date: string;
  at: string;
}

/** GET /api/chapter_event/confirmation/{token}: the meetup a confirmation email asks about, for the page its link opens. */
export interface MeetupConfirmationInfo {
  chapterTitle: string;
  /** The chapter page's path, e.g. /chapter/tx/austin. */
  chapterPath: string;
  hostName: string;
  event: ChapterEventInfo;
  /** The meetup's date, "YYYY-MM-DD" in the chapter's zone. */
  date: string;
  /** Asked (no answer yet), confirmed, or cancelled. */
  status: "asked" | "confirmed" | "cancelled";
}

/**
 * GET and POST /api/meetup_confirmations/settings: hosts are asked `hours` before each meetup, and the people going
 * are reminded `reminderHours` before it (0: never). A POST without `reminderHours` leaves it as it is.
 */
export interface MeetupConfirmSettings {
  hours: number;
  reminderHours: number;
}
/** The longest time before a meetup that hosts can be asked: two weeks. */
export const MAX_CONFIRM_HOURS = 336;

/** What a confirmed meetup says on the chapter page and in the map's info window. */
export const CONFIRMED_BY_HOST = "Confirmed by the host";

/** One cancelled meetup of a repeating event: its date ("YYYY-MM-DD", the chapter's zone) and the hosts' note. */
export interface CancelledDate {
  date: string;
  note: string;
}

/** A cancelled meetup as answers carry it: its date and note, and when it would have met (ISO with the chapter's offset). */
export interface CancelledMeetup extends CancelledDate {
  start: string;
  end: string;
}

interface ChapterHostInfo {
  permissionId: number;
  roleId: number;
  roleName: string;
  user: { id: number; name: string; email?: string };
  createdAt: string;
}

export interface ChapterSummary {
  id: number;
  slug: string;
  title: string;
  displayTitle: string;
  city: string;
  state: string;
  status: number;
  chapterTypeId: number;
  chapterType: ChapterTypeInfo;
}

export interface ChapterDetail extends ChapterSummary {
  /** True when the viewer may not see this chapter's content (inactive, no host access). */
  restricted: boolean;
  /** On a restricted (hidden) chapter: whom its page's revive form writes to, by name; null otherwise. */
  reviveContact: ReviveContact | null;
  postalCode: string;
  country: string;
  emailAlias: string;
  emailDomain: string;
  contactEmail: string;
  about: string;
  aboutHtml: string;
  timeZone: string;
  brontoListName: string;
  brontoListId: string;
  sendInBlueListId: string;
  lastBlogPostDate: string | null;
  /** The header image's URL (versioned), or null when the chapter has none. */
  headerImage: string | null;
  hosts: ChapterHostInfo[];
  chapterEvents: ChapterEventInfo[];
  chapterLinks: { id: number; title: string; url: string }[];
  abilities: ChapterAbilities;
}

/** POST /api/chapter_event (answers ChapterEventInfo): the event's own fields; create without a slug, update with it. */
export type ChapterEventInput = Omit<
  ChapterEventInfo,
  "id" | "slug" | "lat" | "lng" | "nextDates" | "cancelledDates" | "confirmedDates" | "capacity" | "updatedAt"
> & {
  slug?: string;
  /** A positive whole number (or its digits, as a form holds it), null or "" for no limit; left out, it stays. */
  capacity?: number | string | null;
};

/** GET /api/chapters/active and /api/chapters/state/{state}: summaries with the events the maps pin. */
export type ChapterWithEvents = ChapterSummary & { chapterEvents: ChapterEventInfo[] };

/**
 * One active chapter on the home map, as a row (10,000 of them must stay small): id, slug, display title,
 * state (lower case, "int" outside the US), chapter type id, the pin's place (its next event, or its first event
 * with a place; null when none has one, rounded to 5 decimals), that event's next date (YYYY-MM-DD in the
 * chapter's zone; null when none is known) and that event's name ("" when none).
 */
export type ChapterPinRow = [
  id: number,
  slug: string,
  name: string,
  state: string,
  typeId: number,
  lat: number | null,
  lng: number | null,
  next: string | null,
  eventName: string,
];

/**
 * GET /api/chapters/pins (public): every active chapter as a pin row, sorted by display title, with the chapter
 * types the rows refer to. The chapter's details are read when its pin is opened (GET /api/chapter/slug/{slug}).
 */
export interface ChapterPinList {
  types: ChapterTypeInfo[];
  pins: ChapterPinRow[];
}

/**
 * GET /api/chapters/active/dates (public): every active chapter, by id, as the address of its page and when that
 * page last changed (ISO 8601, UTC): the latest change of the chapter or of one of its events. Compact, for listing
 * every chapter's page (the sitemap's entries, from the route handles).
 */
export interface ActiveChapterDate {
  slug: string;
  /** The state as the page's address has it: lower case, int for none. */
  state: string;
  /** Null when neither the chapter nor its events hold a date. */
  updatedAt: string | null;
}

/** GET /api/chapters/my: the caller's chapters with the caller's role ids in each (2 field organizer, 3 host). */
export type MyChapterInfo = ChapterSummary & { roleIds: number[] };

/** The 50 states, DC, Puerto Rico and International (spec 000 section 9). */
export const STATES: Record<string, string> = {
  al: "Alabama",
  ak: "Alaska",
  az: "Arizona",
  ar: "Arkansas",
  ca: "California",
  co: "Colorado",
  ct: "Connecticut",
  de: "Delaware",
  dc: "District of Columbia",
  fl: "Florida",
  ga: "Georgia",
  hi: "Hawaii",
  id: "Idaho",
  il: "Illinois",
  in: "Indiana",
  ia: "Iowa",
  ks: "Kansas",
  ky: "Kentucky",
  la: "Louisiana",
  me: "Maine",
  md: "Maryland",
  ma: "Massachusetts",
  mi: "Michigan",
  mn: "Minnesota",
  ms: "Mississippi",
  mo: "Missouri",
  mt: "Montana",
  ne: "Nebraska",
  nv: "Nevada",
  nh: "New Hampshire",
  nj: "New Jersey",
  nm: "New Mexico",
  ny: "New York",
  nc: "North Carolina",
  nd: "North Dakota",
  oh: "Ohio",
  ok: "Oklahoma",
  or: "Oregon",
  pa: "Pennsylvania",
  pr: "Puerto Rico",
  ri: "Rhode Island",
  sc: "South Carolina",
  sd: "South Dakota",
  tn: "Tennessee",
  tx: "Texas",
  ut: "Utah",
  vt: "Vermont",
  va: "Virginia",
  wa: "Washington",
  wv: "West Virginia",
  wi: "Wisconsin",
  wy: "Wyoming",
  int: "International",
};

/**
 * The state chooser of the home page as a plain GET form (without JavaScript): `GET {CHOOSE_STATE_PATH}?state=co`
 * answers with a redirect to /chapters/co.
 */
export const CHOOSE_STATE_PATH = "/chapters";

/** An empty state is treated as int. */
export const normalizeState = (state: string | null | undefined): string => (state ? state.toLowerCase() : "int");

/** A chapter type's name as people say it: "drinking" is "Drinking Liberally". */
export const chapterTypeTitle = (name: string): string => (name ? `${name.charAt(0).toUpperCase()}${name.slice(1)} Liberally` : "");

/** The title alone when it equals the city, otherwise "city: title". */
export const displayTitle = (c: { title: string; city: string }): string => (c.title === c.city ? c.title : `${c.city}: ${c.title}`);

/** The words of a text in lower case, to compare names by ("Drinking  Liberally!" has "drinking" and "liberally"). */
const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * A chapter's name where it stands alone (a page's title, a calendar, a list of chapters, JSON-LD): its title and
 * its type's name, "Austin Drinking Liberally", as the network calls its chapters. A title that already names its
 * type (those words, in any case) is not given it twice: it is the name as it is ("Philly Drinking Liberally"),
 * or, when it is nothing but the type's name, the city goes before it ("Drinking Liberally" in Austin is "Austin
 * Drinking Liberally"). A type without a name adds nothing. The rule: docs/decisions/103-a-chapter-says-what-it-is.md.
 */
export function chapterName(c: { title: string; city: string }, typeName: string): string {
  const title = c.title.trim();
  const type = chapterTypeTitle(typeName.trim());
  const titleWords = wordsOf(title);
  const typeWords = wordsOf(type);
  const named = typeWords.length > 0 && titleWords.some((_, i) => typeWords.every((word, j) => titleWords[i + j] === word));
  if (!named) return [title, type].filter(Boolean).join(" ");
  return titleWords.length === typeWords.length ? [c.city.trim(), title].filter(Boolean).join(" ") : title;
}

/** POST /api/chapter_event/cancel (chapter host access; answers ChapterEventInfo). */
export interface CancelEventDateRequest {
  slug: string;
  /** "YYYY-MM-DD": an upcoming meetup of the repeating event. */
  date: string;
  note: string;
  /** Send the notice to the chapter's mailing list (once) as a list email. */
  emailList: boolean;
}

/** POST /api/chapter_event/uncancel (chapter host access; answers ChapterEventInfo). */
export interface UncancelEventDateRequest {
  slug: string;
  date: string;
  /** Tell the chapter's mailing list that the meetup is back on. */
  emailList?: boolean;
}

/** How far ahead a meetup can be cancelled: from today to this many days ahead. */
export const CANCEL_AHEAD_DAYS = 90;
