/** Site content shapes shared by server and UI (spec 000 sections 3 and 7). No Node imports here. */
import type { ChapterSummary } from "./chapter";
import type { PressMentionFields } from "./pressMention";
import { z } from "zod";
import { httpUrlSchema, idSchema } from "./fields";
import { SLUG_MESSAGE } from "./siteAdmin";
import { multiLine, normalizeSpaces, singleLine } from "./text";

/** Home page: blog posts come in pages of this size, page 0 first. */
export const BLOG_PAGE_SIZE = 5;
/** Home page: how many recent press mentions it shows. */
export const HOME_PRESS_MENTION_COUNT = 8;
/** Where the site-admin upload puts the front-page call-out image. */
export const FRONT_PAGE_IMAGE_PATH = "/assets/images/uploads/front_page.jpg";
/** Where a chapter's header image lives. */
export const chapterHeaderImagePath = (chapterId: number) => `/assets/images/uploads/chapter_header_${chapterId}.jpg`;

export interface FrontPageInfo {
  imageLinkURL: string;
  hasImage: boolean;
  /** The uploaded image with a version query that changes on every upload; null without an image. */
  imageUrl: string | null;
}

/** POST /api/front_page (admin; answers FrontPageInfo): checked by the route and by General Settings' form. */
export const frontPageBodySchema = z.object({
  imageLinkURL: z.string({ error: "Image Link URL is Required" }).trim().min(1, "Image Link URL is Required").pipe(httpUrlSchema),
});
export type FrontPageUpdate = z.input<typeof frontPageBodySchema>;

export type PressMentionChapterRef = Pick<ChapterSummary, "id" | "slug" | "title" | "displayTitle" | "city" | "state">;

/** A press mention as the public reads it; its notes only reach callers with host access to its chapter (or admins), empty otherwise. */
export interface PressMentionInfo extends PressMentionFields {
  chapterId: number | null;
  chapter: PressMentionChapterRef | null;
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
  user: { id: number; name: string } | null;
}

export interface WikiPageInfo extends PageInfo {
  isEditable: boolean;
  /** True when the page is not public and the caller is not an admin: title only, no body. */
  restricted: boolean;
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

/** Blog, page and wiki slugs: lowercase letters, digits and underscores (spec 001 section 5, enforced here). */
export const contentSlugSchema = z
  .string({ error: "Slug is Required" })
  .trim()
  .min(1, "Slug is Required")
  .max(120, "Slug must be at most 120 characters")
  .regex(/^[a-z0-9_]+$/, SLUG_MESSAGE);

/**
 * The body of a blog post or page save (`id` present means update); a wiki page adds isEditable. The routes and the
 * admin's content form check with it.
 */
export const contentBodySchema = z.object({
  id: idSchema("id").optional(),
  title: singleLine(z.string({ error: "Title is Required" }).trim().min(1, "Title is Required").max(300, "Title is too long"), "Title"),
  slug: contentSlugSchema,
  /** Non-breaking spaces become normal spaces before saving (spec 001 section 5). */
  body: multiLine(z.string().max(500_000, "Body is too long"), "Body").default("").transform(normalizeSpaces),
  isPublic: z.boolean().default(true),
});
export const wikiPageBodySchema = contentBodySchema.extend({ isEditable: z.boolean().default(true) });
