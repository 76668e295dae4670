import type { ModelClass, PartialModelObject } from "objection";
import { BlogPost } from "../models/BlogPost";
import { Page } from "../models/Page";
import { WikiPage } from "../models/WikiPage";
import { FrontPage } from "../models/FrontPage";
import type { BaseModel } from "../models/BaseModel";
import { ApiError, badRequest, notFound } from "../errors";
import { contentPolicy } from "../policies/content";
import type { Viewer } from "../policies/viewer";
import { WIKI_NOT_EDITABLE_MESSAGE } from "../contracts/siteAdmin";
import { RESERVED_PAGE_SLUG_MESSAGE } from "../contracts/content";
import { recordActivity } from "./activity";

export interface ContentInput {
  title: string;
  slug: string;
  body: string;
  isPublic: boolean;
}

interface ContentRow extends BaseModel {
  title: string;
  slug: string;
}

/**
 * Creates a blog post, page or wiki page, or updates the one with `id` (404 when there is none; `check`
 * refuses a change its policy forbids, `checkNew` a new row), and records it as an admin-only activity item, in one transaction.
 */
async function saveContent<M extends ContentRow>(
  model: ModelClass<M>,
  noun: string,
  viewer: Viewer,
  id: number | undefined,
  input: PartialModelObject<M>,
  opts: { check?: (existing: M) => void; checkNew?: () => void; createWith?: PartialModelObject<M> } = {},
): Promise<M> {
  // Objection's generic query types do not resolve to M: the casts below name what each query answers.
  return model.transaction(async (trx) => {
    let row: M;
    if (id) {
      const existing = (await model.query(trx).findById(id)) as M | undefined;
      if (!existing) throw notFound(noun);
      opts.check?.(existing);
      row = (await model.query(trx).patchAndFetchById(id, input)) as M;
    } else {
      opts.checkNew?.();
      row = (await model.query(trx).insertAndFetch({ ...input, ...opts.createWith })) as M;
    }
    await recordActivity(
      { type: "site_content", title: `${noun} ${id ? "updated" : "added"}: ${row.title}`, adminOnly: true, userId: viewer.id, objectId: row.slug },
      trx,
    );
    return row;
  });
}

/** A new post is written by the admin who saves it. */
export function saveBlogPost(viewer: Viewer, id: number | undefined, input: ContentInput): Promise<BlogPost> {
  return saveContent<BlogPost>(BlogPost, "Blog post", viewer, id, input, { createWith: { userId: viewer.id } });
}

export function savePage(viewer: Viewer, id: number | undefined, input: ContentInput): Promise<Page> {
  return saveContent<Page>(Page, "Page", viewer, id, input, {
    check: (existing) => {
      if (!contentPolicy.changePageSlug(existing, input.slug)) throw badRequest("The slug of an existing page cannot be changed", "slug");
    },
    checkNew: () => {
      if (!contentPolicy.newPageSlug(input.slug)) throw badRequest(RESERVED_PAGE_SLUG_MESSAGE, "slug");
    },
  });
}

export function saveWikiPage(viewer: Viewer, id: number | undefined, input: ContentInput & { isEditable: boolean }): Promise<WikiPage> {
  return saveContent<WikiPage>(WikiPage, "Wiki page", viewer, id, input, {
    check: (existing) => {
      if (!contentPolicy.replaceWikiBody(existing, input.body)) throw new ApiError(409, "not_editable", WIKI_NOT_EDITABLE_MESSAGE, "body");
    },
  });
}

/**
 * Changes the front page (its single row, created on first use) and records the change as an admin-only
 * activity item, in one transaction.
 */
export async function updateFrontPage(viewer: Viewer, patch: PartialModelObject<FrontPage>, activity: { title: string; note?: string }): Promise<FrontPage> {
  return FrontPage.transaction(async (trx) => {
    if (!(await FrontPage.query(trx).findById(1))) await FrontPage.query(trx).insert({ id: 1, imageLinkUrl: "", hasImage: false });
    const row = await FrontPage.query(trx).patchAndFetchById(1, patch);
    await recordActivity({ type: "site_content", ...activity, adminOnly: true, userId: viewer.id }, trx);
    return row;
  });
}
