/**
 * Site content shapes shared by server and UI (spec 000 sections 3 and 7). No Node imports here, and no zod: public
 * pages import these constants, and the request schemas (contentBodies.ts) stay in the admin's chunks.
 */
import type { ChapterSummary } from "./chapter";
import type { PressMentionFields } from "./pressMention";

/** Home page: blog posts come in pages of this size, page 0 first. */
export const BLOG_PAGE_SIZE = 5;
/** Home page: how many recent press mentions it shows. */
export const HOME_PRESS_MENTION_COUNT = 8;
/** Where the site-admin upload puts the front-page call-out image. */
export const FRONT_PAGE_IMAGE_PATH = "/assets/images/uploads/front_page.jpg";

export interface FrontPageInfo {
  imageLinkURL: string;
  hasImage: boolean;
  /** The uploaded image with a version query that changes on every upload; null without an image. */
  imageUrl: string | null;
}

type PressMentionChapterRef = Pick<ChapterSummary, "id" | "slug" | "title" | "displayTitle" | "city" | "state">;

/** A press mention as the public reads it; its notes only reach callers with host access to its chapter (or admins), empty otherwise. */
export interface PressMentionInfo extends PressMentionFields {
  chapterId: number | null;
  chapter: PressMentionChapterRef | null;
}

/**
 * A press mention in the public lists (GET /api/press_mention/public, /public/all, /public/{count}, /public/state/{state}):
 * the spec's fields (title, url, notes, createdAt, slug, isVisible, chapter) and its id; the chapter, when it has one,
 * is named by `chapter`. Its notes are empty: the lists are the same for everyone.
 */
export type PublicPressMentionInfo = Omit<PressMentionInfo, "chapterId">;

/**
 * A public item with when it last changed (ISO 8601, UTC), one row of GET /api/page/public/dates,
 * /api/wiki_page/public/dates, /api/blog_post/public/dates and /api/press_mention/public/dates: compact, for listing
 * every page (the sitemap's entries, which the route handles state).
 */
export interface PublicDate {
  slug: string;
  /** Null when the record holds no date. */
  updatedAt: string | null;
}

export interface PageInfo {
  id: number;
  title: string;
  slug: string;
  /** Markdown source, for editors. */
  body: string;
  /** Safe HTML rendered on the server: the only thing the UI inserts. */
  bodyHtml: string;
  isPublic: boolean;
}

/** A blog post: a page with a date and an author. */
export interface BlogPostInfo extends PageInfo {
  createdAt: string;
  /** When it last changed (its creation when never changed since). */
  updatedAt: string;
  user: { id: number; name: string } | null;
}

export interface WikiPageInfo extends PageInfo {
  isEditable: boolean;
}

export interface SiteConfig {
  /** A browser key for Google Maps; null means the offline SVG map and geocoder are used. */
  googleMapsApiKey: string | null;
  hasGoogleMapsKey: boolean;
  /** Which list id the mailing-list widget sends: sendInBlueListId or brontoListId. */
  emailServiceName: "sendInBlue" | "bronto";
}

export interface GeocodeAnswer {
  place: { lat: number; lng: number; label: string } | null;
}

/**
 * First path segments the site uses for screens of its own. Pages are served at /{slug} as well as /page/{slug}
 * (spec 000), so a new page may not take one of these slugs: it would never be reached there.
 */
export const RESERVED_PAGE_SLUGS = [
  "admin",
  "api",
  "assets",
  "blog",
  "chapter",
  "chapters",
  "confirm_subscription",
  "intro_start_chapter",
  "my_chapter_host_applications",
  "my_chapters",
  "page",
  "password_reset",
  "password_verify",
  "press_mentions",
  "register_for_account",
  "settings",
  "signin",
  "start_chapter",
  "state_outlines",
  "unsubscribe",
  "wiki",
] as const;

export const RESERVED_PAGE_SLUG_MESSAGE = "That slug is the address of another part of the site. Please choose another.";

/** Where a page is read: /{slug}, or /page/{slug} for an older page whose slug another screen uses. */
export const pagePath = (slug: string) => ((RESERVED_PAGE_SLUGS as readonly string[]).includes(slug) ? `/page/${slug}` : `/${slug}`);
