import type { Config } from "../config";
import { chapterTypeTitle, displayTitle } from "../contracts/chapter";
import type { Chapter } from "../models/Chapter";
import { ChapterType } from "../models/ChapterType";
import { EmailSettings } from "../models/EmailSettings";
import type { ListMessage } from "../models/ListMessage";
import type { MailingListContact } from "../models/MailingListContact";
import { User } from "../models/User";
import { renderRichTextForMail } from "../lib/richText";
import { richTextToPlainText } from "../lib/plainText";
import { parseAddress } from "../integrations/mail/headers";
import { listEmailHtml, listEmailText, type ListEmailLook } from "./emailTemplate";
import type { ListEmail, Recipient } from "../integrations/listProviders";
import type { ListEmailPreview } from "../contracts/mailingList";
import { deliveryKey } from "./deliveries";

/** The page (UI) that confirms an unsubscribe; the link in every list email's body. */
const unsubscribePageUrl = (config: Pick<Config, "publicUrl">, token: string) => `${config.publicUrl}/unsubscribe/${encodeURIComponent(token)}`;
/** The one-click endpoint (RFC 8058) named by the List-Unsubscribe header. */
const unsubscribeApiUrl = (config: Pick<Config, "publicUrl">, token: string) => `${config.publicUrl}/api/mailing_list/unsubscribe/${encodeURIComponent(token)}`;

export function recipientFor(config: Pick<Config, "publicUrl">, contact: MailingListContact, messageId: number): Recipient {
  return {
    contactId: contact.id,
    email: contact.email,
    unsubscribePageUrl: unsubscribePageUrl(config, contact.unsubscribeToken),
    unsubscribeUrl: unsubscribeApiUrl(config, contact.unsubscribeToken),
    idempotencyKey: deliveryKey(messageId, contact.id),
  };
}

/** What a list email needs besides the message: the chapter with its type, who wrote it, the postal address. */
export interface ListEmailContext {
  chapter: Chapter;
  /** The chapter's type (its colour, name and mail domain). */
  type: Pick<ChapterType, "name" | "hexColor" | "emailDomain"> | null;
  /** The host who wrote it; null when that account is gone. */
  host: Pick<User, "name" | "email"> | null;
  /** The mail domain of the chapter's type (CHAPTER_EMAIL_DOMAINS); empty when the type has none. */
  mailDomain: string;
  /** The domain of MAIL_FROM, for the List-Id of a chapter whose type has no domain. */
  networkDomain: string;
  postalAddress: string;
}

/** Loads what composeListEmail needs for this message. */
export async function listEmailContext(
  config: Pick<Config, "chapterEmailDomains" | "mailFrom">,
  message: ListMessage,
  chapter: Chapter,
): Promise<ListEmailContext> {
  const type = (await ChapterType.query().findById(chapter.chapterTypeId)) ?? null;
  const host = message.userId ? ((await User.query().findById(message.userId).select("name", "email")) ?? null) : null;
  const settings = await EmailSettings.query().findById(1);
  const mailDomain = (type && (config.chapterEmailDomains[type.name] ?? type.emailDomain)) || "";
  const networkDomain = parseAddress(config.mailFrom).email.split("@")[1] ?? "localhost";
  return { chapter, type, host, mailDomain, networkDomain, postalAddress: settings?.postalAddress ?? "" };
}

/**
 * A chapter email in two parts made from the host's markdown: HTML (sanitized, in the chapter's template) and
 * plain text (links as "text (url)"), each with a footer saying why it came and how to leave. It comes from
 * "{host} via {chapter}" at the network's own address, with replies going to the chapter's alias (else the
 * host) and List-Id `<{slug}.{mail domain}>` (RFC 2919).
 */
export function composeListEmail(message: ListMessage, ctx: ListEmailContext): ListEmail {
  const { chapter, host, mailDomain } = ctx;
  const name = displayTitle(chapter);
  const look: ListEmailLook = {
    chapterName: name,
    typeTitle: chapterTypeTitle(ctx.type?.name ?? ""),
    colour: ctx.type?.hexColor ?? "",
    postalAddress: ctx.postalAddress,
  };
  const bodyHtml = renderRichTextForMail(message.body);
  const bodyText = richTextToPlainText(message.body);
  const alias = chapter.emailAlias && mailDomain ? `${chapter.emailAlias}@${mailDomain}` : "";
  return {
    subject: message.title,
    ref: String(message.id),
    chapterId: chapter.id,
    fromName: host ? `${host.name} via ${name}` : name,
    replyTo: alias || host?.email || "",
    listId: `<${chapter.slug}.${mailDomain || ctx.networkDomain}>`,
    html: (l) => listEmailHtml(message.title, bodyHtml, look, l.unsubscribePageUrl),
    text: (l) => listEmailText(bodyText, look, l.unsubscribePageUrl),
  };
}

/** A host's draft as members would get it (Send Email's preview): composed the same way, sent and kept nowhere. */
export async function previewListEmail(
  config: Pick<Config, "chapterEmailDomains" | "mailFrom" | "publicUrl">,
  chapter: Chapter,
  draft: { title: string; body: string },
  viewer: { id: number },
): Promise<ListEmailPreview> {
  const message = { id: 0, title: draft.title, body: draft.body, userId: viewer.id } as ListMessage;
  const email = composeListEmail(message, await listEmailContext(config, message, chapter));
  const links = { unsubscribePageUrl: unsubscribePageUrl(config, "preview") };
  return {
    subject: email.subject,
    fromName: email.fromName,
    fromAddress: parseAddress(config.mailFrom).email,
    replyTo: email.replyTo,
    html: email.html(links),
    text: email.text(links),
  };
}
