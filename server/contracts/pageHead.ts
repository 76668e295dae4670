/**
 * What a public page says about itself before any script runs: its title, description, canonical URL, Open Graph
 * and Twitter card tags and schema.org JSON-LD. Each public route's handle (ui/screens/public/routes.tsx) makes its
 * head with these, from the API answers its loader read; the server writes it into the HTML it sends
 * (server/web/head.ts). Shared by server and UI; no Node.
 */
import {
  CHAPTER_ACTIVE,
  CHAPTER_PAGE_DATES,
  STATES,
  chapterName,
  chapterPageMeetups,
  chapterTypeTitle,
  type ChapterDetail,
  type ChapterEventInfo,
  type ChapterWithEvents,
} from "./chapter";
import type { BlogPostInfo, PageInfo, WikiPageInfo } from "./content";

export const SITE_NAME = "Living Liberally";

export interface PageHead {
  /** The document title, as the page itself sets it once it runs. */
  title: string;
  description: string;
  /** Path of the canonical URL, joined to PUBLIC_URL. */
  path: string;
  /** Path or absolute URL of the preview image. */
  image?: string;
  imageAlt?: string;
  ogType?: "website" | "article";
  jsonLd?: object[];
  /** Keeps search engines from listing the page (hidden chapters, non-public content, pages that do not exist). */
  noindex?: boolean;
  /** The HTTP status of the page: 404 when what the path names does not exist. */
  status?: number;
}

/** A page the sitemap lists, as a route's handle states it (ui/lib/routeData.ts): its path and when it last changed. */
export interface SitemapEntry {
  /** Path of the page's URL, joined to PUBLIC_URL. */
  path: string;
  /** W3C datetime; none when the page has no date of its own. */
  lastmod?: string | null;
}

/** The latest of ISO 8601 UTC dates (they sort as text), null when none is given: a page's lastmod from its parts'. */
export const latestDate = (...dates: (string | null | undefined)[]): string | null =>
  dates.filter((d): d is string => !!d).reduce<string | null>((a, b) => (a && a > b ? a : b), null);

/** What a head needs beyond the page's answers: the site's public URL (PUBLIC_URL), for absolute links in JSON-LD. */
export interface HeadSite {
  publicUrl: string;
}

const NETWORK_DESCRIPTION = "Find a Living Liberally chapter near you: progressive community over drinks, films, comedy, dinners and books.";

/** A page's document title: what it is, then the site's name. */
export const titled = (title: string) => `${title} | ${SITE_NAME}`;

/** The head of a path that names nothing: 404, kept out of search engines. */
const notFoundHead = (title: string, path: string): PageHead => ({
  title: titled(title),
  description: NETWORK_DESCRIPTION,
  path,
  noindex: true,
  status: 404,
});

