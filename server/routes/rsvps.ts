import type Router from "@koa/router";
import type { Context } from "koa";
import { z } from "zod";
import { badRequest } from "../errors";
import { parse } from "../lib/validate";
import { toCsv } from "../lib/csv";
import { bucketFor, enforceLimit } from "../lib/rateLimits";
import { authorize, requireViewer } from "../policies/authorize";
import { rsvpPolicy } from "../policies/rsvp";
import type { Viewer } from "../policies/viewer";
import { Rsvp } from "../models/Rsvp";
import { presentEvent } from "../presenters/chapter";
import { presentRsvpList } from "../presenters/rsvp";
import { isIsoDate } from "../contracts/fields";
import type { RsvpLinkInfo, RsvpPending, RsvpResult } from "../contracts/rsvp";
import { rsvpBodySchema, rsvpConfirmSchema, type RsvpBody } from "../contracts/rsvpRequests";
import {
  EMAIL_NEEDED,
  answerRsvp,
  chapterPathOf,
  goingCount,
  listedMeetup,
  loadEventForRsvp,
  mailRsvpLink,
  nameOfChapter,
  readRsvpLink,
} from "../commands/rsvps";
import type { Services } from "../services";

const rsvpListParams = z.object({
  date: z.string().refine(isIsoDate, "date must be a real date in the form YYYY-MM-DD"),
});

/**
 * An answer to a meetup, as the JSON route and the page's plain form post both take it: signed in, recorded at once
 * for the account's address (200); otherwise a link goes to the address given (202), within the per-address limits.
 */
export async function answerOrMailLink(ctx: Context, s: Services, input: RsvpBody, viewer: Viewer | null): Promise<RsvpResult | RsvpPending> {
  const event = await loadEventForRsvp(input.slug, viewer);
  listedMeetup(event, input.date);
  if (viewer) {
    const { status, going } = await answerRsvp(s, {
      event,
      date: input.date,
      email: viewer.email.toLowerCase(),
      name: viewer.name,
      userId: viewer.id,
      answer: input.answer,
    });
    return { status, going };
  }
  if (!input.email) throw badRequest(EMAIL_NEEDED, "email");
  await enforceLimit(ctx, {
    bucket: bucketFor("rsvp", ctx.ip),
    limit: s.config.rateLimits.listSignup,
    message: (wait) => `Too many answers from your address. Please try again in ${wait}.`,
  });
  await enforceLimit(ctx, {
    bucket: bucketFor("rsvp-mail", input.email, event.id, input.date),
    limit: s.config.rateLimits.listConfirmationPerEmail,
    message: (wait) => `Too many answers for this email address. Please try again in ${wait}.`,
  });
  await mailRsvpLink(s, event, { eventId: event.id, date: input.date, email: input.email, answer: input.answer, name: input.name ?? "" });
  return { status: "pending" };
}

/** Who's coming (issue 42): answers by account or by a link in an email, and the list for hosts. */
export function rsvpRoutes(router: Router, s: Services) {
  router.post("/rsvp", async (ctx) => {
    const input = parse(rsvpBodySchema, ctx.request.body);
    const body = await answerOrMailLink(ctx, s, input, ctx.state.viewer);
    ctx.status = body.status === "pending" ? 202 : 200;
    ctx.body = body;
  });

  /** What an email's link names, for the page it opens: reading changes nothing (mail scanners open links). */
  router.get("/rsvp_link/:token", async (ctx) => {
    const { claim, event, occurrence } = await readRsvpLink(s, ctx.params.token);
    const current = await Rsvp.query().findOne({ chapterEventId: event.id, date: claim.date, email: claim.email });
    const body: RsvpLinkInfo = {
      chapterTitle: nameOfChapter(event.chapter),
      chapterPath: chapterPathOf(event.chapter),
      event: presentEvent(event, event.chapter.timeZone),
      date: claim.date,
      start: occurrence.start.toISO({ suppressMilliseconds: true })!,
      end: occurrence.end.toISO({ suppressMilliseconds: true })!,
      email: claim.email,
      answer: claim.answer,
      status: current?.status ?? null,
      going: await goingCount(event.id, claim.date),
    };
    ctx.body = body;
  });

  /** The button of that page: records the answer the link names (a second press changes nothing). */
  router.post("/rsvp/confirm", async (ctx) => {
    const { token } = parse(rsvpConfirmSchema, ctx.request.body);
    const { claim, event } = await readRsvpLink(s, token);
    listedMeetup(event, claim.date);
    const { status, going } = await answerRsvp(s, { event, date: claim.date, email: claim.email, name: claim.name, userId: null, answer: claim.answer });
    const body: RsvpResult = { status, going };
    ctx.body = body;
  });

  /** Who answered a meetup, for its chapter's hosts (401 visitors, 403 others). */
  const answersFor = async (ctx: Context) => {
    const viewer = requireViewer(ctx);
    const { date } = parse(rsvpListParams, ctx.params);
    const event = await loadEventForRsvp(String(ctx.params.eventSlug), viewer);
    authorize(viewer, rsvpPolicy.list, event.chapter);
    return { event, date, list: presentRsvpList(await Rsvp.query().where({ chapterEventId: event.id, date })) };
  };

  router.get("/rsvp/:eventSlug/:date", async (ctx) => {
    ctx.body = (await answersFor(ctx)).list;
  });

  /** The same as a CSV file: one row a person, going first, then the waitlist in its order, then those not going. */
  router.get("/rsvp/:eventSlug/:date/export.csv", async (ctx) => {
    const { event, date, list } = await answersFor(ctx);
    const rows = [
      ["Name", "Email", "Answer"],
      ...list.going.map((p) => [p.name, p.email, "going"]),
      ...list.waitlisted.map((p) => [p.name, p.email, "waitlisted"]),
      ...list.notGoing.map((p) => [p.name, p.email, "not going"]),
    ];
    ctx.attachment(`rsvps-${event.slug}-${date}.csv`);
    ctx.type = "text/csv; charset=utf-8";
    ctx.body = toCsv(rows);
  });
}
