import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { BLOG_PAGE_SIZE, type BlogPostInfo, type PageInfo, type WikiPageInfo } from "../../server/contracts/content";
import type { ChapterBlogPostInfo } from "../../server/contracts/mailingList";
import { get } from "./queryClient";

const enc = encodeURIComponent;

export const contentKeys = {
  all: ["content"] as const,
  page: (slug: string) => [...contentKeys.all, "page", slug] as const,
  wiki: (slug: string) => [...contentKeys.all, "wiki", slug] as const,
  blogPost: (slug: string) => [...contentKeys.all, "blog", "slug", slug] as const,
  publicBlog: () => [...contentKeys.all, "blog", "public"] as const,
  chapterPosts: (chapterId: number) => [...contentKeys.all, "chapterPosts", chapterId] as const,
};

/** Site content (spec 000 section 7): pages, wiki pages, blog posts, and the posts a chapter's emails became. */
export const contentQueries = {
  page: (slug: string) => queryOptions({ queryKey: contentKeys.page(slug), queryFn: get<PageInfo>(`/api/page/slug/${enc(slug)}`) }),
  wiki: (slug: string) => queryOptions({ queryKey: contentKeys.wiki(slug), queryFn: get<WikiPageInfo>(`/api/wiki_page/slug/${enc(slug)}`) }),
  blogPost: (slug: string) => queryOptions({ queryKey: contentKeys.blogPost(slug), queryFn: get<BlogPostInfo>(`/api/blog_post/slug/${enc(slug)}`) }),
  /** The home page's blog in pages from 0; a full page means another may follow. */
  publicBlog: () =>
    infiniteQueryOptions({
      queryKey: contentKeys.publicBlog(),
      queryFn: ({ pageParam, signal }) => get<BlogPostInfo[]>(`/api/blog_post/public/${pageParam}`)({ signal }),
      initialPageParam: 0,
      getNextPageParam: (last: BlogPostInfo[], _pages: BlogPostInfo[][], lastPage: number) => (last.length === BLOG_PAGE_SIZE ? lastPage + 1 : undefined),
    }),
  /** A chapter's sent emails in pages from 0; the next page is asked for until one comes back empty. */
  chapterPosts: (chapterId: number) =>
    infiniteQueryOptions({
      queryKey: contentKeys.chapterPosts(chapterId),
      queryFn: ({ pageParam, signal }) => get<ChapterBlogPostInfo[]>(`/api/chapter_blog_post/public/${chapterId}/${pageParam}`)({ signal }),
      initialPageParam: 0,
      getNextPageParam: (last: ChapterBlogPostInfo[], _pages: ChapterBlogPostInfo[][], lastPage: number) => (last.length > 0 ? lastPage + 1 : undefined),
    }),
};
