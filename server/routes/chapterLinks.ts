import type Router from "@koa/router";
import { z } from "zod";
import { badRequest } from "../errors";
import { ChapterLink } from "../models/ChapterLink";
import { replaceChapterLinks } from "../commands/chapterLinks";
import { intParam, parse } from "../lib/validate";
import { findChapter } from "../lib/load";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { isHttpUrl } from "../contracts/chapterAdmin";
import { isSingleLine, singleLineMessage } from "../contracts/text";
import { presentLink } from "../presenters/chapterAdmin";

const MAX_LINKS = 100;

const linkSchema = z.object({
  title: z
    .string({ error: "Title must be text" })
    .nullish()
    .transform((s) => (s ?? "").trim()),
  url: z
    .string({ error: "URL must be text" })
    .nullish()
    .transform((s) => (s ?? "").trim()),
});

/** The whole list, as an array or as {links: [...]}. */
export const linksSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { links: body } : body),
  z.object({ links: z.array(linkSchema, { error: "links must be a list of {title, url}" }).max(MAX_LINKS, `At most ${MAX_LINKS} links`) }),
);

const byPosition = (a: ChapterLink, b: ChapterLink) => a.position - b.position || a.id - b.id;

/**
 * A chapter's links (spec 001 section 7), host access. POST replaces the whole list: rows with an empty
 * title or URL are dropped ("Leave a URL blank to delete."), every kept URL must be http or https.
 */
export function chapterLinkRoutes(router: Router) {
  router.get("/chapter_link/chapter/:chapterId", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapter = await findChapter(intParam(ctx.params.chapterId, "chapterId"));
    authorize(viewer, chapterPolicy.host, chapter);
    const links = await ChapterLink.query().where({ chapterId: chapter.id });
    ctx.body = links.sort(byPosition).map(presentLink);
  });

  router.post("/chapter_link/chapter/:chapterId", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapterId = intParam(ctx.params.chapterId, "chapterId");
    const { links } = parse(linksSchema, ctx.request.body);
    const chapter = await findChapter(chapterId);
    authorize(viewer, chapterPolicy.host, chapter);

    const kept = links.map((l, index) => ({ ...l, index })).filter((l) => l.title !== "" && l.url !== "");
    for (const l of kept) {
      const row = `Link ${l.index + 1}`;
      if (l.title.length > 200) throw badRequest(`${row}: Title must be at most 200 characters`, `links.${l.index}.title`);
      if (!isSingleLine(l.title)) throw badRequest(`${row}: ${singleLineMessage("Title")}`, `links.${l.index}.title`);
      if (l.url.length > 2000) throw badRequest(`${row}: URL is too long`, `links.${l.index}.url`);
      if (!isHttpUrl(l.url)) throw badRequest(`${row}: URL must start with http:// or https://`, `links.${l.index}.url`);
    }

    const saved = await replaceChapterLinks(viewer, chapter, kept);
    ctx.body = saved.map(presentLink);
  });
}
