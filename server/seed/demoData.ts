/** The demo network loaded into an empty database on first start (SEED_DEMO=false turns it off). */
export interface DemoChapter {
  slug: string;
  title: string;
  city: string;
  state: string;
  postalCode: string;
  type: number;
  status: number;
  timeZone: string;
  venue: string;
  address: string;
  /** weekday 0-6 and week codes, or a single date offset in days from today */
  schedule: { day: number; weeks: string; start: string; end: string } | { inDays: number; start: string; end: string };
}

export const DEMO_CHAPTERS: DemoChapter[] = [
  {
    slug: "nyc",
    title: "New York City",
    city: "New York City",
    state: "ny",
    postalCode: "10014",
    type: 1,
    status: 1,
    timeZone: "America/New_York",
    venue: "Rudy's Bar",
    address: "627 9th Ave",
    schedule: { day: 2, weeks: "0", start: "19:00", end: "21:00" },
  },
  {
    slug: "brooklyn",
    title: "Brooklyn",
    city: "Brooklyn",
    state: "ny",
    postalCode: "11201",
    type: 2,
    status: 1,
    timeZone: "America/New_York",
    venue: "Union Hall",
    address: "702 Union St",
    schedule: { day: 3, weeks: "1", start: "19:30", end: "22:00" },
  },
  {
    slug: "boston",
    title: "Boston",
    city: "Boston",
    state: "ma",
    postalCode: "02108",
    type: 1,
    status: 1,
    timeZone: "America/New_York",
    venue: "The Burren",
    address: "247 Elm St",
    schedule: { day: 4, weeks: "2,4", start: "18:30", end: "20:30" },
  },
  {
    slug: "philadelphia",
    title: "Philly Drinking Liberally",
    city: "Philadelphia",
    state: "pa",
    postalCode: "19107",
    type: 1,
    status: 1,
    timeZone: "America/New_York",
    venue: "Fergie's Pub",
    address: "1214 Sansom St",
    schedule: { day: 2, weeks: "0", start: "18:00", end: "20:00" },
  },
  {
    slug: "pittsburgh",
    title: "Pittsburgh",
    city: "Pittsburgh",
    state: "pa",
    postalCode: "15222",
    type: 6,
    status: 0,
    timeZone: "America/New_York",
    venue: "City Books",
    address: "908 Galveston Ave",
    schedule: { day: 0, weeks: "3", start: "14:00", end: "16:00" },
  },
  {
    slug: "washington_dc",
    title: "Washington DC",
    city: "Washington",
    state: "dc",
    postalCode: "20001",
    type: 1,
    status: 1,
    timeZone: "America/New_York",
    venue: "Busboys and Poets",
    address: "2021 14th St NW",
    schedule: { day: 4, weeks: "0", start: "18:30", end: "21:00" },
  },
  {
    slug: "atlanta",
    title: "Atlanta",
    city: "Atlanta",
    state: "ga",
    postalCode: "30303",
    type: 5,
    status: 1,
    timeZone: "America/New_York",
    venue: "Manuel's Tavern",
    address: "602 N Highland Ave NE",
    schedule: { day: 1, weeks: "5", start: "19:00", end: "21:00" },
  },
  {
    slug: "miami",
    title: "Miami",
    city: "Miami",
    state: "fl",
    postalCode: "33130",
    type: 4,
    status: 1,
    timeZone: "America/New_York",
    venue: "The Corner",
    address: "1035 N Miami Ave",
    schedule: { day: 5, weeks: "1,3", start: "20:00", end: "22:00" },
  },
  {
    slug: "chicago",
    title: "Chicago",
    city: "Chicago",
    state: "il",
    postalCode: "60614",
    type: 1,
    status: 1,
    timeZone: "America/Chicago",
    venue: "Hopleaf",
    address: "5148 N Clark St",
    schedule: { day: 3, weeks: "0", start: "19:00", end: "21:00" },
  },
  {
    slug: "madison",
    title: "Madison",
    city: "Madison",
    state: "wi",
    postalCode: "53703",
    type: 6,
    status: 1,
    timeZone: "America/Chicago",
    venue: "A Room of One's Own",
    address: "315 W Gorham St",
    schedule: { day: 1, weeks: "2", start: "18:30", end: "20:00" },
  },
  {
    slug: "austin",
    title: "Austin",
    city: "Austin",
    state: "tx",
    postalCode: "78701",
    type: 1,
    status: 1,
    timeZone: "America/Chicago",
    venue: "Scholz Garten",
    address: "1607 San Jacinto Blvd",
    schedule: { day: 2, weeks: "6", start: "18:00", end: "20:00" },
  },
  {
    slug: "houston",
    title: "Houston Laughing Liberally",
    city: "Houston",
    state: "tx",
    postalCode: "77002",
    type: 4,
    status: 1,
    timeZone: "America/Chicago",
    venue: "The Secret Group",
    address: "2101 Polk St",
    schedule: { day: 6, weeks: "7", start: "20:00", end: "22:00" },
  },
  {
    slug: "dallas",
    title: "Dallas",
    city: "Dallas",
    state: "tx",
    postalCode: "75201",
    type: 5,
    status: 0,
    timeZone: "America/Chicago",
    venue: "Lee Harvey's",
    address: "1807 Gould St",
    schedule: { day: 4, weeks: "1", start: "19:00", end: "21:00" },
  },
  {
    slug: "denver",
    title: "Denver",
    city: "Denver",
    state: "co",
    postalCode: "80202",
    type: 1,
    status: 1,
    timeZone: "America/Denver",
    venue: "Wynkoop Brewing",
    address: "1634 18th St",
    schedule: { day: 2, weeks: "2,4", start: "18:00", end: "20:00" },
  },
  {
    slug: "phoenix",
    title: "Phoenix",
    city: "Phoenix",
    state: "az",
    postalCode: "85004",
    type: 3,
    status: 1,
    timeZone: "America/Phoenix",
    venue: "Changing Hands",
    address: "300 W Camelback Rd",
    schedule: { day: 3, weeks: "3", start: "18:00", end: "19:30" },
  },
  {
    slug: "los_angeles",
    title: "Los Angeles",
    city: "Los Angeles",
    state: "ca",
    postalCode: "90028",
    type: 2,
    status: 1,
    timeZone: "America/Los_Angeles",
    venue: "Cinefamily",
    address: "611 N Fairfax Ave",
    schedule: { day: 4, weeks: "1,3", start: "19:30", end: "22:00" },
  },
  {
    slug: "san_francisco",
    title: "San Francisco",
    city: "San Francisco",
    state: "ca",
    postalCode: "94103",
    type: 1,
    status: 1,
    timeZone: "America/Los_Angeles",
    venue: "Zeitgeist",
    address: "199 Valencia St",
    schedule: { day: 1, weeks: "0", start: "18:30", end: "20:30" },
  },
  {
    slug: "oakland",
    title: "Oakland",
    city: "Oakland",
    state: "ca",
    postalCode: "94612",
    type: 5,
    status: 1,
    timeZone: "America/Los_Angeles",
    venue: "Oakland Public House",
    address: "1630 San Pablo Ave",
    schedule: { inDays: 10, start: "12:00", end: "14:00" },
  },
  {
    slug: "seattle",
    title: "Seattle",
    city: "Seattle",
    state: "wa",
    postalCode: "98101",
    type: 1,
    status: 1,
    timeZone: "America/Los_Angeles",
    venue: "The Pike Pub",
    address: "1415 1st Ave",
    schedule: { day: 2, weeks: "0", start: "19:00", end: "21:00" },
  },
  {
    slug: "portland",
    title: "Portland",
    city: "Portland",
    state: "or",
    postalCode: "97205",
    type: 6,
    status: 1,
    timeZone: "America/Los_Angeles",
    venue: "Powell's Books",
    address: "1005 W Burnside St",
    schedule: { day: 0, weeks: "2", start: "15:00", end: "17:00" },
  },
  {
    slug: "anchorage",
    title: "Anchorage",
    city: "Anchorage",
    state: "ak",
    postalCode: "99501",
    type: 1,
    status: 1,
    timeZone: "America/Anchorage",
    venue: "Humpy's Alehouse",
    address: "610 W 6th Ave",
    schedule: { day: 4, weeks: "1", start: "18:00", end: "20:00" },
  },
  {
    slug: "honolulu",
    title: "Honolulu",
    city: "Honolulu",
    state: "hi",
    postalCode: "96813",
    type: 5,
    status: 1,
    timeZone: "Pacific/Honolulu",
    venue: "Murphy's Bar & Grill",
    address: "2 Merchant St",
    schedule: { day: 5, weeks: "5", start: "17:30", end: "19:30" },
  },
  {
    slug: "san_juan",
    title: "San Juan",
    city: "San Juan",
    state: "pr",
    postalCode: "00901",
    type: 1,
    status: 1,
    timeZone: "America/Puerto_Rico",
    venue: "La Factoría",
    address: "148 Calle San Sebastián",
    schedule: { day: 4, weeks: "0", start: "20:00", end: "22:00" },
  },
  {
    slug: "london",
    title: "London",
    city: "London",
    state: "int",
    postalCode: "WC2N 5DU",
    type: 1,
    status: 1,
    timeZone: "Europe/London",
    venue: "The Sherlock Holmes",
    address: "10 Northumberland St",
    schedule: { day: 2, weeks: "1", start: "19:00", end: "21:00" },
  },
];

