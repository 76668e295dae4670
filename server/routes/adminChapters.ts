import type Router from "@koa/router";
import { z } from "zod";
import { STATES } from "../contracts/chapter";
import { multiLine, singleLine } from "../contracts/text";
import type { NewChapterResult } from "../contracts/siteAdmin";
import { createChapter, createChapterFromApplication } from "../commands/createChapter";
import { parse } from "../lib/validate";
import { authorize } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { presentApplicationForAdmin, presentChapterRef } from "../presenters/siteAdmin";
import type { Chapter } from "../models/Chapter";
import type { Services } from "../services";

const required = (message: string, max: number) => {
  const label = message.replace(" is Required", "");
  return singleLine(z.string({ error: message }).trim().min(1, message).max(max, `${label} is too long`), label);
};

/** Add chapter (spec 001 section 5): title, city, postal code and country required with these messages. */
export const newChapterSchema = z.object({
  title: required("Title is Required", 200),
  city: required("City is Required", 120),
  state: z
    .string({ error: "State is Required" })
    .trim()
    .toLowerCase()
    .refine((s) => s in STATES, "State must be one of the listed states"),
  postalCode: required("Postal Code is Required", 20),
  country: required("Country is Required", 80),
  about: multiLine(z.string().max(50_000, "About is too long"), "About").optional(),
  chapterTypeId: z.number().int().min(1).max(99).optional(),
  chapterHostApplicationSlug: singleLine(z.string().trim().min(1).max(200), "chapterHostApplicationSlug").optional(),
});

const present = (chapter: Chapter) => ({ ...presentChapterRef(chapter), city: chapter.city, chapterTypeId: chapter.chapterTypeId });

/** POST /api/chapter/new (admin): adds a hidden chapter, optionally from an open host application. */
export function adminChapterRoutes(router: Router, s: Services) {
  router.post("/chapter/new", async (ctx) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, chapterPolicy.create, null);
    const { chapterHostApplicationSlug, ...input } = parse(newChapterSchema, ctx.request.body);
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