/** Descriptions as search engines and previews show them: one line, at most about 200 characters. */
export function summarize(text: string, max = 200): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** Rich text (markdown with some HTML) as one plain line for a description. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/<[^>]*>/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^[ \t]*(#{1,6}|>|[-*+]|\d+\.)[ \t]+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The network's preview image, of every public page that has no image of its own (server/web/seoRoutes.ts). */
export const NETWORK_IMAGE_PATH = "/og/network.png";

/** The preview image of chapters of a type without a header image of their own (routes in server/web/seoRoutes.ts). */
const chapterTypeImagePath = (chapterTypeId: number) => `/og/chapter_type/${chapterTypeId}.png`;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "Tuesday, December 8, 2026, 7:00 PM" in the chapter's own time zone: the wall time an answer's date-time
 * (ISO with the chapter's offset, "2026-12-08T19:00:00-06:00") carries, read as written.
 */
export function meetupTime(isoWithOffset: string): string {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)/.exec(isoWithOffset);
  if (!m) return isoWithOffset;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${weekday}, ${MONTHS[month - 1]} ${day}, ${year}, ${h12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/**
 * What comes next, in one line: "Tuesday, December 8, 2026, 7:00 PM at Scholz Garten, 1607 San Jacinto Blvd, Austin".
 * The signup box says it after joining, and the welcome email (server/commands/listWelcome.ts) repeats it.
 */
export function meetupLine(meetup: { start: string; event: Pick<ChapterEventInfo, "name" | "address1" | "city"> }): string {
  const where = [meetup.event.name, meetup.event.address1, meetup.event.city].filter(Boolean).join(", ");
  return where ? `${meetupTime(meetup.start)} at ${where}` : meetupTime(meetup.start);
}

function soonest(events: ChapterEventInfo[]): { event: ChapterEventInfo; start: string } | null {
  let best: { event: ChapterEventInfo; start: string } | null = null;
  for (const event of events) {
    const next = event.nextDates[0];
    if (next && (!best || Date.parse(next.start) < Date.parse(best.start))) best = { event, start: next.start };
  }
  return best;
}

/**
 * The chapter's meetups as schema.org Events: the dates its page lists (chapterPageMeetups), and the cancelled
 * meetups within that range, marked EventCancelled (as Google asks for cancelled events) rather than left out.
 */
function eventsJsonLd(chapter: ChapterDetail, name: string, url: string) {
  const events = chapter.chapterEvents;
  const organizer = { "@type": "Organization", name, url };
  const listed = chapterPageMeetups(events);
  const lastListed = listed.length === CHAPTER_PAGE_DATES ? Date.parse(listed[listed.length - 1].start) : Infinity;
  const cancelled = events.flatMap((event) =>
    event.cancelledDates.filter((c) => Date.parse(c.start) <= lastListed).map((c) => ({ start: c.start, end: c.end, event, cancelled: true })),
  );
  return [...listed.map((m) => ({ ...m, cancelled: false })), ...cancelled]
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .map(({ event: e, start, end, cancelled: isCancelled }) => ({
      "@type": "Event",
      name: `${name} at ${e.name}`,
      description: summarize(plainText(e.description), 300),
      startDate: start,
      endDate: end,
      eventStatus: isCancelled ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      isAccessibleForFree: true,
      location: {
        "@type": "Place",
        name: e.name,
        address: {
          "@type": "PostalAddress",
          streetAddress: [e.address1, e.address2].filter(Boolean).join(", "),
          addressLocality: e.city,
          addressRegion: e.state.toUpperCase(),
          postalCode: e.postalCode,
          addressCountry: e.country || "US",
        },
        ...(e.lat != null && e.lng != null ? { geo: { "@type": "GeoCoordinates", latitude: e.lat, longitude: e.lng } } : {}),
      },
      organizer,
      url,
    }));
}

/** The home page: the network's Organization and WebSite. */
export function homeHead({ publicUrl }: HeadSite): PageHead {
  return {
    title: `${SITE_NAME}: find a chapter near you`,
    description: NETWORK_DESCRIPTION,
    path: "/",
    jsonLd: [
      { "@context": "https://schema.org", "@type": "Organization", name: SITE_NAME, url: `${publicUrl}/`, logo: `${publicUrl}/favicon.svg` },
      { "@context": "https://schema.org", "@type": "WebSite", name: SITE_NAME, url: `${publicUrl}/` },
    ],
  };
}

/** A chapter page, from the chapter's answer (GET /api/chapter/slug/{slug}); null when it does not exist. */
export function chapterHead(chapter: ChapterDetail | null, { publicUrl }: HeadSite): PageHead {
  if (!chapter) return notFoundHead("Chapter not found", "/");
  const state = chapter.state;
  const path = `/chapter/${state}/${chapter.slug}`;
  const name = chapterName(chapter, chapter.chapterType.name);
  const title = titled(name);
  if (chapter.status !== CHAPTER_ACTIVE || chapter.restricted) {
    return { title, description: `${name} is not meeting at the moment. ${NETWORK_DESCRIPTION}`, path, noindex: true };
  }
  const type = chapterTypeTitle(chapter.chapterType.name);
  const place = [chapter.city, state === "int" ? "" : state.toUpperCase()].filter(Boolean).join(", ");
  const next = soonest(chapter.chapterEvents);
  const about = summarize(plainText(chapter.about), 120);
  const description = summarize(
    [`${type ? `A ${type} chapter` : "A chapter"} in ${place}.`, next ? `Next meetup: ${meetupTime(next.start)} at ${next.event.name}.` : "", about]
      .filter(Boolean)
      .join(" "),
  );
  const url = `${publicUrl}${path}`;
  return {
    title,
    description,
    path,
    image: chapter.headerImage ?? chapterTypeImagePath(chapter.chapterTypeId),
    imageAlt: name,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name,
        url,
        description,
        address: { "@type": "PostalAddress", addressLocality: chapter.city, addressRegion: state.toUpperCase(), addressCountry: chapter.country || "US" },
        parentOrganization: { "@type": "Organization", name: SITE_NAME, url: `${publicUrl}/` },
        event: eventsJsonLd(chapter, name, url),
      },
    ],
  };
}

/** A state's page (`int` for chapters outside the United States), from its chapters' answer. */
export function stateHead(stateParam: string, chapters: ChapterWithEvents[]): PageHead {
  const state = stateParam.toLowerCase();
  const name = state === "int" ? "International" : STATES[state];
  if (!name) return notFoundHead("Page not found", "/");
  const count = chapters.filter((c) => c.status === CHAPTER_ACTIVE).length;
  const where = state === "int" ? "outside the United States" : `in ${name}`;
  return {
    title: titled(name),
    description: `${count === 1 ? "1 Living Liberally chapter meets" : `${count} Living Liberally chapters meet`} ${where}. Find one near you and join its mailing list.`,
    path: `/chapters/${state}`,
  };
}

/**
 * A page, wiki page or blog post, from its answer: the content, or null when it does not exist or the reader may not
 * read it (the API answers both alike, 404). A non-public one (read by an admin) stays out of search engines.
 */
export function contentHead(kind: "page" | "wiki" | "blog", content: PageInfo | WikiPageInfo | BlogPostInfo | null, path: string): PageHead {
  if (content === null) return notFoundHead("Page not found", path);
  if (!content.isPublic) return { title: titled(kind === "wiki" ? content.title : "Not available"), description: NETWORK_DESCRIPTION, path, noindex: true };
  return {
    title: titled(content.title),
    description: summarize(plainText(content.body)) || NETWORK_DESCRIPTION,
    path,
    ogType: kind === "blog" ? "article" : "website",
    ...(kind === "blog" && "createdAt" in content
      ? {
          jsonLd: [
            {
              "@context": "https://schema.org",
              "@type": "BlogPosting",
              headline: content.title,
              datePublished: content.createdAt,
              dateModified: content.updatedAt,
              publisher: { "@type": "Organization", name: SITE_NAME },
            },
          ],
        }
      : {}),
  };
}

/** A page whose head says the same whatever it reads. */
export const fixedHead = (path: string, title: string, description: string, noindex = false): PageHead => ({
  title: titled(title),
  description,
  path,
  ...(noindex ? { noindex } : {}),
});