/** A demo host or field organizer: when they joined, and the note they last left on their first chapter. */
export interface DemoHost {
  name: string;
  email: string;
  chapters: string[];
  role: number;
  /** Days before the seed the account was made. */
  joinedDaysAgo: number;
  note: { text: string; daysAgo: number; hour: number; minute: number };
}

/** Hosts (role 3) are listed before field organizers (role 2): a chapter's first person is the one who runs it. */
export const DEMO_HOSTS: DemoHost[] = [
  {
    name: "Maria Alvarez",
    email: "maria.alvarez@example.org",
    chapters: ["nyc", "brooklyn"],
    role: 3,
    joinedDaysAgo: 4210,
    note: { text: "Rudy's wants a headcount by Monday for the back room; I told them 25.", daysAgo: 3, hour: 14, minute: 12 },
  },
  {
    name: "James Okafor",
    email: "james.okafor@example.org",
    chapters: ["chicago", "madison"],
    role: 3,
    joinedDaysAgo: 2890,
    note: { text: "Hopleaf is renovating in March: we may move to the Clark St taproom for two weeks.", daysAgo: 9, hour: 10, minute: 47 },
  },
  {
    name: "Rosa Delgado",
    email: "rosa.delgado@example.org",
    chapters: ["austin"],
    role: 3,
    joinedDaysAgo: 3660,
    note: { text: "Scholz Garten gave us the patio for the summer; ten years this spring, we should plan something.", daysAgo: 1, hour: 19, minute: 5 },
  },
  {
    name: "Tom Becker",
    email: "tom.becker@example.org",
    chapters: ["seattle", "portland"],
    role: 3,
    joinedDaysAgo: 1975,
    note: { text: "New co-host candidate in Portland (met at the last meetup); will introduce them next month.", daysAgo: 16, hour: 21, minute: 30 },
  },
  {
    name: "Dev Shah",
    email: "dev.shah@example.org",
    chapters: ["boston", "philadelphia", "washington_dc"],
    role: 3,
    joinedDaysAgo: 5120,
    note: { text: "The Burren raised the room fee; asking members whether to chip in or move to the front bar.", daysAgo: 27, hour: 8, minute: 55 },
  },
  {
    name: "Priya Raman",
    email: "priya.raman@example.org",
    chapters: ["austin", "houston", "dallas"],
    role: 2,
    joinedDaysAgo: 2210,
    note: { text: "Called Rosa: Austin is doing well. Dallas needs a second host before we switch it on.", daysAgo: 6, hour: 11, minute: 20 },
  },
  {
    name: "Lena Park",
    email: "lena.park@example.org",
    chapters: ["los_angeles", "san_francisco", "oakland"],
    role: 2,
    joinedDaysAgo: 1460,
    note: { text: "Oakland's first months look good: 25 on the list, two emails out. Check in again after the holidays.", daysAgo: 45, hour: 16, minute: 3 },
  },
];

