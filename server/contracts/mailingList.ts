/**
 * Mailing lists, email to chapters, chapter posts, email settings and email aliases: the request and
 * response shapes shared by server and UI (spec 000 section 7, spec 001 section 7). No Node imports here.
 */

// ---------------------------------------------------------------------------------------------------------
// Email settings: which email-marketing provider the site uses.

export const EMAIL_SERVICE_NAMES = ["sendInBlue", "bronto"] as const;
export type EmailServiceName = (typeof EMAIL_SERVICE_NAMES)[number];

/** Options of the General Settings email service select, in display order. */

/** Confirmation the General Settings screen asks before changing the email service (two spaces, as specified). */
export const EMAIL_SERVICE_CONFIRMATION = "This can break things badly.  Are you sure?";

/** The adapter that actually carries list traffic: the selected provider when its key is configured, else built-in. */
export type ActiveListProvider = "builtIn" | "brevo" | "bronto";

/** GET /api/email_settings (admin). */
export interface EmailSettingsInfo {
  serviceName: EmailServiceName;
  /** Double opt-in: public list signups become active only once the emailed confirmation link is followed. */
  doubleOptIn: boolean;
  /** The network's postal address in the footer of list emails; empty: none shown. */
  postalAddress: string;
  /** The network's contact as General Settings hold it (both empty: MAIL_FROM stands in). */
  networkContactName: string;
  networkContactEmail: string;
  /** Who automatic mail names and replies go to when no field organizer does: the contact above, else MAIL_FROM. */
  networkContact: { name: string; email: string };
  /** What list traffic goes through right now. */
  activeProvider: ActiveListProvider;
  /** Whether a key is configured for each selectable service. */
  configured: Record<EmailServiceName, boolean>;
  /** Background delivery queue: how many jobs wait, run or have failed for good, and the latest failures. */
  queue: { pending: number; running: number; failed: number; recentFailures: { id: number; type: string; lastError: string; updatedAt: string }[] };
  /**
   * List emails per recipient: waiting (not handed over yet, or being handed over), failed (refused for good),
   * unknown (interrupted while handed to a provider that cannot say whether it went out; never sent again),
   * retried (interrupted the same way, then handed over again under the same key, so that a copy that did go out
   * is dropped as a repeat: by the outbox, Brevo, or over SMTP the receiving mail servers, by its Message-ID),
   * and the latest failed or unknown ones.
   */
  deliveries: { waiting: number; failed: number; unknown: number; retried: number; recentProblems: DeliveryProblem[] };
  /** Addresses to register at the provider so bounces and unsubscribes flow back (only the selected one matters). */
  webhookUrls: { brevo: string };
  /** What the sending domain needs, and what the running configuration lacks. */
  deliverability: DeliverabilityInfo;
  updatedAt: string | null;
}

/** Deliverability at a glance (Email Administration). */
export interface DeliverabilityInfo {
  /** The domain of MAIL_FROM: every message is From that address. */
  fromDomain: string;
  /** The DNS records that domain needs, in the order to add them. */
  records: { kind: "SPF" | "DKIM" | "DMARC"; name: string; what: string }[];
  /** What the running configuration lacks (empty when nothing). */
  warnings: string[];
}

export interface DeliveryProblem {
  id: number;
  state: "failed" | "unknown";
  email: string;
  messageTitle: string;
  chapterTitle: string;
  error: string;
  updatedAt: string;
}

/**
 * POST /api/email_settings (admin); answers EmailSettingsInfo. Any of the fields. Switching the service
 * re-syncs every contact to the new provider.
 */
export interface EmailSettingsUpdate {
  serviceName?: EmailServiceName;
  doubleOptIn?: boolean;
  postalAddress?: string;
  /** Set together: the network's contact (both empty: none, MAIL_FROM stands in). */
  networkContactName?: string;
  networkContactEmail?: string;
}

/**
 * POST /api/mailing_list/preview (host access) {title, body, listId}: the email as members would get it, sent
 * nowhere and kept nowhere. The title may still be empty; the unsubscribe link is a sample.
 */
export interface ListEmailPreview {
  subject: string;
  /** "{host} via {chapter}", at fromAddress (the network's own). */
  fromName: string;
  fromAddress: string;
  /** The chapter's alias, else the host's own address; empty: none. */
  replyTo: string;
  /** The whole HTML document of the HTML part. */
  html: string;
  /** The plain-text part. */
  text: string;
}

