/**
 * The time zones a chapter may have (IANA names), and the default for a state. Shared by server and UI
 * (Chapter Settings offers TIME_ZONES). No Node imports.
 *
 * The list is limited to zones whose current rules the calendar feeds' VTIMEZONE data describes exactly;
 * server/schedule/timeZones.test.ts checks every one against the engine's own zone data.
 */
export interface TimeZoneChoice {
  zone: string;
  label: string;
}

export const TIME_ZONES: TimeZoneChoice[] = [
  { zone: "America/New_York", label: "Eastern (New York)" },
  { zone: "America/Detroit", label: "Eastern (Detroit)" },
  { zone: "America/Indiana/Indianapolis", label: "Eastern (Indianapolis)" },
  { zone: "America/Kentucky/Louisville", label: "Eastern (Louisville)" },
  { zone: "America/Chicago", label: "Central (Chicago)" },
  { zone: "America/Indiana/Knox", label: "Central (Knox, Indiana)" },
  { zone: "America/Menominee", label: "Central (Menominee, Michigan)" },
  { zone: "America/North_Dakota/Center", label: "Central (Center, North Dakota)" },
  { zone: "America/Denver", label: "Mountain (Denver)" },
  { zone: "America/Boise", label: "Mountain (Boise)" },
  { zone: "America/Phoenix", label: "Mountain, no daylight saving (Phoenix)" },
  { zone: "America/Los_Angeles", label: "Pacific (Los Angeles)" },
  { zone: "America/Anchorage", label: "Alaska (Anchorage)" },
  { zone: "America/Juneau", label: "Alaska (Juneau)" },
  { zone: "America/Adak", label: "Hawaii-Aleutian (Adak)" },
  { zone: "Pacific/Honolulu", label: "Hawaii (Honolulu)" },
  { zone: "America/Puerto_Rico", label: "Atlantic (Puerto Rico)" },
  { zone: "America/St_Thomas", label: "Atlantic (US Virgin Islands)" },
  { zone: "Pacific/Guam", label: "Chamorro (Guam)" },
  { zone: "Pacific/Pago_Pago", label: "Samoa (Pago Pago)" },
  { zone: "America/Toronto", label: "Canada Eastern (Toronto)" },
  { zone: "America/Vancouver", label: "Canada Pacific (Vancouver)" },
  { zone: "America/Halifax", label: "Canada Atlantic (Halifax)" },
  { zone: "America/Bogota", label: "Colombia (Bogota)" },
  { zone: "America/Lima", label: "Peru (Lima)" },
  { zone: "America/Argentina/Buenos_Aires", label: "Argentina (Buenos Aires)" },
  { zone: "Europe/London", label: "United Kingdom (London)" },
  { zone: "Europe/Dublin", label: "Ireland (Dublin)" },
  { zone: "Europe/Lisbon", label: "Portugal (Lisbon)" },
  { zone: "Europe/Paris", label: "Central Europe (Paris)" },
  { zone: "Europe/Berlin", label: "Central Europe (Berlin)" },
  { zone: "Europe/Madrid", label: "Central Europe (Madrid)" },
  { zone: "Europe/Rome", label: "Central Europe (Rome)" },
  { zone: "Europe/Amsterdam", label: "Central Europe (Amsterdam)" },
  { zone: "Europe/Stockholm", label: "Central Europe (Stockholm)" },
  { zone: "Europe/Athens", label: "Eastern Europe (Athens)" },
  { zone: "Africa/Johannesburg", label: "South Africa (Johannesburg)" },
  { zone: "Africa/Nairobi", label: "East Africa (Nairobi)" },
  { zone: "Asia/Dubai", label: "Gulf (Dubai)" },
  { zone: "Asia/Kolkata", label: "India (Kolkata)" },
  { zone: "Asia/Singapore", label: "Singapore" },
  { zone: "Asia/Hong_Kong", label: "Hong Kong" },
  { zone: "Asia/Shanghai", label: "China (Shanghai)" },
  { zone: "Asia/Manila", label: "Philippines (Manila)" },
  { zone: "Asia/Seoul", label: "Korea (Seoul)" },
  { zone: "Asia/Tokyo", label: "Japan (Tokyo)" },
  { zone: "Australia/Perth", label: "Australia Western (Perth)" },
  { zone: "Australia/Brisbane", label: "Australia Eastern, no daylight saving (Brisbane)" },
  { zone: "Australia/Sydney", label: "Australia Eastern (Sydney)" },
  { zone: "Pacific/Auckland", label: "New Zealand (Auckland)" },
  { zone: "UTC", label: "UTC" },
];

