import { z } from "zod";
import type * as M from "../../contracts/mailingList";
import { CONTACT_STATUSES, EMAIL_SERVICE_NAMES } from "../../contracts/mailingList";
import { answer, int, timestamp } from "./answer";

/** Answers about mailing lists, list emails, email settings and aliases (server/presenters/mailingList.ts, server/mailingLists/). */

const ListResult = answer<M.ListResult>()(
  "ListResult",
  z.object({ isError: z.boolean(), errorString: z.string(), email: z.string().optional(), needsConfirmation: z.boolean().optional() }),
);

export const SignUpAnswer = answer<M.SignUpResponse>()("SignUpAnswer", z.object({ return: z.object({ results: z.array(ListResult) }) }));

export const SignUpManyAnswer = answer<M.SignUpManyResponse>()(
  "SignUpManyAnswer",
  SignUpAnswer.extend({ added: int(), alreadyMembers: z.array(z.string()), invalid: z.array(z.string()) }),
);

export const ListConfirmation = answer<M.ListConfirmationInfo>()(
  "ListConfirmation",
  z.object({ email: z.string(), chapterName: z.string(), confirmed: z.boolean() }),
);

export const Unsubscribe = answer<M.UnsubscribeInfo>()("Unsubscribe", z.object({ email: z.string(), chapterName: z.string(), unsubscribed: z.boolean() }));

export const ChapterListId = answer<M.ChapterListIdResponse>()(
  "ChapterListId",
  z.object({
    chapterId: int(),
    listId: z.string().nullable(),
    serviceName: z.enum(EMAIL_SERVICE_NAMES),
    listStatus: z.enum(["ready", "creating", "failed", "none"]),
  }),
);

const contactFields = {
  id: int(),
  email: z.string(),
  status: z.enum(CONTACT_STATUSES),
  numSends: int(),
  numOpens: int(),
  numClicks: int(),
  created: timestamp(),
  deleted: z.boolean(),
};

const statusCounts = z.object(Object.fromEntries(CONTACT_STATUSES.map((s) => [s, int()])) as Record<M.ContactStatus, ReturnType<typeof int>>);

export const ChapterList = answer<M.ChapterListResponse>()(
  "ChapterList",
  z.object({
    listId: z.string(),
    chapterId: int(),
    contacts: z.array(z.object(contactFields)),
    stats: statusCounts,
    total: int(),
    page: int(),
    limit: int(),
    matching: int(),
  }),
);

export const ContactDetails = answer<M.ContactDetails>()("ContactDetails", z.object({ ...contactFields, chapterId: int() }));

export const ListMessage = answer<M.ListMessageInfo>()(
  "ListMessage",
  z.object({
    id: int(),
    chapterId: int(),
    title: z.string(),
    status: z.enum(["queued", "sending", "sent", "failed"]),
    total: int(),
    sent: int(),
    failed: int(),
    unknown: int(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    blogPostSlug: z.string().nullable(),
    user: z.object({ id: int(), name: z.string() }).nullable(),
  }),
);

export const SendMessageAnswer = answer<M.SendMessageResponse>()("SendMessageAnswer", z.object({ message: ListMessage }));

export const ListEmailPreview = answer<M.ListEmailPreview>()(
  "ListEmailPreview",
  z.object({ subject: z.string(), fromName: z.string(), fromAddress: z.string(), replyTo: z.string(), html: z.string(), text: z.string() }),
);

export const ChapterBlogPost = answer<M.ChapterBlogPostInfo>()(
  "ChapterBlogPost",
  z.object({
    id: int(),
    chapterId: int(),
    title: z.string(),
    slug: z.string(),
    body: z.string(),
    bodyHtml: z.string(),
    createdAt: timestamp(),
    user: z.object({ id: int(), name: z.string() }).nullable(),
  }),
);

export const EmailSettings = answer<M.EmailSettingsInfo>()(
  "EmailSettings",
  z.object({
    serviceName: z.enum(EMAIL_SERVICE_NAMES),
    doubleOptIn: z.boolean(),
    postalAddress: z.string(),
    networkContactName: z.string(),
    networkContactEmail: z.string(),
    networkContact: z.object({ name: z.string(), email: z.string() }),
    activeProvider: z.enum(["builtIn", "brevo", "bronto"]),
    configured: z.object({ sendInBlue: z.boolean(), bronto: z.boolean() }),
    queue: z.object({
      pending: int(),
      running: int(),
      failed: int(),
      recentFailures: z.array(z.object({ id: int(), type: z.string(), lastError: z.string(), updatedAt: timestamp() })),
    }),
    deliveries: z.object({
      waiting: int(),
      failed: int(),
      unknown: int(),
      retried: int(),
      recentProblems: z.array(
        z.object({
          id: int(),
          state: z.enum(["failed", "unknown"]),
          email: z.string(),
          messageTitle: z.string(),
          chapterTitle: z.string(),
          error: z.string(),
          updatedAt: timestamp(),
        }),
      ),
    }),
    webhookUrls: z.object({ brevo: z.string() }),
    deliverability: z.object({
      fromDomain: z.string(),
      records: z.array(z.object({ kind: z.enum(["SPF", "DKIM", "DMARC"]), name: z.string(), what: z.string() })),
      warnings: z.array(z.string()),
    }),
    updatedAt: timestamp().nullable(),
  }),
);

export const RetryFailed = answer<M.RetryFailedResponse>()("RetryFailed", z.object({ retried: int() }));

export const EmailAlias = answer<M.EmailAliasInfo>()(
  "EmailAlias",
  z.object({
    id: int(),
    localPart: z.string(),
    domain: z.string(),
    address: z.string(),
    recipients: z.array(z.string()),
    chapterId: int().nullable(),
    chapterName: z.string().nullable(),
    mailgunRouteId: z.string().nullable(),
    createdAt: timestamp(),
    updatedAt: timestamp(),
  }),
);

export const AliasDomains = answer<M.AliasDomainsResponse>()(
  "AliasDomains",
  z.object({ domains: z.array(z.object({ type: z.string(), domain: z.string() })) }),
);

export const AliasServiceTest = answer<M.AliasServiceTestResponse>()(
  "AliasServiceTest",
  z.object({ ok: z.boolean(), mode: z.enum(["mailgun", "local"]), message: z.string(), routeCount: int().nullable() }),
);