/** POST /api/email_settings/retry_failed (admin): how many failed deliveries were queued again. */
export interface RetryFailedResponse {
  retried: number;
}

// ---------------------------------------------------------------------------------------------------------
// Mailing-list contacts.

export const CONTACT_STATUSES = ["active", "onboarding", "transactional", "bounce", "blocked", "unconfirmed", "unsub", "deleted"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** One line of a list answer, in the shape the original provider answered: isError with its errorString. */
export interface ListResult {
  isError: boolean;
  errorString: string;
  /** The address this line is about (sign_up_many); absent on sign_up. */
  email?: string;
  /**
   * sign_up with double opt-in on: true on every success, whether or not the address was already on the list
   * (so the answer does not tell who is); a confirmation link was mailed unless it was.
   */
  needsConfirmation?: boolean;
}

/**
 * POST /api/mailing_list/sign_up (public). The widget reads `return.results[0]`.
 * Success: 200 `{ return: { results: [{ isError: false, errorString: "" }] } }`.
 * Failure: a 4xx with the standard error body `{ error, errorId, field? }` PLUS the same `return.results[0]`
 * with `isError: true` and `errorString` (the text to show after "Oops. "), e.g. 400 for a bad address,
 * 404 "This mailing list does not exist" for an unknown listId.
 */
export interface SignUpRequest {
  email: string;
  /** The chapter's sendInBlueListId or brontoListId, per the email settings (see GET /api/mailing_list/list_id/{chapterId}). */
  listId: string;
}
export interface SignUpResponse {
  return: { results: ListResult[] };
}

/**
 * GET /api/mailing_list/confirm/{token} (public): the pending signup the emailed link confirms.
 * POST to the same path confirms it (the contact becomes active and is synced to the provider) and answers
 * the same shape with confirmed true. 404 for a link that is unknown, expired (7 days) or superseded.
 */
export interface ListConfirmationInfo {
  email: string;
  chapterName: string;
  confirmed: boolean;
}

/** GET /api/mailing_list/list_id/{chapterId} (public): the list id the widget must send for this chapter. */
export interface ChapterListIdResponse {
  chapterId: number;
  /** null when the chapter has no mailing list. */
  listId: string | null;
  serviceName: EmailServiceName;
  /**
   * ready: listId is set. creating: the provider is making the list (a job that retries while it is down).
   * failed: the provider refused to make it (an admin sees why on Email Administration). none: no list and
   * nothing under way.
   */
  listStatus: ChapterListStatus;
}

export type ChapterListStatus = "ready" | "creating" | "failed" | "none";

/**
 * The signup form also works as a plain form post without JavaScript: POST {JOIN_LIST_PATH} with `email`, `listId`
 * and `back` (the page to return to). The answer is a redirect back; the page then shows this result in its widget.
 */
export const JOIN_LIST_PATH = "/join_list";
export interface JoinListResult {
  listId: string;
  ok: boolean;
  needsConfirmation?: boolean;
  /** The server's error string when not ok. */
  message?: string;
}

/**
 * POST /api/mailing_list/sign_up_many (host access). `emails` is split on commas, semicolons, spaces and new
 * lines (an array of strings is accepted too), and reads "Name <email>", "email, name" and "Name email" (the name
 * is read past: member records hold none). Every address gets a result line; invalid ones have isError true.
 */
export interface SignUpManyRequest {
  emails: string | string[];
  listId: string;
}
export interface SignUpManyResponse {
  return: { results: ListResult[] };
  /** How many addresses were added (new, or re-activated). */
  added: number;
  /** The valid addresses that were active members already (nothing changed for them). */
  alreadyMembers: string[];
  /** The addresses that were not valid, as typed. */
  invalid: string[];
}

export interface ListContact {
  /** Our contact id; GET /api/mailing_list/contact_details/{id} takes it. */
  id: number;
  email: string;
  status: ContactStatus;
  numSends: number;
  numOpens: number;
  numClicks: number;
  /** ISO date-time the contact joined. */
  created: string;
  /** True once a host deleted the contact (shown dimmed). */
  deleted: boolean;
}

export type ContactStats = Record<ContactStatus, number>;

/** Members per page of GET /api/mailing_list/chapter_list_id/{listId} when no limit is given. */
export const MEMBERS_PAGE_SIZE = 50;

/**
 * GET /api/mailing_list/chapter_list_id/{listId} (host access): one page of members newest first, with counts per
 * status. Query: `page` (from 0), `limit` (1..300, default MEMBERS_PAGE_SIZE), `status` (one status only, e.g.
 * active; Bounced is blocked) and `q` (part of the email address). Without them, the first page of everyone.
 */
export interface ChapterListQuery {
  page?: number;
  limit?: number;
  status?: ContactStatus;
  q?: string;
}
export interface ChapterListResponse {
  listId: string;
  chapterId: number;
  /** This page of the contacts that match status and q. */
  contacts: ListContact[];
  /** Counts per status of the whole list (not narrowed by status or q). */
  stats: ContactStats;
  /** Contacts that are not deleted. */
  total: number;
  page: number;
  limit: number;
  /** How many contacts match status and q (all pages). */
  matching: number;
}

/**
 * GET /api/mailing_list/contact_details/{id} (host access). {id} is our contact id (ListContact.id); an email
 * address is accepted too when the query carries ?listId=.
 */
export interface ContactDetails extends ListContact {
  chapterId: number;
}

/** GET and POST /api/mailing_list/unsubscribe/{token} (public): whose subscription the link is, and whether it has ended. */
export interface UnsubscribeInfo {
  email: string;
  chapterName: string;
  unsubscribed: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Email to a chapter's list.

/** POST /api/mailing_list/send_message (host access). Title required; body is rich text (markdown). */
export interface SendMessageRequest {
  title: string;
  body: string;
  listId: string;
}

type ListMessageStatus = "queued" | "sending" | "sent" | "failed";

export interface ListMessageInfo {
  id: number;
  chapterId: number;
  title: string;
  status: ListMessageStatus;
  /** Recipients when the send was queued (active contacts). */
  total: number;
  sent: number;
  failed: number;
  /** Recipients whose delivery was interrupted where the provider cannot say whether it went out (not resent). */
  unknown: number;
  createdAt: string;
  updatedAt: string;
  /** The chapter post the email became. */
  blogPostSlug: string | null;
  user: { id: number; name: string } | null;
}

/** 202 answer of send_message: the send is queued and batched in the background. */
export interface SendMessageResponse {
  message: ListMessageInfo;
}

// ---------------------------------------------------------------------------------------------------------
// Chapter posts (every email sent to a chapter's list is kept as one).

export const CHAPTER_POSTS_PAGE_SIZE = 10;

export interface ChapterBlogPostInfo {
  id: number;
  chapterId: number;
  title: string;
  slug: string;
  /** Source (markdown); render only bodyHtml. */
  body: string;
  /** Safe HTML rendered on the server. */
  bodyHtml: string;
  createdAt: string;
  user: { id: number; name: string } | null;
}

// ---------------------------------------------------------------------------------------------------------
// Email aliases (admin): stored here, synced to Mailgun routes when MAILGUN_API_KEY is set.

export interface EmailAliasInfo {
  id: number;
  localPart: string;
  domain: string;
  /** localPart@domain */
  address: string;
  recipients: string[];
  chapterId: number | null;
  chapterName: string | null;
  /** Mailgun route id once synced; null when Mailgun is not configured. */
  mailgunRouteId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** POST /api/admin/mailgun/aliases and PUT /api/admin/mailgun/aliases/{id}. */
export interface EmailAliasInput {
  localPart: string;
  domain: string;
  recipients: string[];
  chapterId?: number | null;
}

/** GET /api/admin/mailgun/aliases[?search=term] answers EmailAliasInfo[]; GET .../domains answers the choices. */
export interface AliasDomainsResponse {
  /** Chapter type name -> domain, in the configured order; the first is the default choice. */
  domains: { type: string; domain: string }[];
}

/** POST /api/admin/mailgun/aliases/test: checks the Mailgun connection. */
export interface AliasServiceTestResponse {
  ok: boolean;
  /** "mailgun" when MAILGUN_API_KEY is set, else "local" (aliases kept only in our database). */
  mode: "mailgun" | "local";
  message: string;
  routeCount: number | null;
}

export const ALIAS_SEARCH_MIN = 2;
export const ALIAS_SEARCH_TOO_SHORT = "Please enter at least 2 characters to search";
export const ALIAS_RATE_LIMIT_MESSAGE = "Mailgun is limiting requests right now. Please wait a minute and try again.";
