import type Router from "@koa/router";
import type { Context } from "koa";
import type { z } from "zod";
import { Chapter } from "../models/Chapter";
import { ChapterEvent } from "../models/ChapterEvent";
import { badRequest, notFound } from "../errors";
import { intParam, parse } from "../lib/validate";
import { findChapter } from "../lib/load";
import { authorize, requireViewer, showOrNotFound } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import type { Viewer } from "../policies/viewer";
import { presentEvent } from "../presenters/chapter";
import { createChapterEvent, deleteChapterEvent, updateChapterEvent } from "../commands/chapterEvents";
import type { GeoPoint } from "../integrations/geocoder";
import type { Services } from "../services";
import {
  cancelByTokenSchema,
  cancelDateSchema,
  chapterEventBodySchema,
  confirmByTokenSchema,
  confirmDateSchema,
  uncancelDateSchema,
  type ChapterEventFields,
} from "../contracts/chapterEvent";

/** Whether a body answers a confirmation email's link (a token) rather than naming the event. */
const hasToken = (body: unknown) => typeof body === "object" && body !== null && "token" in body;
import { cancelEventDate, uncancelEventDate } from "../commands/cancelledDates";
import { confirmMeetup, readConfirmationLink } from "../commands/meetupConfirmations";
import { fillFreedPlaces } from "../commands/rsvps";
import { displayTitle, normalizeState, type MeetupConfirmationInfo } from "../contracts/chapter";

const ADDRESS_FIELDS = ["address1", "address2", "city", "state", "postalCode", "country"] as const;

type EventWithChapter = ChapterEvent & { chapter: Chapter };

async function loadEventBySlug(slug: string): Promise<EventWithChapter> {
  const event = await ChapterEvent.query().findOne({ slug }).withGraphFetched("chapter");
  if (!event || !event.chapter) throw notFound("Event");
  return event as ChapterEvent & { chapter: Chapter };
}

/** Events of active chapters are public; those of inactive chapters are for host access (not found for others). */
const viewEvent = (viewer: Viewer | null, event: EventWithChapter) => chapterPolicy.view(viewer, event.chapter);

/** Looks the address up; a failed lookup leaves the pin out and never stops the save. */
async function geocode(s: Services, f: ChapterEventFields): Promise<GeoPoint | null> {
  try {
    return await s.geocoder.geocodeAddress({
      address: [f.address1, f.address2].filter(Boolean).join(", "),
      city: f.city,
      state: f.state,
      postalCode: f.postalCode,
      country: f.country,
    });
  } catch {
    return null;
  }
}

