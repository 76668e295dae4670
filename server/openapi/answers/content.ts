import { z } from "zod";
import type * as T from "../../contracts/content";
import type * as S from "../../contracts/siteAdmin";
import type { PressMentionInfo as ChapterPressMentionT } from "../../contracts/chapterAdmin";
import { answer, int, timestamp } from "./answer";
import { ChapterRef, UserRef } from "./people";

/** Answers about the site's content: front page, pages, blog, wiki, press mentions (server/presenters/content.ts, siteAdmin.ts). */

export const FrontPage = answer<T.FrontPageInfo>()("FrontPage", z.object({ imageLinkURL: z.string(), hasImage: z.boolean(), imageUrl: z.string().nullable() }));

const pressMentionFields = {
  id: int(),
  title: z.string(),
  url: z.string(),
  notes: z.string(),
  slug: z.string(),
  isVisible: z.boolean(),
  createdAt: timestamp(),
};

const pressMentionChapter = z.object({ id: int(), slug: z.string(), title: z.string(), displayTitle: z.string(), city: z.string(), state: z.string() });

export const PressMention = answer<T.PressMentionInfo>()(
  "PressMention",
  z.object({
    ...pressMentionFields,
    chapterId: int().nullable(),
    chapter: pressMentionChapter.nullable(),
  }),
);

export const PublicPressMention = answer<T.PublicPressMentionInfo>()(
  "PublicPressMention",
  z.object({ ...pressMentionFields, chapter: pressMentionChapter.nullable() }).describe("A press mention in the public lists; `chapter` names its chapter"),
);

export const ChapterPressMention = answer<ChapterPressMentionT>()("ChapterPressMention", z.object({ ...pressMentionFields, chapterId: int().nullable() }));

export const PressMentionAdmin = answer<S.PressMentionAdmin>()(
  "PressMentionAdmin",
  z.object({ ...pressMentionFields, chapterId: int(), chapter: ChapterRef.nullable() }),
);

export const PublicDate = answer<T.PublicDate>()(
  "PublicDate",
  z.object({ slug: z.string(), updatedAt: timestamp().nullable().describe("When it last changed") }).describe("A public item's slug and last change"),
);

const pageFields = { id: int(), title: z.string(), slug: z.string(), body: z.string(), bodyHtml: z.string(), isPublic: z.boolean() };

export const Page = answer<T.PageInfo>()("Page", z.object(pageFields));

export const BlogPost = answer<T.BlogPostInfo>()(
  "BlogPost",
  z.object({ ...pageFields, createdAt: timestamp(), updatedAt: timestamp(), user: z.object({ id: int(), name: z.string() }).nullable() }),
);

export const WikiPage = answer<T.WikiPageInfo>()("WikiPage", z.object({ ...pageFields, isEditable: z.boolean() }));

const pageAdminFields = {
  id: int(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  isPublic: z.boolean(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
};

export const PageAdmin = answer<S.PageAdmin>()("PageAdmin", z.object(pageAdminFields));

export const BlogPostAdmin = answer<S.BlogPostAdmin>()("BlogPostAdmin", z.object({ ...pageAdminFields, user: UserRef.nullable() }));

export const WikiPageAdmin = answer<S.WikiPageAdmin>()("WikiPageAdmin", z.object({ ...pageAdminFields, isEditable: z.boolean() }));

export const SiteConfig = answer<T.SiteConfig>()(
  "SiteConfig",
  z.object({ googleMapsApiKey: z.string().nullable(), hasGoogleMapsKey: z.boolean(), emailServiceName: z.enum(["sendInBlue", "bronto"]) }),
);

export const Geocode = answer<T.GeocodeAnswer>()("Geocode", z.object({ place: z.object({ lat: z.number(), lng: z.number(), label: z.string() }).nullable() }));
