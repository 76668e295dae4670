/**
 * The rows of a network-scale data set, computed without a database: deterministic for a seed, so a test can
 * check its shape and benchmarks on two databases see the same network.
 */
import crypto from "node:crypto";
import type { DateTime } from "luxon";

export interface ScaleOptions {
  chapters: number;
  members: number;
  users: number;
  /** Members of the one large chapter (capped by --members). */
  bigChapterMembers: number;
  /** Answers to upcoming meetups ("I'm coming" and "Can't make it"), spread over the chapters' next dates. */
  answers?: number;
  seed: number;
}

interface City {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export interface PlanContext {
  tag: string;
  now: DateTime;
  cities(state: string): City[];
  timeZone(state: string): string;
}

type Row = Record<string, unknown>;

/** Residents in millions (2020 census, rounded): chapters follow people. */
const STATE_WEIGHTS: Record<string, number> = {
  al: 5.0,
  ak: 0.7,
  az: 7.2,
  ar: 3.0,
  ca: 39.5,
  co: 5.8,
  ct: 3.6,
  de: 1.0,
  dc: 0.7,
  fl: 21.5,
  ga: 10.7,
  hi: 1.5,
  id: 1.8,
  il: 12.8,
  in: 6.8,
  ia: 3.2,
  ks: 2.9,
  ky: 4.5,
  la: 4.7,
  me: 1.4,
  md: 6.2,
  ma: 7.0,
  mi: 10.1,
  mn: 5.7,
  ms: 3.0,
  mo: 6.2,
  mt: 1.1,
  ne: 2.0,
  nv: 3.1,
  nh: 1.4,
  nj: 9.3,
  nm: 2.1,
  ny: 20.2,
  nc: 10.4,
  nd: 0.8,
  oh: 11.8,
  ok: 4.0,
  or: 4.2,
  pa: 13.0,
  ri: 1.1,
  sc: 5.1,
  sd: 0.9,
  tn: 6.9,
  tx: 29.1,
  ut: 3.3,
  vt: 0.6,
  va: 8.6,
  wa: 7.7,
  wv: 1.8,
  wi: 5.9,
  wy: 0.6,
  pr: 3.3,
};

/** Chapter type id and its share of the network. */
const TYPE_WEIGHTS: Array<[number, number]> = [
  [1, 55],
  [6, 15],
  [5, 10],
  [4, 8],
  [2, 6],
  [3, 6],
];
const TYPE_NAMES: Record<number, string> = { 1: "Drinking", 2: "Screening", 3: "Living", 4: "Laughing", 5: "Dining", 6: "Reading" };
const VENUES = [
  "The Rusty Anchor",
  "Blue Door Tavern",
  "Commons Cafe",
  "Union Hall",
  "The Reading Room",
  "Lakeside Grill",
  "Main Street Pub",
  "The Civic Club",
];
const FIRST = ["Alex", "Maria", "Sam", "Priya", "Jordan", "Wei", "Fatima", "Diego", "Grace", "Omar", "Hannah", "Kwame", "Lena", "Marcus", "Rosa", "Tom"];
const LAST = [
  "Garcia",
  "Smith",
  "Nguyen",
  "Johnson",
  "Patel",
  "Kim",
  "Brown",
  "Okafor",
  "Lopez",
  "Cohen",
  "Williams",
  "Silva",
  "Chen",
  "Davis",
  "Ali",
  "Murphy",
];
/** Activity items a chapter's feed holds: [type, how its title starts]. */
const ACTIVITY: Array<[string, string]> = [
  ["chapter_event", "Event updated"],
  ["chapter_event", "Event added"],
  ["mailing_list", "Email sent to the list"],
  ["mailing_list", "Members added"],
  ["chapter_content", "Page content updated"],
  ["chapter_link", "Link added"],
  ["permission", "Host added"],
  ["chapter_note", "Note added"],
];
const NETWORK_ACTIVITY: Array<[string, string]> = [
  ["host_application", "Host application"],
  ["site_content", "Blog post published"],
  ["email_alias", "Email alias updated"],
];
const QUARTERS = ["Downtown", "Eastside", "Westside", "Uptown", "Northside", "Old Town"];

/** Contact statuses and their shares: most members are active; "blocked" is what the Members screen calls Bounced. */
export const MEMBER_STATUSES: Array<[string, number]> = [
  ["active", 80],
  ["unsub", 8],
  ["blocked", 4],
  ["bounce", 3],
  ["unconfirmed", 2],
  ["deleted", 3],
];

/** mulberry32: a small seeded generator, so a seed gives the same network every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(rnd: () => number, items: Array<[T, number]>): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][0];
}

const slugPart = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
const pad2 = (n: number) => String(n).padStart(2, "0");

export interface ScalePlan {
  users: Row[];
  chapters: Row[];
  /** `chapter` (and `user`) are indexes into chapters (and users), resolved to ids after their insert. */
  events: Array<Row & { chapter: number }>;
  permissions: Array<Row & { chapter: number; user: number }>;
  chapterPosts: Array<Row & { chapter: number; user: number }>;
  pressMentions: Array<Row & { chapter: number | null }>;
  applications: Array<Row & { user: number }>;
  /** Recent Activity Feed items: each chapter's, and the network's own (chapter null). */
  activity: Array<Row & { chapter: number | null; user: number | null }>;
  notes: Array<Row & { chapter: number; user: number | null }>;
  /** The network's blog (site admin posts). */
  blogPosts: Array<Row & { user: number | null }>;
  /** Index of the chapter with bigChapterMembers members, or null when there are no chapters. */
  bigChapter: number | null;
  /** How many members each chapter gets. */
  memberCounts: number[];
  /** The members in chunks, generated lazily (a million rows need not be in memory at once). */
  members(chapterId: (index: number) => number, chunkSize?: number): Generator<Row[]>;
}

