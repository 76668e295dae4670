import { sitePolicy } from "./site";
import type { Viewer } from "./viewer";
import { RESERVED_PAGE_SLUGS } from "../contracts/content";

/**
 * Site content (blog posts, pages, wiki pages): admins write it (sitePolicy.admin); these are the rules on
 * its fields.
 */
export const contentPolicy = {
  /** Non-public blog posts, pages and wiki pages are for admins only. */
  readNonPublic: sitePolicy.readNonPublicContent,
  /** A blog post, page or wiki page by slug: public ones for everyone, the others for those who may read non-public content. */
  read: (viewer: Viewer | null, item: { isPublic: boolean }) => item.isPublic || sitePolicy.readNonPublicContent(viewer),
  /** The slug of an existing page is read-only: links to /page/{slug} must keep working. */
  changePageSlug: (page: { slug: string }, slug: string) => slug === page.slug,
  /** Pages are read at /{slug} too: a new page may not take the first path segment of another screen. */
  newPageSlug: (slug: string) => !(RESERVED_PAGE_SLUGS as readonly string[]).includes(slug),
  /** A non-editable wiki page holds formatting the editor would damage: its body is never replaced. */
  replaceWikiBody: (page: { isEditable: boolean; body: string }, body: string) => page.isEditable || body === page.body,
};
