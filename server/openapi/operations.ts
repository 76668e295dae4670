import { z } from "zod";
import { signinSchema } from "../auth/signIn";
import { deleteAccountSchema } from "../contracts/account";
import {
  adminRoleBodySchema,
  contentBodySchema,
  frontPageBodySchema,
  userRoleQuerySchema,
  userSearchSchema,
  wikiPageBodySchema,
} from "../contracts/adminRequests";
import * as events from "../contracts/chapterEvent";
import { healthQuerySchema, healthSettingsSchema, pinSchema, reactivateSchema } from "../contracts/chapterHealth";
import { networkStatsQuerySchema } from "../contracts/chapterStats";
import { newChapterBodySchema } from "../contracts/newChapter";
import { adminNoteBodySchema, noteBodySchema, userNoteBodySchema } from "../contracts/notes";
import { pressMentionBodySchema } from "../contracts/pressMention";
import { aliasSchema } from "../commands/emailAliases";
import { sendMessageSchema } from "../commands/mailingList";
import { signUpSchema } from "../mailingLists/publicSignUp";
import { signupSchema } from "../routes/auth";
import { linksSchema } from "../routes/chapterLinks";
import { listSchema as chapterListQuery, searchSchema as chapterSearchQuery } from "../routes/chapters";
import { nearSchema } from "../routes/chaptersNear";
import { chapterUpdateSchema } from "../routes/chapterSettings";
import { aliasSearchSchema } from "../routes/emailAliases";
import { emailSettingsUpdateSchema } from "../routes/emailSettings";
import { applicationUpdateSchema } from "../routes/hostApplicationsAdmin";
import { hostApplicationSchema } from "../routes/hostApplicationsApplicant";
import { deleteSchema as contactDeleteSchema, memberQuerySchema, previewSchema, signUpManySchema } from "../routes/mailingList";
import { settingsSchema as meetupConfirmSettingsSchema } from "../routes/meetupConfirmSettings";
import { createSchema as resetCreateSchema, newPasswordBody } from "../routes/passwordReset";
import { grantSchema, permissionDeleteSchema } from "../routes/permissions";
import { geocodeQuery } from "../routes/siteConfig";
import { rsvpBodySchema, rsvpConfirmSchema } from "../contracts/rsvpRequests";
import * as ch from "./answers/chapters";
import * as ct from "./answers/content";
import * as ls from "./answers/lists";
import * as pp from "./answers/people";
import { csv, html, ics, tagged, type Operation } from "./operation";

const list = <T extends z.ZodType>(item: T) => z.array(item);
const ok = z.object({ ok: z.literal(true) });
/** This document: an OpenAPI 3.1 object, whose parts the OpenAPI specification describes. */
const openApiDocument = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    servers: z.array(z.looseObject({ url: z.string() })),
    paths: z.record(z.string(), z.unknown()),
    components: z.looseObject({}),
  })
  .describe("An OpenAPI 3.1 document");
const lastEventId = z.object({ lastEventId: z.string().optional().describe("Replay notices after this id (or send the Last-Event-ID header)") });