/**
 * The demo's posts, varied as hosts write them: `day` is the weekday the chapter meets ("Tuesday"), or "" for a
 * one-off meetup, so a Tuesday chapter never says "See you Sunday".
 */
export const DEMO_POST_BODIES: ((c: DemoChapter, day: string) => string)[] = [
  (c, day) => `Hello friends! We meet again at ${c.venue}, ${c.address}${day ? `, ${day} as always` : ""}. Newcomers are always welcome.`,
  (c, day) => `Quick reminder: ${day ? `this ${day}` : "next time"} we are at ${c.venue}. Look for the sign on the table, and bring a friend.`,
  (c) => `Thanks to everyone who came out last time: a full table at ${c.venue}! Our next meetup is on the calendar on our page.`,
  (c, day) =>
    `We have a guest speaker this month, a local organizer who will talk about what is on the ballot. ${day ? `${day} at ${c.venue}` : `At ${c.venue}`}, as usual.`,
  (c) => `The venue asked us to let them know numbers: reply to this email if you are coming to ${c.venue}. First-timers especially welcome.`,
];

export const DEMO_PAGES = [
  {
    slug: "about",
    title: "About Living Liberally",
    body: `Living Liberally is a network of social clubs that build progressive community through **fun, friendship and local action**.

Drinking Liberally started in 2003 in a New York bar, as a place where like-minded people could talk politics over a pint. Today our chapters meet in bars, cinemas, comedy clubs, restaurants and bookstores across the country, and a few beyond it.

- **Drinking Liberally**: progressive conversation over a drink.
- **Screening Liberally**: films that start conversations.
- **Laughing Liberally**: comedy with a point of view.
- **Dining Liberally**: breaking bread together.
- **Reading Liberally**: books that matter.

Find a chapter near you on the map, or [start one](/intro_start_chapter).`,
  },
  {
    slug: "chapter_types",
    title: "Chapter Types",
    body: `Every chapter is one of our types. Each has its own colour on the map.

| Type | What happens |
| --- | --- |
| Drinking | A regular night at a local bar to talk politics. |
| Screening | A film night, with discussion afterwards. |
| Living | A general get-together: picnics, walks, game nights. |
| Laughing | Stand-up and improv with a progressive bent. |
| Dining | A shared meal at a local restaurant. |
| Reading | A book club for progressive reads. |`,
  },
  {
    slug: "chapter_resources",
    title: "Chapter Resources",
    body: `Welcome to your chapter's toolkit.

1. **Keep a regular schedule.** Chapters meet at least monthly; the same place and time every week or month makes it easy to come back.
2. **Email your list.** Use *Send Email* in the side menu before every meeting. Chapters that send no email for two months are removed from the map.
3. **Invite speakers.** Local candidates, organizers and journalists love a friendly room.
4. **Ask your field organizer.** They are there to help: see *Chapter Hosts* for their address.`,
  },
];

