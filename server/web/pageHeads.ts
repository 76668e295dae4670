import { DateTime } from "luxon";
import { CHAPTER_PAGE_DATES, STATES, chapterPageMeetups, chapterTypeTitle, displayTitle, normalizeState } from "../contracts/chapter";
import { RESERVED_PAGE_SLUGS, pagePath } from "../contracts/content";
import { BlogPost } from "../models/BlogPost";
import { Chapter, CHAPTER_ACTIVE } from "../models/Chapter";
import { Page } from "../models/Page";
import { WikiPage } from "../models/WikiPage";
import { presentUpcomingEvents } from "../presenters/chapter";
import { cancelledDatesFor, occurrenceOfEventOn, presentOccurrence } from "../presenters/schedule";
import { chapterHeaderImageUrl } from "../lib/images";
import type { ChapterEventInfo } from "../contracts/chapter";
import { SITE_NAME, summarize, type PageHead } from "./head";

const NETWORK_DESCRIPTION = "Find a Living Liberally chapter near you: progressive community over drinks, films, comedy, dinners and books.";

const titled = (title: string) => `${title} | ${SITE_NAME}`;

/** The preview image of chapters of a type without a header image of their own (routes in seoRoutes.ts). */
const chapterTypeImagePath = (chapterTypeId: number) => `/og/chapter_type/${chapterTypeId}.png`;