export const operations: Record<string, Operation> = {
  ...tagged("Account", {
    "GET /api/auth/user": { public: true, summary: "The signed-in user, or null", answer: pp.AuthAnswer },
    "POST /api/auth/signup": { public: true, summary: "Create an account and sign in", body: signupSchema, answer: pp.AuthAnswer, status: 201 },
    "POST /api/auth/signin": { public: true, summary: "Sign in with email and password", body: signinSchema, answer: pp.AuthAnswer },
    "GET /api/auth/signout": { public: true, summary: "Sign out (ends the session)", answer: pp.ResultAnswer },
    "GET /api/auth/my_data": { summary: "Download my data as a JSON file", answer: pp.MyData },
    "POST /api/auth/delete_account": { summary: "Delete my account (asks for the password again)", body: deleteAccountSchema, answer: pp.ResultAnswer },
    "POST /api/password_reset/create": { public: true, summary: "Email a password reset link", body: resetCreateSchema, answer: pp.ResultAnswer },
    "GET /api/password_reset/check/:token": { public: true, summary: "Whether a reset link is still good", answer: pp.ResultAnswer },
    "POST /api/password_reset/new_password": { public: true, summary: "Set a new password with a reset link", body: newPasswordBody, answer: pp.ResultAnswer },
  }),
  ...tagged("Chapters", {
    "GET /api/chapters/near": { public: true, summary: "The chapters nearest a place", query: nearSchema, answer: ch.NearChapters },
    "GET /api/chapter/slug/:slug": { public: true, summary: "A chapter's page by slug", answer: ch.ChapterDetail },
    "GET /api/chapter/id/:id": { public: true, summary: "A chapter's page by id", answer: ch.ChapterDetail },
    "GET /api/chapters": { public: true, summary: "Every chapter, as summaries", query: chapterListQuery, paged: true, answer: list(ch.ChapterSummary) },
    "GET /api/chapters/active": { public: true, summary: "Active chapters with their upcoming events", paged: true, answer: list(ch.ChapterWithEvents) },
    "GET /api/chapters/active/dates": {
      public: true,
      summary: "Every active chapter's page (slug and state) and when it last changed, by id",
      answer: list(ch.ActiveChapterDate),
    },
    "GET /api/chapters/pins": { public: true, summary: "The home map's pins, one compact row per active chapter", answer: ch.ChapterPins },
    "GET /api/chapters/my": { summary: "The caller's chapters with their roles", paged: true, answer: list(ch.MyChapter) },
    "GET /api/chapters/state/:state": {
      public: true,
      summary: "A state's active chapters with their upcoming events",
      paged: true,
      answer: list(ch.ChapterWithEvents),
    },
    "GET /api/chapters/search": {
      public: true,
      summary: "Chapters whose title, city or slug contain a text (50 at most)",
      query: chapterSearchQuery,
      answer: list(ch.ChapterSummary),
    },
    "GET /api/chapter/first_steps/:id": { summary: "A new chapter's first steps", answer: ch.ChapterFirstSteps },
  }),
  ...tagged("Calendar", {
    "GET /api/chapter_calendar/all/events.ics": { public: true, summary: "Every chapter's meetups as an iCalendar feed", answer: ics("The network's feed") },
    "GET /api/chapter_calendar/state/:state/events.ics": { public: true, summary: "A state's meetups as an iCalendar feed", answer: ics("The state's feed") },
    "GET /api/chapter_calendar/:slug/events.ics": { public: true, summary: "A chapter's meetups as an iCalendar feed", answer: ics("The chapter's feed") },
  }),
  ...tagged("Events", {
    "GET /api/chapter_event/slug/:slug": { public: true, summary: "An event by slug", answer: ch.ChapterEvent },
    "GET /api/chapter_event/chapter/:chapterId/all": { summary: "A chapter's events", answer: list(ch.ChapterEvent) },
    "POST /api/chapter_event": { summary: "Create an event (201) or, with a slug, update it", body: events.chapterEventBodySchema, answer: ch.ChapterEvent },
    "POST /api/chapter_event/cancel": {
      public: true,
      summary: "Cancel one meetup date (by slug and date, or by a confirmation link's token)",
      body: z.union([events.cancelDateSchema, events.cancelByTokenSchema]),
      answer: ch.ChapterEvent,
    },
    "POST /api/chapter_event/confirm": {
      public: true,
      summary: "Confirm one meetup date (by slug and date, or by a confirmation link's token)",
      body: z.union([events.confirmDateSchema, events.confirmByTokenSchema]),
      answer: ch.ChapterEvent,
    },
    "GET /api/chapter_event/confirmation/:token": {
      public: true,
      summary: "What a confirmation link names (reading changes nothing)",
      answer: ch.MeetupConfirmation,
    },
    "POST /api/chapter_event/uncancel": { summary: "Undo a cancelled meetup date", body: events.uncancelDateSchema, answer: ch.ChapterEvent },
    "DELETE /api/chapter_event/slug/:slug": { summary: "Delete an event", answer: z.object({ deleted: z.literal(true), slug: z.string() }) },
    "POST /api/rsvp": {
      public: true,
      summary: "Say whether you are coming to a meetup: signed in, recorded at once (200); otherwise 202 and a link by email",
      body: rsvpBodySchema,
      answer: z.union([pp.RsvpResult, pp.RsvpPending]),
    },
    "GET /api/rsvp_link/:token": { public: true, summary: "What an RSVP email's link names (reading changes nothing)", answer: pp.RsvpLinkInfo },
    "POST /api/rsvp/confirm": { public: true, summary: "Record the answer an RSVP email's link names", body: rsvpConfirmSchema, answer: pp.RsvpResult },
    "GET /api/rsvp/:eventSlug/:date": { summary: "Who answered a meetup (the chapter's hosts, field organizers and admins)", answer: pp.RsvpList },
    "GET /api/rsvp/:eventSlug/:date/export.csv": {
      summary: "Who answered a meetup as a CSV file",
      answer: csv("One row per person: going, waitlisted in order, not going"),
    },
    "GET /api/meetup_confirmations/settings": { summary: "How many hours ahead hosts are asked to confirm", answer: ch.MeetupConfirmSettings },
    "POST /api/meetup_confirmations/settings": {
      summary: "Change how many hours ahead hosts are asked",
      body: meetupConfirmSettingsSchema,
      answer: ch.MeetupConfirmSettings,
    },
  }),
  ...tagged("Chapter admin", {
    "GET /api/activity_feed_item/chapter/:id": { summary: "A chapter's activity", paged: true, answer: list(pp.ActivityItem) },
    "GET /api/activity_feed_item/all": { summary: "The network's activity", paged: true, answer: list(pp.ActivityItem) },
    "GET /api/chapter/settings_options": { summary: "The choices of the Chapter Settings form", answer: pp.ChapterSettingsOptions },
    "POST /api/chapter": { summary: "Save a chapter's settings", body: chapterUpdateSchema, answer: ch.ChapterDetail },
    "POST /api/chapter/header_image/:id": { summary: "Upload a chapter's header image", body: "image", answer: pp.ResultAnswer },
    "DELETE /api/chapter/header_image/:id": { summary: "Remove a chapter's header image", answer: pp.ResultAnswer },
    "POST /api/permission/delete": {
      summary: "Remove a role from a chapter",
      body: permissionDeleteSchema,
      answer: z.object({ result: z.string(), id: z.number().int() }),
    },
    "GET /api/permission/:chapterId": { summary: "A chapter's hosts and field organizers", answer: list(pp.Permission) },
    "POST /api/permission/:chapterId": {
      summary: "Give someone a role on a chapter (201, or 200 when they have it)",
      body: grantSchema,
      answer: pp.Permission,
    },
    "GET /api/chapter_link/chapter/:chapterId": { summary: "A chapter's links", answer: list(pp.ChapterLink) },
    "POST /api/chapter_link/chapter/:chapterId": { summary: "Replace a chapter's links", body: linksSchema, answer: list(pp.ChapterLink) },
    "GET /api/chapter_note/chapter/:chapterId": { summary: "A chapter's notes", paged: true, answer: list(pp.ChapterNote) },
    "POST /api/chapter_note": { summary: "Leave a note on a chapter", body: noteBodySchema, answer: pp.ChapterNote, status: 201 },
    "GET /api/press_mention/chapter/:id/all": { summary: "A chapter's press mentions, hidden ones too", answer: list(ct.ChapterPressMention) },
    "POST /api/press_mention": { summary: "Add (201) or, with a slug, update a press mention", body: pressMentionBodySchema, answer: ct.ChapterPressMention },
    "DELETE /api/press_mention/slug/:slug": { summary: "Delete a press mention", answer: pp.ResultAnswer },
  }),
  ...tagged("Host applications", {
    "POST /api/chapter_host_application": { summary: "Apply to host a new chapter", body: hostApplicationSchema, answer: pp.HostApplication, status: 201 },
    "GET /api/chapter_host_application/my": { summary: "My host applications", answer: list(pp.HostApplication) },
    "GET /api/chapter_host_application/slug/:slug": { summary: "One of my host applications", answer: pp.HostApplication },
    "GET /api/chapter_host_application": { summary: "Every host application (admins)", paged: true, answer: list(pp.AdminHostApplication) },
    "GET /api/chapter_host_application/user/:userId": { summary: "A user's host applications", paged: true, answer: list(pp.AdminHostApplication) },
    "GET /api/chapter_host_application/slug/:slug/admin": { summary: "A host application as admins see it", answer: pp.AdminHostApplication },
    "PUT /api/chapter_host_application/slug/:slug": { summary: "Review a host application", body: applicationUpdateSchema, answer: pp.AdminHostApplication },
    "GET /api/chapter_host_application/slug/:slug/notes": { summary: "Admins' notes on a host application", paged: true, answer: list(pp.Note) },
    "POST /api/chapter_host_application/slug/:slug/notes": {
      summary: "Add a note to a host application",
      body: adminNoteBodySchema,
      answer: pp.Note,
      status: 201,
    },
    "POST /api/chapter/new": {
      summary: "Create a chapter, from a host application or not",
      body: newChapterBodySchema,
      answer: pp.NewChapterResult,
      status: 201,
    },
  }),
  ...tagged("Site admin", {
    "GET /api/admin/events": {
      summary: "Admin notices as a server-sent event stream",
      query: lastEventId,
      answer: { mediaType: "text/event-stream", description: "One `notice` event per admin notice, and keep-alive comments" },
    },
    "GET /api/user/count": { summary: "How many accounts there are", answer: pp.UserCount },
    "GET /api/user/all": { summary: "Every user, with a role filter", query: userRoleQuerySchema, paged: true, answer: list(pp.UserRow) },
    "POST /api/user/search": {
      summary: "Users whose name or email contain a text",
      query: userRoleQuerySchema,
      paged: true,
      body: userSearchSchema,
      answer: list(pp.UserRow),
    },
    "GET /api/user/user/:id": { summary: "A user with their chapters", answer: pp.UserDetail },
    "PUT /api/user/admin/:id": { summary: "Make a user an admin or remove the role", body: adminRoleBodySchema, answer: pp.UserRow },
    "GET /api/user_note/user/:userId": { summary: "Admins' notes about a user", paged: true, answer: list(pp.Note) },
    "POST /api/user_note": { summary: "Add a note about a user", body: userNoteBodySchema, answer: pp.UserNote, status: 201 },
    "POST /api/front_page": { summary: "Save the front page's image link", body: frontPageBodySchema, answer: ct.FrontPage },
    "POST /api/front_page_image": { summary: "Upload the front page image", body: "image", answer: pp.ResultAnswer },
    "GET /api/blog_post": { summary: "Every blog post (admins)", answer: list(ct.BlogPostAdmin) },
    "POST /api/blog_post": { summary: "Create (201) or, with an id, update a blog post", body: contentBodySchema, answer: ct.BlogPostAdmin },
    "GET /api/page": { summary: "Every page (admins)", answer: list(ct.PageAdmin) },
    "POST /api/page": { summary: "Create (201) or, with an id, update a page", body: contentBodySchema, answer: ct.PageAdmin },
    "GET /api/wiki_page": { summary: "Every wiki page (admins)", answer: list(ct.WikiPageAdmin) },
    "POST /api/wiki_page": { summary: "Create (201) or, with an id, update a wiki page", body: wikiPageBodySchema, answer: ct.WikiPageAdmin },
    "GET /api/press_mention/all": { summary: "Every press mention (admins)", answer: list(ct.PressMentionAdmin) },
  }),
  ...tagged("Content", {
    "GET /api/press_mention/public/all": { public: true, summary: "Every visible press mention", answer: list(ct.PublicPressMention) },
    "GET /api/press_mention/public": { public: true, summary: "Every visible press mention", answer: list(ct.PublicPressMention) },
    "GET /api/press_mention/public/state/:state": { public: true, summary: "A state's visible press mentions", answer: list(ct.PublicPressMention) },
    "GET /api/press_mention/public/dates": {
      public: true,
      summary: "Every visible press mention's slug and last change, newest first",
      answer: list(ct.PublicDate),
    },
    "GET /api/press_mention/public/:count": { public: true, summary: "The newest visible press mentions", answer: list(ct.PublicPressMention) },
    "GET /api/press_mention/chapter/:id/public": { public: true, summary: "A chapter's visible press mentions", answer: list(ct.PressMention) },
    "GET /api/press_mention/slug/:slug": { public: true, summary: "A press mention by slug", answer: ct.PressMention },
    "GET /api/front_page": { public: true, summary: "The front page's settings", answer: ct.FrontPage },
    "GET /api/blog_post/public/dates": { public: true, summary: "Every public blog post's slug and last change, newest first", answer: list(ct.PublicDate) },
    "GET /api/blog_post/public/:page": { public: true, summary: "Public blog posts, newest first, a page at a time", answer: list(ct.BlogPost) },
    "GET /api/blog_post/slug/:slug": { public: true, summary: "A blog post by slug", answer: ct.BlogPost },
    "GET /api/page/public/dates": { public: true, summary: "Every public page's slug and last change, by slug", answer: list(ct.PublicDate) },
    "GET /api/page/slug/:slug": { public: true, summary: "A page by slug", answer: ct.Page },
    "GET /api/wiki_page/public/dates": { public: true, summary: "Every public wiki page's slug and last change, by slug", answer: list(ct.PublicDate) },
    "GET /api/wiki_page/slug/:slug": { public: true, summary: "A wiki page by slug", answer: ct.WikiPage },
    "GET /api/site_config": { public: true, summary: "What the UI needs to know about the site", answer: ct.SiteConfig },
    "GET /api/geocode": {
      public: true,
      summary: "A place for a ZIP code or city (offline data, or Google with a key)",
      query: geocodeQuery,
      answer: ct.Geocode,
    },
    "GET /api/chapter_blog_post/public/:chapterId/:page": {
      public: true,
      summary: "A chapter's public posts, a page at a time",
      answer: list(ls.ChapterBlogPost),
    },
    "GET /api/chapter_blog_post/slug/:slug": { public: true, summary: "A chapter post by slug", answer: ls.ChapterBlogPost },
    "GET /api/chapter_blog_post/:chapterId": { summary: "A chapter's posts", answer: list(ls.ChapterBlogPost) },
  }),
  ...tagged("Mailing lists", {
    "POST /api/mailing_list/sign_up": { public: true, summary: "Join a chapter's mailing list", body: signUpSchema, answer: ls.SignUpAnswer },
    "GET /api/mailing_list/list_id/:chapterId": { public: true, summary: "A chapter's list id and its state", answer: ls.ChapterListId },
    "POST /api/mailing_list/delete": { summary: "Remove a member from a list", body: contactDeleteSchema, answer: ls.SignUpAnswer },
    "POST /api/mailing_list/sign_up_many": { summary: "Add pasted addresses to a list", body: signUpManySchema, answer: ls.SignUpManyAnswer },
    "GET /api/mailing_list/chapter_list_id/:id": { summary: "A list's members and counts", query: memberQuerySchema, paged: true, answer: ls.ChapterList },
    "GET /api/mailing_list/contact_details/:id": {
      summary: "One member, by id or by email with listId",
      params: { id: z.string().describe("The member's id, or their email address (then listId is required)") },
      query: z.object({ listId: z.string().optional() }),
      answer: ls.ContactDetails,
    },
    "POST /api/mailing_list/send_message": {
      summary: "Email a chapter's list (sent by the job queue)",
      body: sendMessageSchema,
      answer: ls.SendMessageAnswer,
      status: 202,
    },
    "POST /api/mailing_list/preview": { summary: "Preview a list email as members will see it", body: previewSchema, answer: ls.ListEmailPreview },
    "GET /api/mailing_list/messages/:chapterId": { summary: "A chapter's list emails and their delivery", answer: list(ls.ListMessage) },
    "GET /api/mailing_list/confirm/:token": { public: true, summary: "What a sign-up confirmation link names", answer: ls.ListConfirmation },
    "POST /api/mailing_list/confirm/:token": { public: true, summary: "Confirm a list sign-up", answer: ls.ListConfirmation },
    "GET /api/mailing_list/unsubscribe/:token": { public: true, summary: "What an unsubscribe link names", answer: ls.Unsubscribe },
    "POST /api/mailing_list/unsubscribe/:token": { public: true, summary: "Unsubscribe with a link's token", answer: ls.Unsubscribe },
    "POST /api/mailing_list/webhooks/brevo/:secret": {
      public: true,
      summary: "Brevo's webhook: bounces, spam reports, unsubscribes, opens and clicks",
      body: z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]).describe("Brevo's event, or a list of them"),
      answer: z.object({ ok: z.literal(true), applied: z.number().int() }),
    },
    "GET /api/mailing_list/chapter/:id/export.csv": { summary: "A chapter's members as a CSV file", answer: csv("One row per member, streamed") },
    "GET /api/mailing_list/export.csv": { summary: "Every chapter's members as a CSV file", answer: csv("One row per member, streamed") },
  }),
  ...tagged("Email", {
    "GET /api/email_settings": { summary: "The email settings, queue and deliverability", answer: ls.EmailSettings },
    "POST /api/email_settings": { summary: "Change the email settings", body: emailSettingsUpdateSchema, answer: ls.EmailSettings },
    "POST /api/email_settings/retry_failed": { summary: "Retry failed jobs", answer: ls.RetryFailed },
    "GET /api/admin/mailgun/aliases": { summary: "Email aliases (500 at most)", query: aliasSearchSchema, answer: list(ls.EmailAlias) },
    "GET /api/admin/mailgun/aliases/domains": { summary: "The domains aliases may use", answer: ls.AliasDomains },
    "POST /api/admin/mailgun/aliases/test": { summary: "Test the alias service", answer: ls.AliasServiceTest },
    "POST /api/admin/mailgun/aliases": { summary: "Create an email alias", body: aliasSchema([]), answer: ls.EmailAlias, status: 201 },
    "PUT /api/admin/mailgun/aliases/:id": { summary: "Change an email alias", body: aliasSchema([]), answer: ls.EmailAlias },
    "DELETE /api/admin/mailgun/aliases/:id": { summary: "Delete an email alias", answer: null, status: 204 },
  }),
  ...tagged("Chapter health", {
    "GET /api/chapter_health": { summary: "Every chapter's health", query: healthQuerySchema, paged: true, answer: list(ch.HealthRow) },
    "GET /api/chapter_health/summary": {
      summary: "The health table, a page at a time, with counts by state",
      query: healthQuerySchema,
      paged: true,
      answer: ch.HealthPage,
    },
    "GET /api/chapter_health/export.csv": { summary: "The health table as a CSV file", query: healthQuerySchema, answer: csv("One row per chapter") },
    "GET /api/chapter_health/settings": { summary: "When a chapter is at risk and dormant", answer: ch.HealthSettings },
    "POST /api/chapter_health/settings": { summary: "Change when a chapter is at risk and dormant", body: healthSettingsSchema, answer: ch.HealthSettings },
    "POST /api/chapter_health/pin": { summary: "Pin a chapter active, or unpin it", body: pinSchema, answer: ok },
    "POST /api/chapter_health/reactivate": { summary: "Bring a dormant chapter back", body: reactivateSchema, answer: z.object({ reactivated: z.boolean() }) },
    "GET /api/chapter_stats/chapter/:id": { summary: "A chapter's last twelve months, in its time zone", answer: ch.ChapterStats },
    "GET /api/chapter_stats/network": {
      summary: "The network's (or a field organizer's chapters') last twelve months",
      query: networkStatsQuerySchema,
      answer: ch.ChapterStats,
    },
  }),
  ...tagged("API", {
    "GET /api/openapi.json": { public: true, summary: "This document (OpenAPI 3.1)", answer: openApiDocument },
    "GET /api/docs": { public: true, summary: "This document as a readable page", answer: html("One page listing every operation") },
  }),
};