export function buildScalePlan(opts: ScaleOptions, ctx: PlanContext): ScalePlan {
  const rnd = random(opts.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const iso = (dt: DateTime) => dt.toUTC().toISO()!;
  const ago = (days: number) => iso(ctx.now.minus({ days, minutes: Math.floor(rnd() * 1440) }));
  const { tag } = ctx;
  const listBase = 1_000_000 + opts.seed * 100_000 + parseInt(tag.slice(0, 4), 16) * 20;

  const users: Row[] = [];
  for (let i = 0; i < opts.users; i++) {
    const email = `user${i}.${tag}@scale.example.org`;
    const created = ago(Math.floor(rnd() * 2000));
    users.push({ name: `${pick(FIRST)} ${pick(LAST)}`, email, username: email, created_at: created, updated_at: created });
  }

  const stateWeights = Object.entries(STATE_WEIGHTS) as Array<[string, number]>;
  const chapters: Row[] = [];
  const events: ScalePlan["events"] = [];
  const permissions: ScalePlan["permissions"] = [];
  const chapterPosts: ScalePlan["chapterPosts"] = [];
  const pressMentions: ScalePlan["pressMentions"] = [];
  const activity: ScalePlan["activity"] = [];
  const notes: ScalePlan["notes"] = [];
  const someUser = () => (opts.users > 0 ? Math.floor(rnd() * opts.users) : null);
  const cityCache = new Map<string, City[]>();
  for (let i = 0; i < opts.chapters; i++) {
    // About 1 in 200 chapters is abroad (state "int"), as in the real network.
    const state = rnd() < 0.005 ? "int" : weighted(rnd, stateWeights);
    let place: City | null = null;
    if (state !== "int") {
      if (!cityCache.has(state)) cityCache.set(state, ctx.cities(state));
      const list = cityCache.get(state)!;
      place = list.length ? pick(list) : null;
    }
    const city = place?.city ?? pick(["London", "Berlin", "Toronto", "Mexico City", "Paris"]);
    const type = weighted(rnd, TYPE_WEIGHTS);
    const title = rnd() < 0.7 ? city : `${city} ${pick(QUARTERS)}`;
    const slug = `${tag}_${slugPart(title)}_${i}`;
    const created = ago(30 + Math.floor(rnd() * 3000));
    chapters.push({
      slug,
      title,
      city,
      state,
      postal_code: place?.zip ?? "",
      country: state === "int" ? "" : "USA",
      chapter_type_id: type,
      status: rnd() < 0.9 ? 1 : 0,
      email_alias: `${slugPart(city).replace(/_/g, "")}${i}`.slice(0, 64),
      bronto_list_name: `${TYPE_NAMES[type]} Liberally ${title}`,
      bronto_list_id: `bronto-${tag}-${i}`,
      send_in_blue_list_id: String(listBase + i),
      about: `<p>${TYPE_NAMES[type]} Liberally ${title}: progressives meeting for conversation and community. Everyone is welcome.</p>`,
      time_zone: ctx.timeZone(state),
      created_at: created,
      updated_at: created,
    });

    const lat = place ? place.latitude + (rnd() - 0.5) * 0.02 : null;
    const lng = place ? place.longitude + (rnd() - 0.5) * 0.02 : null;
    const baseEvent = (k: number, name: string) => ({
      chapter: i,
      slug: `${slug}_${k}`,
      name,
      description: "",
      address1: `${100 + Math.floor(rnd() * 900)} Main St`,
      address2: "",
      city,
      state: state === "int" ? "" : state.toUpperCase(),
      postal_code: place?.zip ?? "",
      country: state === "int" ? "" : "USA",
      lat,
      lng,
      sequence: 0,
      created_at: created,
      updated_at: created,
    });
    let k = 0;
    const startHour = 17 + Math.floor(rnd() * 4);
    const times = { start_time: `${pad2(startHour)}:${rnd() < 0.5 ? "00" : "30"}`, end_time: `${pad2(startHour + 2)}:00` };
    if (rnd() < 0.95) {
      // Repeating: mostly one or two weeks of the month, some every week, some even or odd weeks.
      const weeks = weighted(rnd, [
        ["1", 15],
        ["2", 15],
        ["3", 15],
        ["4", 10],
        ["5", 10],
        ["1,3", 15],
        ["2,4", 10],
        ["0", 5],
        ["6", 3],
        ["7", 2],
      ]);
      events.push({
        ...baseEvent(k++, pick(VENUES)),
        ...times,
        is_single_date: false,
        single_date: null,
        day_of_week_index: Math.floor(rnd() * 7),
        weeks_of_month_indexes: weeks,
      });
    }
    const single = (daysFromNow: number) => ({
      ...baseEvent(k++, `${pick(VENUES)} special`),
      ...times,
      is_single_date: true,
      single_date: ctx.now.plus({ days: daysFromNow }).toISODate(),
      day_of_week_index: null,
      weeks_of_month_indexes: "",
    });
    if (rnd() < 0.3 || k === 0) events.push(single(1 + Math.floor(rnd() * 60)));
    if (rnd() < 0.2) for (let p = 1 + Math.floor(rnd() * 5); p > 0; p--) events.push(single(-1 - Math.floor(rnd() * 700)));

    if (opts.users > 0) {
      const hosts = new Set<number>();
      for (let h = rnd() < 0.4 ? 2 : 1; h > 0; h--) hosts.add(Math.floor(rnd() * opts.users));
      for (const user of hosts) permissions.push({ chapter: i, user, role_id: 3, created_at: created, updated_at: created });
      if (i % 25 === 0)
        permissions.push({ chapter: i, user: Math.floor(rnd() * Math.min(opts.users, 400)), role_id: 2, created_at: created, updated_at: created });
      // Most chapters emailed their list lately; some went quiet long ago (the last active date).
      if (rnd() < 0.8) {
        for (let p = 1 + Math.floor(rnd() * 3); p > 0; p--) {
          const at = ago(Math.floor(rnd() < 0.7 ? rnd() * 45 : rnd() * 400));
          chapterPosts.push({
            chapter: i,
            user: [...hosts][0],
            title: `News from ${title}`,
            slug: `${slug}_post_${p}`,
            body: `<p>See you at our next meetup in ${city}.</p>`,
            created_at: at,
            updated_at: at,
          });
        }
      }
    }
    // What hosts and organizers did lately, as the Recent Activity Feeds show it: a few items a month, more in
    // busy chapters; some are admin-only (notes about the chapter).
    for (let a = Math.floor(rnd() * rnd() * 40); a > 0; a--) {
      const at = ago(Math.floor(rnd() * 730));
      const [type, what] = pick(ACTIVITY);
      const adminOnly = type === "chapter_note" && rnd() < 0.5;
      activity.push({
        chapter: i,
        user: someUser(),
        type,
        title: `${what}: ${pick(VENUES)}`,
        note: rnd() < 0.3 ? `Talked it over at the ${city} meetup.` : "",
        admin_only: adminOnly,
        object_id: null,
        created_at: at,
        updated_at: at,
      });
    }
    for (let n = rnd() < 0.6 ? Math.floor(rnd() * 5) : 0; n > 0; n--) {
      const at = ago(Math.floor(rnd() * 1000));
      notes.push({
        chapter: i,
        user: someUser(),
        note: `Called the host about the ${city} venue; all good.`,
        admin_only: rnd() < 0.3,
        created_at: at,
        updated_at: at,
      });
    }
    if (rnd() < 0.05) {
      const at = ago(Math.floor(rnd() * 900));
      pressMentions.push({
        chapter: i,
        title: `${TYPE_NAMES[type]} Liberally in the ${city} news`,
        url: `https://news.example.com/${slug}`,
        notes: "",
        slug: `${slug}_press`,
        is_visible: rnd() < 0.9,
        created_at: at,
        updated_at: at,
      });
    }
  }
  for (let p = 0; p < Math.ceil(opts.chapters / 200); p++) {
    const at = ago(Math.floor(rnd() * 900));
    pressMentions.push({
      chapter: null,
      title: `Living Liberally feature ${p + 1}`,
      url: `https://press.example.com/${tag}/${p}`,
      notes: "",
      slug: `${tag}_network_press_${p}`,
      is_visible: true,
      created_at: at,
      updated_at: at,
    });
  }

  // The network's own activity (host applications, site content, aliases) and its blog.
  for (let a = 0; a < Math.ceil(opts.chapters / 5); a++) {
    const at = ago(Math.floor(rnd() * 730));
    const [type, what] = pick(NETWORK_ACTIVITY);
    activity.push({
      chapter: null,
      user: someUser(),
      type,
      title: `${what} ${a + 1}`,
      note: "",
      admin_only: true,
      object_id: null,
      created_at: at,
      updated_at: at,
    });
  }
  const blogPosts: ScalePlan["blogPosts"] = [];
  for (let b = 0; b < Math.ceil(opts.chapters / 50); b++) {
    const at = ago(Math.floor(rnd() * 1500));
    blogPosts.push({
      user: someUser(),
      title: `Living Liberally dispatch ${b + 1}`,
      slug: `${tag}_dispatch_${b}`,
      body: `<p>News from around the network: new chapters, big meetups and what comes next (${b + 1}).</p>`,
      is_public: rnd() < 0.95,
      created_at: at,
      updated_at: at,
    });
  }

  const applications: ScalePlan["applications"] = [];
  if (opts.users > 0) {
    for (let a = 0; a < Math.ceil(opts.chapters / 10); a++) {
      const state = weighted(rnd, stateWeights);
      const at = ago(Math.floor(rnd() * 700));
      const status = weighted(rnd, [
        ["open", 40],
        ["approved", 30],
        ["approved_without_creation", 10],
        ["denied", 20],
      ]);
      applications.push({
        user: Math.floor(rnd() * opts.users),
        slug: `${tag}_application_${a}`,
        city: pick(cityCache.get(state) ?? ctx.cities(state))?.city ?? "Springfield",
        state,
        type: pick(["drinking", "dining", "laughing"]),
        reason: "I would like to bring progressives in my town together.",
        status,
        is_archived: status !== "open" && rnd() < 0.5,
        did_have_phone_call: rnd() < 0.5,
        did_sign_agreement: rnd() < 0.4,
        did_give_additional_info: rnd() < 0.3,
        created_at: at,
        updated_at: at,
      });
    }
  }

  // Members: one large chapter, the rest spread unevenly (a few big lists, many small ones).
  const memberCounts = new Array<number>(opts.chapters).fill(0);
  let bigChapter: number | null = null;
  if (opts.chapters > 0 && opts.members > 0) {
    bigChapter = chapters.findIndex((c) => c.status === 1);
    if (bigChapter < 0) bigChapter = 0;
    memberCounts[bigChapter] = Math.min(opts.bigChapterMembers, opts.members);
    const rest = opts.members - memberCounts[bigChapter];
    const weights = chapters.map((_, i) => (i === bigChapter ? 0 : Math.exp(rnd() * 4)));
    const total = weights.reduce((s, w) => s + w, 0);
    let given = 0;
    for (let i = 0; i < weights.length; i++) {
      const n = total > 0 ? Math.floor((rest * weights[i]) / total) : 0;
      memberCounts[i] += n;
      given += n;
    }
    // Rounding leftovers go to the chapters in order, one each.
    for (let i = 0, left = rest - given; left > 0; i = (i + 1) % weights.length) {
      if (i === bigChapter && weights.length > 1) continue;
      memberCounts[i]++;
      left--;
    }
  }

  function* members(chapterId: (index: number) => number, chunkSize = 50_000): Generator<Row[]> {
    const mrnd = random(opts.seed * 7919 + 1);
    let chunk: Row[] = [];
    let n = 0;
    for (let c = 0; c < memberCounts.length; c++) {
      for (let m = 0; m < memberCounts[c]; m++, n++) {
        const status = weighted(mrnd, MEMBER_STATUSES);
        const sends = Math.floor(mrnd() * 60);
        const created = iso(ctx.now.minus({ minutes: Math.floor(mrnd() * 60 * 24 * 1500) }));
        chunk.push({
          chapter_id: chapterId(c),
          email: `member${n}.${tag}@scale.example.net`,
          status,
          num_sends: sends,
          num_opens: Math.floor(sends * mrnd() * 0.6),
          num_clicks: Math.floor(sends * mrnd() * 0.1),
          unsubscribe_token: crypto.randomBytes(16).toString("hex"),
          deleted_at: status === "deleted" ? created : null,
          created_at: created,
          updated_at: created,
        });
        if (chunk.length >= chunkSize) {
          yield chunk;
          chunk = [];
        }
      }
    }
    if (chunk.length) yield chunk;
  }

  return { users, chapters, events, permissions, chapterPosts, pressMentions, applications, activity, notes, blogPosts, bigChapter, memberCounts, members };
}
