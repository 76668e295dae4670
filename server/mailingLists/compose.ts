import type { Config } from "../config";
import { displayTitle } from "../contracts/chapter";
import type { Chapter } from "../models/Chapter";
import type { ListMessage } from "../models/ListMessage";
import type { MailingListContact } from "../models/MailingListContact";
import { renderRichText } from "../lib/richText";
import { escapeXml as escapeHtml } from "../integrations/listProviders/xml";
import type { ListEmail, Recipient } from "../integrations/listProviders";
import { deliveryKey } from "./deliveries";

/** The page (UI) that confirms an unsubscribe; the link in every list email's body. */
export const unsubscribePageUrl = (config: Pick<Config, "publicUrl">, token: string) => `${config.publicUrl}/unsubscribe/${encodeURIComponent(token)}`;
/** The one-click endpoint (RFC 8058) named by the List-Unsubscribe header. */
export const unsubscribeApiUrl = (config: Pick<Config, "publicUrl">, token: string) =>
  `${config.publicUrl}/api/mailing_list/unsubscribe/${encodeURIComponent(token)}`;

export function recipientFor(config: Pick<Config, "publicUrl">, contact: MailingListContact, messageId: number): Recipient {
  return {
    contactId: contact.id,
    email: contact.email,
    unsubscribePageUrl: unsubscribePageUrl(config, contact.unsubscribeToken),
    unsubscribeUrl: unsubscribeApiUrl(config, contact.unsubscribeToken),
    idempotencyKey: deliveryKey(messageId, contact.id),
  };
}

/** A chapter email: the host's rich text rendered safely, with a footer saying why it came and how to leave. */
export function composeListEmail(message: ListMessage, chapter: Chapter): ListEmail {
  const name = displayTitle(chapter);
  const bodyHtml = renderRichText(message.body);
  return {
    subject: message.title,
    ref: String(message.id),
    chapterId: chapter.id,
    html: (l) =>
      `<!doctype html><html><body>${bodyHtml}<hr><p style="font-size:12px;color:#555">You are receiving this email because you joined the ${escapeHtml(name)} mailing list. ` +
      `<a href="${escapeHtml(l.unsubscribePageUrl)}">Unsubscribe</a></p></body></html>`,
    text: (l) =>
      `${message.body.trim()}\n\n--\nYou are receiving this email because you joined the ${name} mailing list.\nUnsubscribe: ${l.unsubscribePageUrl}\n`,
  };
}
