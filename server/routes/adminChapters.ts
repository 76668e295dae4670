import type Router from "@koa/router";
import type { NewChapterResult } from "../contracts/siteAdmin";
import { createChapter, createChapterFromApplication } from "../commands/createChapter";
import { parse } from "../lib/validate";
import { authorize } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { presentApplicationForAdmin, presentChapterRef } from "../presenters/siteAdmin";
import type { Chapter } from "../models/Chapter";
import type { Services } from "../services";
import { newChapterBodySchema } from "../contracts/newChapter";

const present = (chapter: Chapter) => ({ ...presentChapterRef(chapter), city: chapter.city, chapterTypeId: chapter.chapterTypeId });

/** POST /api/chapter/new (admin): adds a hidden chapter, optionally from an open host application. */
export function adminChapterRoutes(router: Router, s: Services) {
  router.post("/chapter/new", async (ctx) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, chapterPolicy.create, null);
    const { chapterHostApplicationSlug, ...input } = parse(newChapterBodySchema, ctx.request.body);
    let body: NewChapterResult;
    if (chapterHostApplicationSlug) {
      const { chapter, application } = await createChapterFromApplication(s, input, chapterHostApplicationSlug, viewer);
      body = { chapter: present(chapter), application: presentApplicationForAdmin(application, chapter) };
    } else {
      body = { chapter: present(await createChapter(s, input, viewer)), application: null };
    }
    ctx.status = 201;
    ctx.body = body;
  });
}
