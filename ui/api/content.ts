import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { BLOG_PAGE_SIZE, type BlogPostInfo, type PageInfo, type PublicDate, type WikiPageInfo } from "../../server/contracts/content";
import { CHAPTER_POSTS_PAGE_SIZE, type ChapterBlogPostInfo } from "../../server/contracts/mailingList";
import type { BlogPostAdmin, ContentInput, PageAdmin, WikiPageAdmin, WikiPageInput } from "../../server/contracts/siteAdmin";
import { activityKeys } from "./activity";
import { api } from "./client";
import { get, useApiMutation } from "./queryClient";
import { MORE_PAGES_META } from "../lib/morePages";

const enc = encodeURIComponent;

export const contentKeys = {
  all: ["content"] as const,
  page: (slug: string) => [...contentKeys.all, "page", slug] as const,
  wiki: (slug: string) => [...contentKeys.all, "wiki", slug] as const,
  blogPost: (slug: string) => [...contentKeys.all, "blog", "slug", slug] as const,
  publicBlog: () => [...contentKeys.all, "blog", "public"] as const,
  chapterPosts: (chapterId: number) => [...contentKeys.all, "chapterPosts", chapterId] as const,
  admin: (kind: ContentKindKey) => [...contentKeys.all, "admin", kind] as const,
  publicDates: (kind: ContentKindKey) => [...contentKeys.all, "publicDates", kind] as const,
};

/** The three kinds of site content admins write, and what their lists hold. */
export type ContentKindKey = "blog" | "page" | "wiki";
interface AdminContent {
  blog: BlogPostAdmin;
  page: PageAdmin;
  wiki: WikiPageAdmin;
}
const ADMIN_PATHS: Record<ContentKindKey, string> = { blog: "/api/blog_post", page: "/api/page", wiki: "/api/wiki_page" };
const PUBLIC_DATES_PATHS: Record<ContentKindKey, string> = {
  blog: "/api/blog_post/public/dates",
  page: "/api/page/public/dates",
  wiki: "/api/wiki_page/public/dates",
};

/** Site content (spec 000 section 7, spec 001 section 2): pages, wiki pages, blog posts, and the posts a chapter's emails became. */
export const contentQueries = {
  page: (slug: string) => queryOptions({ queryKey: contentKeys.page(slug), queryFn: get<PageInfo>(`/api/page/slug/${enc(slug)}`) }),
  wiki: (slug: string) => queryOptions({ queryKey: contentKeys.wiki(slug), queryFn: get<WikiPageInfo>(`/api/wiki_page/slug/${enc(slug)}`) }),
  blogPost: (slug: string) => queryOptions({ queryKey: contentKeys.blogPost(slug), queryFn: get<BlogPostInfo>(`/api/blog_post/slug/${enc(slug)}`) }),
  /** The home page's blog in pages from 0; a full page means another may follow. */
  publicBlog: () =>
    infiniteQueryOptions({
      queryKey: contentKeys.publicBlog(),
      queryFn: ({ pageParam, signal }) => api.get<BlogPostInfo[]>(`/api/blog_post/public/${pageParam}`, signal),
      initialPageParam: 0,
      getNextPageParam: (last: BlogPostInfo[], _pages: BlogPostInfo[][], lastPage: number) => (last.length === BLOG_PAGE_SIZE ? lastPage + 1 : undefined),
      // Without JavaScript, Load More is a link: /?page=2 shows two pages.
      meta: MORE_PAGES_META,
    }),
  /** A chapter's sent emails in pages from 0; a full page means another may follow (so one post shows no Load More). */
  chapterPosts: (chapterId: number) =>
    infiniteQueryOptions({
      queryKey: contentKeys.chapterPosts(chapterId),
      queryFn: ({ pageParam, signal }) => api.get<ChapterBlogPostInfo[]>(`/api/chapter_blog_post/public/${chapterId}/${pageParam}`, signal),
      initialPageParam: 0,
      getNextPageParam: (last: ChapterBlogPostInfo[], _pages: ChapterBlogPostInfo[][], lastPage: number) =>
        last.length === CHAPTER_POSTS_PAGE_SIZE ? lastPage + 1 : undefined,
      meta: MORE_PAGES_META,
    }),
  /** Every public blog post (newest first), page or wiki page (by slug) as its slug and last change (the sitemap lists them). */
  publicDates: (kind: ContentKindKey) => queryOptions({ queryKey: contentKeys.publicDates(kind), queryFn: get<PublicDate[]>(PUBLIC_DATES_PATHS[kind]) }),
  /** Every blog post, page or wiki page, public or not (admins). */
  admin: <K extends ContentKindKey>(kind: K) => queryOptions({ queryKey: contentKeys.admin(kind), queryFn: get<AdminContent[K][]>(ADMIN_PATHS[kind]) }),
};

/** Adds (no id) or changes a blog post, page or wiki page; only wiki pages have the Editable flag. */
export const useSaveContent = (kind: ContentKindKey) =>
  useApiMutation(
    ({ isEditable, ...item }: WikiPageInput) =>
      api.post<AdminContent[typeof kind]>(ADMIN_PATHS[kind], kind === "wiki" ? { ...item, isEditable } : (item satisfies ContentInput)),
    () => [contentKeys.all, activityKeys.all],
  );
