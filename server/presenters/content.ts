import type { BlogPostInfo, FrontPageInfo, PageInfo, PressMentionInfo, PublicPressMentionInfo, WikiPageInfo } from "../contracts/content";
import { FRONT_PAGE_IMAGE_PATH } from "../contracts/content";
import { displayTitle, normalizeState } from "../contracts/chapter";
import type { BlogPost } from "../models/BlogPost";
import type { FrontPage } from "../models/FrontPage";
import type { Page } from "../models/Page";
import type { PressMention } from "../models/PressMention";
import type { WikiPage } from "../models/WikiPage";
import { pressMentionPolicy } from "../policies/pressMention";
import type { Viewer } from "../policies/viewer";
import { renderRichText } from "../lib/richText";

export function presentFrontPage(f: FrontPage | undefined): FrontPageInfo {
  const hasImage = Boolean(f?.hasImage);
  return { imageLinkURL: f?.imageLinkUrl ?? "", hasImage, imageUrl: hasImage ? `${FRONT_PAGE_IMAGE_PATH}?v=${encodeURIComponent(f?.updatedAt ?? "")}` : null };
}

/** A press mention; its notes go only to people who manage it (host access to its chapter, or admins). */
export function presentPressMention(m: PressMention, viewer: Viewer | null): PressMentionInfo {
  const c = m.chapter;
  const mayManage = Boolean(viewer && pressMentionPolicy.manage(viewer, m));
  return {
    id: m.id,
    title: m.title,
    url: m.url,
    notes: mayManage ? m.notes : "",
    slug: m.slug,
    isVisible: m.isVisible,
    createdAt: m.createdAt!,
    chapterId: m.chapterId,
    chapter: c ? { id: c.id, slug: c.slug, title: c.title, displayTitle: displayTitle(c), city: c.city, state: normalizeState(c.state) } : null,
  };
}

/** A press mention in the public lists: the same for every caller (no notes), its chapter named by `chapter`. */
export function presentPublicPressMention(m: PressMention): PublicPressMentionInfo {
  const { chapterId: _, ...rest } = presentPressMention(m, null);
  return rest;
}

export function presentBlogPost(p: BlogPost): BlogPostInfo {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    body: p.body,
    bodyHtml: renderRichText(p.body),
    isPublic: p.isPublic,
    createdAt: p.createdAt!,
    updatedAt: p.updatedAt ?? p.createdAt!,
    user: p.user ? { id: p.user.id, name: p.user.name } : null,
  };
}

export function presentPage(p: Page): PageInfo {
  return { id: p.id, title: p.title, slug: p.slug, body: p.body, bodyHtml: renderRichText(p.body), isPublic: p.isPublic };
}

/** A wiki page, for someone who may read it (a non-public one reaches admins only: contentPolicy.read). */
export function presentWikiPage(w: WikiPage): WikiPageInfo {
  return { id: w.id, title: w.title, slug: w.slug, body: w.body, bodyHtml: renderRichText(w.body), isPublic: w.isPublic, isEditable: w.isEditable };
}