/** Chapter events (spec 000 section 7 and spec 001 section 7). */
export function chapterEventRoutes(router: Router, s: Services) {
  router.get("/chapter_event/slug/:slug", async (ctx) => {
    const event = await loadEventBySlug(ctx.params.slug);
    showOrNotFound(ctx.state.viewer, viewEvent, event, "Event");
    ctx.body = presentEvent(event, event.chapter.timeZone);
  });

  /**
   * Every event of a chapter, past single dates too, by name: the chapter admin's Events list, where hosts
   * tidy up old events. Public pages get only the upcoming ones, with the chapter.
   */
  router.get("/chapter_event/chapter/:chapterId/all", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapter = await findChapter(intParam(ctx.params.chapterId, "chapterId"));
    authorize(viewer, chapterPolicy.host, chapter);
    const events = await ChapterEvent.query()
      .where({ chapterId: chapter.id })
      .orderBy([{ column: "name" }, { column: "id" }]);
    const now = new Date();
    ctx.body = events.map((e) => presentEvent(e, chapter.timeZone, now));
  });

  /** Creates an event, or updates the one named by id or slug. */
  router.post("/chapter_event", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(chapterEventBodySchema, ctx.request.body);
    const existing =
      input.id != null || input.slug
        ? await ChapterEvent.query()
            .where((q) => {
              if (input.id != null) q.orWhere({ id: input.id });
              if (input.slug) q.orWhere({ slug: input.slug });
            })
            .withGraphFetched("chapter")
            .first()
        : undefined;

    if (existing) {
      const chapter = existing.chapter!;
      authorize(viewer, chapterPolicy.host, chapter);
      if (input.chapterId != null && input.chapterId !== existing.chapterId) throw badRequest("An event cannot move to another chapter", "chapterId");
      const addressChanged = ADDRESS_FIELDS.some((k) => existing[k] !== input.fields[k]) || existing.lat == null;
      const point = addressChanged ? await geocode(s, input.fields) : undefined;
      const updated = await updateChapterEvent(chapter, existing, input.fields, point, viewer.id);
      // More places (or none to count): the waitlists take them at once.
      if (updated.capacity == null ? existing.capacity != null : existing.capacity != null && updated.capacity > existing.capacity)
        await fillFreedPlaces(s, Object.assign(updated, { chapter }));
      ctx.body = presentEvent(updated, chapter.timeZone);
      return;
    }

    if (input.chapterId == null) throw badRequest("chapterId is required", "chapterId");
    const chapter = await Chapter.query().findById(input.chapterId);
    if (!chapter) throw notFound("Chapter");
    authorize(viewer, chapterPolicy.host, chapter);
    const created = await createChapterEvent(chapter, input.fields, await geocode(s, input.fields), viewer.id);
    ctx.status = 201;
    ctx.body = presentEvent(created, chapter.timeZone);
  });

  /** Cancels one meetup of a repeating event (with a note, optionally emailed to the list). */
  router.post("/chapter_event/cancel", async (ctx) => {
    ctx.body = await actOnMeetup(ctx, cancelByTokenSchema, cancelDateSchema, (event, date, { note, emailList }, viewer) =>
      cancelEventDate(s, event.chapter, event, { date, note, emailList }, viewer),
    );
  });

  /** A meetup is on. */
  router.post("/chapter_event/confirm", async (ctx) => {
    ctx.body = await actOnMeetup(ctx, confirmByTokenSchema, confirmDateSchema, (event, date, _input, viewer) =>
      confirmMeetup(s, event.chapter, event, date, viewer),
    );
  });

  /**
   * One meetup, named one of two ways: { slug, date } by a host, field organizer or admin of the chapter, or { token }
   * from a confirmation email, as the host it was sent to (no sign-in: the token names the meetup and the host), with
   * the roles that person holds now (readConfirmationLink refuses one who no longer hosts the chapter).
   */
  async function actOnMeetup<ByToken extends { token: string }, ByDate extends { slug: string; date: string }>(
    ctx: Context,
    byTokenSchema: z.ZodType<ByToken>,
    byDateSchema: z.ZodType<ByDate>,
    act: (event: EventWithChapter, date: string, input: ByToken | ByDate, viewer: Viewer) => Promise<ChapterEvent>,
  ) {
    if (hasToken(ctx.request.body)) {
      const input = parse(byTokenSchema, ctx.request.body);
      const { event, confirmation, host } = await readConfirmationLink(s, input.token);
      return presentEvent(await act(event, confirmation.date, input, host.viewer), event.chapter.timeZone);
    }
    const viewer = requireViewer(ctx);
    const input = parse(byDateSchema, ctx.request.body);
    const event = await loadEventBySlug(input.slug);
    authorize(viewer, chapterPolicy.host, event.chapter);
    return presentEvent(await act(event, input.date, input, viewer), event.chapter.timeZone);
  }

  /** What a confirmation link names (the page it opens shows it): reading it changes nothing, as mail scanners follow links. */
  router.get("/chapter_event/confirmation/:token", async (ctx) => {
    const { event, confirmation, host } = await readConfirmationLink(s, ctx.params.token ?? "");
    const presented = presentEvent(event, event.chapter.timeZone);
    const answer: MeetupConfirmationInfo = {
      chapterTitle: displayTitle(event.chapter),
      chapterPath: `/chapter/${normalizeState(event.chapter.state)}/${event.chapter.slug}`,
      hostName: host.user.name,
      event: presented,
      date: confirmation.date,
      status: presented.cancelledDates.some((c) => c.date === confirmation.date)
        ? "cancelled"
        : presented.confirmedDates.some((c) => c.date === confirmation.date)
          ? "confirmed"
          : "asked",
    };
    ctx.body = answer;
  });

  /** Puts a cancelled meetup back on. */
  router.post("/chapter_event/uncancel", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(uncancelDateSchema, ctx.request.body);
    const event = await loadEventBySlug(input.slug);
    authorize(viewer, chapterPolicy.host, event.chapter);
    const updated = await uncancelEventDate(s, event.chapter, event, input, viewer);
    ctx.body = presentEvent(updated, event.chapter.timeZone);
  });

  router.delete("/chapter_event/slug/:slug", async (ctx) => {
    const viewer = requireViewer(ctx);
    const event = await loadEventBySlug(ctx.params.slug);
    authorize(viewer, chapterPolicy.host, event.chapter);
    await deleteChapterEvent(event, viewer.id);
    ctx.body = { deleted: true, slug: event.slug };
  });
}
