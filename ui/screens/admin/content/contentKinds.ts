import type { ContentKindKey } from "../../../api/content";
import { pagePath } from "../../../../server/contracts/content";
import { slugify } from "../../../../server/contracts/text";

export interface ContentItem {
  id: number;
  title: string;
  slug: string;
  body: string;
  isPublic: boolean;
  isEditable?: boolean;
  createdAt: string;
  updatedAt: string;
  user?: { name: string } | null;
}

export interface ContentKind {
  key: ContentKindKey;
  listTitle: string;
  singular: string;
  addLabel: string;
  basePath: string;
  viewPath: (slug: string) => string;
  /** Pages keep their slug once created. */
  slugReadOnlyOnEdit: boolean;
  hasEditableFlag: boolean;
}

export const CONTENT_KINDS: Record<ContentKind["key"], ContentKind> = {
  blog: {
    key: "blog",
    listTitle: "Blog",
    singular: "Blog Post",
    addLabel: "Add Blog Post",
    basePath: "/admin/blog",
    viewPath: (slug) => `/blog/${slug}`,
    slugReadOnlyOnEdit: false,
    hasEditableFlag: false,
  },
  page: {
    key: "page",
    listTitle: "Pages",
    singular: "Page",
    addLabel: "Add Page",
    basePath: "/admin/pages",
    viewPath: pagePath,
    slugReadOnlyOnEdit: true,
    hasEditableFlag: false,
  },
  wiki: {
    key: "wiki",
    listTitle: "Wiki",
    singular: "Wiki Page",
    addLabel: "Add Wiki Page",
    basePath: "/admin/wiki",
    viewPath: (slug) => `/wiki/${slug}`,
    slugReadOnlyOnEdit: false,
    hasEditableFlag: true,
  },
};

/** A slug suggested from a title: lowercase letters, digits and underscores. */
export const slugFromTitle = (title: string) => slugify(title, 120);
