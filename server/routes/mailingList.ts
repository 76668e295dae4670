import crypto from "node:crypto";
import type Router from "@koa/router";
import { raw } from "objection";
import { z } from "zod";
import { ApiError, badRequest, notFound } from "../errors";
import { emailSchema, intParam, parse } from "../lib/validate";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { Chapter } from "../models/Chapter";
import { ListMessage } from "../models/ListMessage";
import { MailingListContact } from "../models/MailingListContact";
import { listIdColumn } from "../integrations/listProviders";
import { chapterForListId, contactStatsOf, sumStats } from "../mailingLists/contacts";
import { chapterListStatus } from "../mailingLists/chapterLists";
import { deleteContact, sendListMessage, sendMessageSchema, signUpMany, unsubscribeByToken } from "../commands/mailingList";
import { presentContact, presentContactDetails, presentListMessage } from "../presenters/mailingList";
import { displayTitle } from "../contracts/chapter";
import { CONTACT_STATUSES, MEMBERS_PAGE_SIZE, type ChapterListIdResponse, type ChapterListResponse, type SignUpManyResponse } from "../contracts/mailingList";
import { readPage, pageOf } from "../lib/paging";
import { containsPattern } from "../lib/search";
import type { Services } from "../services";
import type { Knex } from "knex";
import { isPostgres } from "../db";
import { applyBrevoEvents, webhookSecret } from "../mailingLists/webhooks";
import { confirmationInfo, confirmListSignup } from "../commands/listConfirmation";
import { listIdField, okResult, publicSignUp, signUpSchema } from "../mailingLists/publicSignUp";
import { previewListEmail } from "../mailingLists/compose";
import { singleLine } from "../contracts/text";