const TIME_ZONE_NAMES: ReadonlySet<string> = new Set(TIME_ZONES.map((z) => z.zone));

export const isAllowedTimeZone = (zone: unknown): zone is string => typeof zone === "string" && TIME_ZONE_NAMES.has(zone);

/**
 * The zone most of a state's people live in (spec 000 section 9's state list: 50 states, dc, pr, int).
 * Split states take their largest cities' zone: Florida, Indiana, Kentucky and Michigan Eastern; Tennessee,
 * Kansas, Nebraska and the Dakotas Central; Idaho Boise (Mountain); Oregon Pacific.
 */
export const STATE_TIME_ZONES: Record<string, string> = {
  al: "America/Chicago",
  ak: "America/Anchorage",
  az: "America/Phoenix",
  ar: "America/Chicago",
  ca: "America/Los_Angeles",
  co: "America/Denver",
  ct: "America/New_York",
  de: "America/New_York",
  dc: "America/New_York",
  fl: "America/New_York",
  ga: "America/New_York",
  hi: "Pacific/Honolulu",
  id: "America/Boise",
  il: "America/Chicago",
  in: "America/Indiana/Indianapolis",
  ia: "America/Chicago",
  ks: "America/Chicago",
  ky: "America/New_York",
  la: "America/Chicago",
  me: "America/New_York",
  md: "America/New_York",
  ma: "America/New_York",
  mi: "America/Detroit",
  mn: "America/Chicago",
  ms: "America/Chicago",
  mo: "America/Chicago",
  mt: "America/Denver",
  ne: "America/Chicago",
  nv: "America/Los_Angeles",
  nh: "America/New_York",
  nj: "America/New_York",
  nm: "America/Denver",
  ny: "America/New_York",
  nc: "America/New_York",
  nd: "America/Chicago",
  oh: "America/New_York",
  ok: "America/Chicago",
  or: "America/Los_Angeles",
  pa: "America/New_York",
  pr: "America/Puerto_Rico",
  ri: "America/New_York",
  sc: "America/New_York",
  sd: "America/Chicago",
  tn: "America/Chicago",
  tx: "America/Chicago",
  ut: "America/Denver",
  vt: "America/New_York",
  va: "America/New_York",
  wa: "America/Los_Angeles",
  wv: "America/New_York",
  wi: "America/Chicago",
  wy: "America/Denver",
};

/** International chapters: a zone from the country when it names one we know, otherwise UTC. */
const COUNTRY_TIME_ZONES: Record<string, string> = {
  "united kingdom": "Europe/London",
  uk: "Europe/London",
  england: "Europe/London",
  scotland: "Europe/London",
  wales: "Europe/London",
  ireland: "Europe/Dublin",
  portugal: "Europe/Lisbon",
  france: "Europe/Paris",
  germany: "Europe/Berlin",
  spain: "Europe/Madrid",
  italy: "Europe/Rome",
  netherlands: "Europe/Amsterdam",
  sweden: "Europe/Stockholm",
  greece: "Europe/Athens",
  canada: "America/Toronto",
  colombia: "America/Bogota",
  peru: "America/Lima",
  argentina: "America/Argentina/Buenos_Aires",
  "south africa": "Africa/Johannesburg",
  kenya: "Africa/Nairobi",
  "united arab emirates": "Asia/Dubai",
  india: "Asia/Kolkata",
  singapore: "Asia/Singapore",
  "hong kong": "Asia/Hong_Kong",
  china: "Asia/Shanghai",
  philippines: "Asia/Manila",
  "south korea": "Asia/Seoul",
  korea: "Asia/Seoul",
  japan: "Asia/Tokyo",
  australia: "Australia/Sydney",
  "new zealand": "Pacific/Auckland",
};

/** The default zone of a new chapter: from its state; for int (or an empty state) from its country, else UTC. */
export function defaultTimeZone(state: string | null | undefined, country?: string | null): string {
  const s = (state ?? "").trim().toLowerCase();
  if (STATE_TIME_ZONES[s]) return STATE_TIME_ZONES[s];
  return COUNTRY_TIME_ZONES[(country ?? "").trim().toLowerCase()] ?? "UTC";
}