export const DEMO_WIKI = [
  {
    slug: "host_handbook",
    title: "Host Handbook",
    isPublic: true,
    isEditable: true,
    body: "How to run a great chapter night: arrive early, greet newcomers, wear the button, and send the reminder email on Monday.",
  },
  {
    slug: "field_organizer_playbook",
    title: "Field Organizer Playbook",
    isPublic: false,
    isEditable: true,
    body: "Internal notes for field organizers: call every new host within a week of approval; review quiet chapters monthly.",
  },
  { slug: "email_templates", title: "Email Templates", isPublic: true, isEditable: false, body: "<p>Hi {{name}}, our next meeting is on <b>{{date}}</b>.</p>" },
];

export const DEMO_BLOG = [
  {
    slug: "twenty_years_of_drinking_liberally",
    title: "Twenty years of Drinking Liberally",
    daysAgo: 3,
    body: "Two decades ago a handful of friends met in a bar on 9th Avenue. Here is what we have learned since.",
  },
  { slug: "new_chapters_this_fall", title: "New chapters this fall", daysAgo: 12, body: "Welcome to our newest chapters in Oakland, Honolulu and San Juan!" },
  {
    slug: "hosting_tips_from_the_field",
    title: "Hosting tips from the field",
    daysAgo: 30,
    body: "Our field organizers share what makes a chapter night work.",
  },
  {
    slug: "screening_liberally_film_list",
    title: "The Screening Liberally film list",
    daysAgo: 45,
    body: "Twelve films that started the best conversations at our screenings this year.",
  },
  { slug: "laughing_liberally_on_tour", title: "Laughing Liberally on tour", daysAgo: 70, body: "Our comedians head out on the road this spring." },
  { slug: "reading_list_for_winter", title: "A reading list for winter", daysAgo: 95, body: "Book club picks from our Reading Liberally chapters." },
];

export const DEMO_PRESS = [
  { title: "The bar where progressives find each other", url: "https://example.com/news/bar-progressives", chapter: "nyc", daysAgo: 5 },
  { title: "Austin's Drinking Liberally turns ten", url: "https://example.com/austin/drinking-liberally-ten", chapter: "austin", daysAgo: 9 },
  { title: "Houston comedians take on politics", url: "https://example.com/houston/comedy-politics", chapter: "houston", daysAgo: 16 },
  { title: "Book clubs with a cause", url: "https://example.com/culture/book-clubs", chapter: "madison", daysAgo: 21 },
  { title: "Seattle's progressive happy hour", url: "https://example.com/seattle/happy-hour", chapter: "seattle", daysAgo: 28 },
  { title: "Dinner and democracy in Atlanta", url: "https://example.com/atlanta/dinner-democracy", chapter: "atlanta", daysAgo: 33 },
  { title: "How a social club became a political network", url: "https://example.com/politics/social-club-network", chapter: null, daysAgo: 40 },
  { title: "Films that start conversations", url: "https://example.com/film/conversations", chapter: "los_angeles", daysAgo: 52 },
  { title: "Boston's pub politics", url: "https://example.com/boston/pub-politics", chapter: "boston", daysAgo: 61 },
  { title: "An unpublished draft mention", url: "https://example.com/draft", chapter: "chicago", daysAgo: 2, hidden: true },
];