export const deleteSchema = z.object({ email: emailSchema, listId: listIdField });
export const memberQuerySchema = z.object({
  status: z.enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(", ")}` }).optional(),
  q: z.string({ error: "q must be text" }).trim().max(254, "q must be at most 254 characters").optional(),
});
/** A draft may be previewed before its title is written. */
export const previewSchema = sendMessageSchema.extend({
  title: singleLine(z.string({ error: "Title must be text" }).trim().max(300, "Title must be at most 300 characters"), "Title").default(""),
});
export const signUpManySchema = z.object({
  emails: z
    .union([z.string(), z.array(z.string())], { error: "New Email Addresses are Required" })
    .refine((v) => (Array.isArray(v) ? v.join("") : v).trim().length > 0, "New Email Addresses are Required"),
  listId: listIdField,
});

/** Errors of the public signup keep the standard error body and add the list result the widget reads. */
function withListResult(err: unknown): unknown {
  if (err instanceof ApiError) {
    return new ApiError(err.status, err.errorId, err.message, err.field, { ...err.extra, return: { results: [{ isError: true, errorString: err.message }] } });
  }
  return err;
}

/** Mailing lists (spec 000 section 7, spec 001 section 7). Which list id a chapter has depends on the email settings. */
/**
 * The test of a member search: the address holds the (lower-cased) pattern. Postgres lower-cases the address, as
 * its trigram index does; SQLite's LIKE ignores ASCII case by itself, and its lower() knows only ASCII too, so
 * the test is the same without it, and SQLite can answer it from an index that holds the addresses.
 */
const emailContains = (knex: Knex) => (isPostgres(knex) ? "lower(email) like ? escape '\\'" : "email like ? escape '\\'");

export function mailingListRoutes(router: Router, s: Services) {
  /** Public: a visitor joins a chapter's list. */
  router.post("/mailing_list/sign_up", async (ctx) => {
    try {
      const input = parse(signUpSchema, ctx.request.body);
      ctx.body = await publicSignUp(ctx, s, input, ctx.state.viewer);
    } catch (err) {
      throw withListResult(err);
    }
  });

  /** Public: which list id the signup widget sends for a chapter (it depends on the email settings). */
  router.get("/mailing_list/list_id/:chapterId", async (ctx) => {
    const chapter = await Chapter.query().findById(intParam(ctx.params.chapterId, "chapterId"));
    if (!chapter || !chapterPolicy.view(ctx.state.viewer, chapter)) throw notFound("Chapter");
    const serviceName = await s.listProviders.serviceName();
    const body: ChapterListIdResponse = {
      chapterId: chapter.id,
      listId: chapter[listIdColumn(serviceName)] || null,
      serviceName,
      listStatus: await chapterListStatus(s, chapter, serviceName),
    };
    ctx.body = body;
  });

  router.post("/mailing_list/delete", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(deleteSchema, ctx.request.body);
    const { chapter } = await chapterForListId(s, input.listId);
    authorize(viewer, chapterPolicy.host, chapter);
    await deleteContact(s, chapter, input.email, viewer);
    ctx.body = okResult({ email: input.email });
  });

  router.post("/mailing_list/sign_up_many", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(signUpManySchema, ctx.request.body);
    const { chapter } = await chapterForListId(s, input.listId);
    authorize(viewer, chapterPolicy.host, chapter);
    const { results, added, alreadyMembers, invalid } = await signUpMany(s, chapter, input.emails, viewer);
    const body: SignUpManyResponse = { return: { results }, added, alreadyMembers, invalid };
    ctx.body = body;
  });

  /** Members of a list (by list id), newest first, a page at a time, with counts per status. */
  router.get("/mailing_list/chapter_list_id/:id", async (ctx) => {
    const viewer = requireViewer(ctx);
    const page = readPage(ctx.query, MEMBERS_PAGE_SIZE);
    const { status, q } = parse(memberQuerySchema, ctx.query);
    const { chapter, listId } = await chapterForListId(s, ctx.params.id);
    authorize(viewer, chapterPolicy.host, chapter);
    const matching = () => {
      const query = MailingListContact.query().where({ chapterId: chapter.id });
      if (status) query.where({ status });
      if (q) query.whereRaw(emailContains(s.knex), [containsPattern(q)]);
      return query;
    };
    // A search counts its matches in the same scan as the page (a window count), not in a second one. On SQLite the
    // count runs over the matching ids alone, read from the (chapter_id, email) index rather than the rows (7 ms
    // for a list of 50,000, not 28), and only the page's rows are read whole; Postgres finds the matches with its
    // trigram index and is slower that way (96 ms for one address, not 66), so it counts over the rows.
    const newestFirst = () => pageOf(matching().orderBy("id", "desc"), page);
    const matchCount = raw("count(*) over () as search_matches");
    const searchPage = () =>
      isPostgres(s.knex)
        ? newestFirst().select("mailing_list_contacts.*", matchCount)
        : MailingListContact.query()
            .select("mailingListContacts.*", "matches.searchMatches")
            .join(newestFirst().select("id", matchCount).as("matches"), "matches.id", "mailingListContacts.id")
            .orderBy("mailingListContacts.id", "desc");
    const pageQuery = q ? searchPage() : newestFirst();
    const [contacts, stats] = await Promise.all([pageQuery, contactStatsOf(chapter.id)]);
    const searchMatches = async () =>
      contacts.length ? Number((contacts[0] as unknown as { searchMatches: number | string }).searchMatches) : matching().resultSize();
    const body: ChapterListResponse = {
      listId,
      chapterId: chapter.id,
      contacts: contacts.map(presentContact),
      stats,
      total: sumStats(stats) - stats.deleted,
      page: page.page,
      limit: page.limit,
      matching: q ? await searchMatches() : status ? stats[status] : sumStats(stats),
    };
    ctx.body = body;
  });

  /** One member's numbers. {id} is our contact id, or an email address with ?listId=. */
  router.get("/mailing_list/contact_details/:id", async (ctx) => {
    const viewer = requireViewer(ctx);
    const raw = String(ctx.params.id ?? "");
    let contact: MailingListContact | undefined;
    if (/^\d+$/.test(raw)) {
      contact = await MailingListContact.query().findById(intParam(raw));
    } else {
      const email = parse(emailSchema, raw);
      if (ctx.query.listId === undefined) throw badRequest("listId is required when looking a contact up by email", "listId");
      const { chapter } = await chapterForListId(s, ctx.query.listId);
      contact = await MailingListContact.query().findOne({ chapterId: chapter.id, email });
    }
    if (!contact) throw notFound("Contact");
    authorize(viewer, chapterPolicy.host, { id: contact.chapterId });
    ctx.body = presentContactDetails(contact);
  });

  /** A host emails the list: queued and batched in the background; answers 202 with the progress record. */
  router.post("/mailing_list/send_message", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(sendMessageSchema, ctx.request.body);
    const { chapter } = await chapterForListId(s, input.listId);
    authorize(viewer, chapterPolicy.host, chapter);
    const message = await sendListMessage(s, chapter, input, viewer);
    ctx.status = 202;
    ctx.body = { message: presentListMessage(message) };
  });

  /** Send Email's preview: the draft as members would get it, both parts; nothing is sent or kept. */
  router.post("/mailing_list/preview", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(previewSchema, ctx.request.body);
    const { chapter } = await chapterForListId(s, input.listId);
    authorize(viewer, chapterPolicy.host, chapter);
    ctx.body = await previewListEmail(s.config, chapter, input, viewer);
  });

  /** The chapter's emails with their progress, newest first. */
  router.get("/mailing_list/messages/:chapterId", async (ctx) => {
    const viewer = requireViewer(ctx);
    const chapter = await Chapter.query().findById(intParam(ctx.params.chapterId, "chapterId"));
    if (!chapter) throw notFound("Chapter");
    authorize(viewer, chapterPolicy.host, chapter);
    const messages = await ListMessage.query().where({ chapterId: chapter.id }).withGraphFetched("[user, chapterBlogPost]").orderBy("id", "desc").limit(100);
    ctx.body = messages.map(presentListMessage);
  });

  /** Double opt-in: the emailed link opens /confirm_subscription/{token}, which shows (GET) and confirms (POST). */
  router.get("/mailing_list/confirm/:token", async (ctx) => {
    ctx.body = await confirmationInfo(String(ctx.params.token));
  });
  router.post("/mailing_list/confirm/:token", async (ctx) => {
    ctx.body = await confirmListSignup(s, String(ctx.params.token));
  });

  /** Unsubscribe without signing in: the token in every list email is the credential. GET shows, POST acts. */
  const unsubscribeInfo = async (token: string) => {
    const contact = await MailingListContact.query().findOne({ unsubscribeToken: token });
    if (!contact) throw notFound("Subscription");
    const chapter = await Chapter.query().findById(contact.chapterId);
    return { email: contact.email, chapterName: chapter ? displayTitle(chapter) : "", unsubscribed: contact.status !== "active" };
  };
  router.get("/mailing_list/unsubscribe/:token", async (ctx) => {
    ctx.body = await unsubscribeInfo(String(ctx.params.token).slice(0, 100));
  });
  router.post("/mailing_list/unsubscribe/:token", async (ctx) => {
    const token = String(ctx.params.token).slice(0, 100);
    await unsubscribeByToken(s, token);
    ctx.body = await unsubscribeInfo(token);
  });

  /**
   * Brevo's webhook (transactional and marketing events): bounces, spam reports and unsubscribes become our
   * contact status; opens and clicks count. The path carries a secret shown to admins in the email settings.
   */
  router.post("/mailing_list/webhooks/brevo/:secret", async (ctx) => {
    const expected = Buffer.from(webhookSecret(s, "brevo"));
    const given = Buffer.from(String(ctx.params.secret));
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw notFound("API endpoint");
    const events = Array.isArray(ctx.request.body) ? ctx.request.body : [ctx.request.body];
    const applied = await applyBrevoEvents(events);
    ctx.body = { ok: true, applied };
  });
}