/** Rich text (markdown with some HTML) as one plain line for a description. */
function plainText(markdown: string): string {
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

function organization(publicUrl: string) {
  return { "@context": "https://schema.org", "@type": "Organization", name: SITE_NAME, url: `${publicUrl}/`, logo: `${publicUrl}/favicon.svg` };
}

/** "Tuesday, December 8, 2026, 7:00 PM" in the chapter's own time zone. */
const meetupTime = (isoWithOffset: string) => DateTime.fromISO(isoWithOffset, { setZone: true }).toFormat("cccc, LLLL d, yyyy, h:mm a");

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
function eventsJsonLd(chapter: Chapter, url: string, events: ChapterEventInfo[], now: Date) {
  const organizer = { "@type": "Organization", name: displayTitle(chapter), url };
  const listed = chapterPageMeetups(events);
  const lastListed = listed.length === CHAPTER_PAGE_DATES ? Date.parse(listed[listed.length - 1].start) : Infinity;
  const cancelled = events.flatMap((e) => {
    const stored = chapter.chapterEvents?.find((row) => row.id === e.id);
    return stored
      ? cancelledDatesFor(stored, chapter.timeZone, now).flatMap((c) => {
          const o = occurrenceOfEventOn(stored, chapter.timeZone, c.date);
          return o && o.start.toMillis() <= lastListed ? [{ ...presentOccurrence(o), event: e, cancelled: true }] : [];
        })
      : [];
  });
  return [...listed.map((m) => ({ ...m, cancelled: false })), ...cancelled]
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
    .map(({ event: e, start, end, cancelled: isCancelled }) => ({
      "@type": "Event",
      name: `${displayTitle(chapter)} at ${e.name}`,
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

async function chapterHead(slug: string, publicUrl: string, now: Date): Promise<PageHead> {
  const chapter = await Chapter.query().findOne({ slug }).withGraphFetched("[chapterType, chapterEvents(mayBeUpcoming)]");
  if (!chapter) return { title: titled("Chapter not found"), description: NETWORK_DESCRIPTION, path: `/`, noindex: true, status: 404 };
  const state = normalizeState(chapter.state);
  const path = `/chapter/${state}/${chapter.slug}`;
  const title = titled(displayTitle(chapter));
  if (chapter.status !== CHAPTER_ACTIVE) {
    return { title, description: `${displayTitle(chapter)} is not meeting at the moment. ${NETWORK_DESCRIPTION}`, path, noindex: true };
  }
  const type = chapterTypeTitle(chapter.chapterType?.name ?? "");
  const place = [chapter.city, state === "int" ? "" : state.toUpperCase()].filter(Boolean).join(", ");
  const events = presentUpcomingEvents(chapter.chapterEvents, chapter.timeZone, now);
  const next = soonest(events);
  const about = summarize(plainText(chapter.about), 120);
  const description = summarize(
    [`${type ? `A ${type} chapter` : "A chapter"} in ${place}.`, next ? `Next meetup: ${meetupTime(next.start)} at ${next.event.name}.` : "", about]
      .filter(Boolean)
      .join(" "),
  );
  const header = await chapterHeaderImageUrl(chapter.id);
  const url = `${publicUrl}${path}`;
  return {
    title,
    description,
    path,
    image: header ?? chapterTypeImagePath(chapter.chapterTypeId),
    imageAlt: displayTitle(chapter),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: displayTitle(chapter),
        url,
        description,
        address: { "@type": "PostalAddress", addressLocality: chapter.city, addressRegion: state.toUpperCase(), addressCountry: chapter.country || "US" },
        parentOrganization: { "@type": "Organization", name: SITE_NAME, url: `${publicUrl}/` },
        event: eventsJsonLd(chapter, url, events, now),
      },
    ],
  };
}

async function stateHead(stateParam: string, _publicUrl: string): Promise<PageHead> {
  const state = stateParam.toLowerCase();
  const name = state === "int" ? "International" : STATES[state];
  if (!name) return { title: titled("Page not found"), description: NETWORK_DESCRIPTION, path: "/", noindex: true, status: 404 };
  const query = Chapter.query().where({ status: CHAPTER_ACTIVE });
  if (state === "int") query.where((q) => q.where({ state: "int" }).orWhere({ state: "" }));
  else query.where({ state });
  const count = Number(((await query.count({ n: "*" }).first()) as unknown as { n: number | string } | undefined)?.n ?? 0);
  const where = state === "int" ? "outside the United States" : `in ${name}`;
  return {
    title: titled(name),
    description: `${count === 1 ? "1 Living Liberally chapter meets" : `${count} Living Liberally chapters meet`} ${where}. Find one near you and join its mailing list.`,
    path: `/chapters/${state}`,
  };
}

async function contentHead(kind: "page" | "wiki" | "blog", slug: string, path: string): Promise<PageHead> {
  const row: Page | WikiPage | BlogPost | undefined =
    kind === "page"
      ? await Page.query().findOne({ slug })
      : kind === "wiki"
        ? await WikiPage.query().findOne({ slug })
        : await BlogPost.query().findOne({ slug });
  if (!row) return { title: titled("Page not found"), description: NETWORK_DESCRIPTION, path, noindex: true, status: 404 };
  if (!row.isPublic) return { title: titled(kind === "wiki" ? row.title : "Not available"), description: NETWORK_DESCRIPTION, path, noindex: true };
  return {
    title: titled(row.title),
    description: summarize(plainText(row.body)) || NETWORK_DESCRIPTION,
    path,
    ogType: kind === "blog" ? "article" : "website",
    ...(kind === "blog"
      ? {
          jsonLd: [
            {
              "@context": "https://schema.org",
              "@type": "BlogPosting",
              headline: row.title,
              datePublished: row.createdAt,
              dateModified: row.updatedAt ?? row.createdAt,
              publisher: { "@type": "Organization", name: SITE_NAME },
            },
          ],
        }
      : {}),
  };
}

const STATIC_HEADS: Record<string, { title: string; description: string }> = {
  "/press_mentions": { title: "Press Mentions", description: "What the press has said about Living Liberally and its chapters." },
  "/intro_start_chapter": {
    title: "Start a Chapter",
    description: "Bring progressive community to your town: how to start and host a Living Liberally chapter.",
  },
  "/start_chapter": { title: "Apply to Host a New Chapter", description: "Apply to host a new Living Liberally chapter in your town." },
};

/**
 * The head of a public page by its path, or null for paths that are not public pages (admin areas, account
 * screens): those keep the generic head. Reads only public data, the way the public API does.
 */
export async function pageHead(path: string, publicUrl: string, now = new Date()): Promise<PageHead | null> {
  const parts = path
    .split("/")
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return "";
      }
    });
  if (parts.length === 0) {
    return {
      title: `${SITE_NAME}: find a chapter near you`,
      description: NETWORK_DESCRIPTION,
      path: "/",
      jsonLd: [organization(publicUrl), { "@context": "https://schema.org", "@type": "WebSite", name: SITE_NAME, url: `${publicUrl}/` }],
    };
  }
  const [first, second, third] = parts;
  if (parts.length === 3 && first === "chapter") return chapterHead(third, publicUrl, now);
  if (parts.length === 2 && first === "chapters") return stateHead(second, publicUrl);
  if (parts.length === 2 && first === "page") return contentHead("page", second, pagePath(second));
  if (parts.length === 2 && first === "wiki") return contentHead("wiki", second, `/wiki/${second}`);
  if (parts.length === 2 && first === "blog") return contentHead("blog", second, `/blog/${second}`);
  // Rendered on the server like the public pages, so its form works without JavaScript; not one for search results.
  if (parts.length === 1 && first === "signin") {
    return { title: titled("Sign In"), description: `Sign in to ${SITE_NAME}.`, path: "/signin", noindex: true };
  }
  const fixed = parts.length === 1 ? STATIC_HEADS[`/${first}`] : undefined;
  if (fixed) return { title: titled(fixed.title), description: fixed.description, path: `/${first}` };
  // Pages are read at /{slug} too, below every screen of the app's own (contracts/content.ts).
  if (parts.length === 1 && !(RESERVED_PAGE_SLUGS as readonly string[]).includes(first) && /^[a-z0-9_-]+$/i.test(first)) {
    if (first === "about" || first === "chapter_types" || (await Page.query().findOne({ slug: first }))) return contentHead("page", first, pagePath(first));
  }
  return null;
}
