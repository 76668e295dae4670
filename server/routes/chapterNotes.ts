import type Router from "@koa/router";
import { forbidden } from "../errors";
import { ChapterNote } from "../models/ChapterNote";
import { intParam, parse } from "../lib/validate";
import { pageOf, readPage } from "../lib/paging";
import { NOTES_PAGE_SIZE } from "../contracts/paging";
import { findChapter } from "../lib/load";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { noteBodySchema } from "../contracts/notes";
import { addChapterNote } from "../commands/notes";
import { presentNote } from "../presenters/chapterAdmin";

/**
 * Chapter notes (spec 001 section 7), host access. Admin-only notes are written by admins and never
 * leave the server for anyone else: the query itself leaves them out.
 */
export function chapterNoteRoutes(router: Router) {
  router.get("/chapter_note/chapter/:chapterId", async (ctx) => {
    const viewer = requireViewer(ctx);
    const page = readPage(ctx.query, NOTES_PAGE_SIZE);
    const chapter = await findChapter(intParam(ctx.params.chapterId, "chapterId"));
    authorize(viewer, chapterPolicy.host, chapter);
    const query = ChapterNote.query()
      .where({ chapterId: chapter.id })
      .withGraphFetched("user")
      .orderBy([
        { column: "createdAt", order: "desc" },
        { column: "id", order: "desc" },
      ]);
    if (!chapterPolicy.seeAdminOnlyNotes(viewer)) query.where({ adminOnly: false });
    ctx.body = (await pageOf(query, page)).map(presentNote);
  });

  router.post("/chapter_note", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(noteBodySchema, ctx.request.body);
    const chapter = await findChapter(input.chapterId);
    authorize(viewer, chapterPolicy.host, chapter);
    if (input.adminOnly && !chapterPolicy.writeAdminOnlyNotes(viewer)) throw forbidden("Only admins can write admin-only notes.");

    const note = await addChapterNote(viewer, chapter, input);
    note.user = { id: viewer.id, name: viewer.name, email: viewer.email } as ChapterNote["user"];
    ctx.status = 201;
    ctx.body = presentNote(note);
  });
}
