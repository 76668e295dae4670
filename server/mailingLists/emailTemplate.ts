import { escapeHtml, LINK_STYLE, mailFrame } from "../mail/frame";

/** What the template shows around a list email's body. */
export interface ListEmailLook {
  /** The chapter's name as members know it (displayTitle). */
  chapterName: string;
  /** "Drinking Liberally"; empty when the type has no name. */
  typeTitle: string;
  /** The chapter type's colour (#rrggbb). */
  colour: string;
  /** The network's postal address from General Settings; empty: none shown. */
  postalAddress: string;
}

/** Why the member gets this email: the same sentence in both parts. */
const whyYouGetThis = (chapterName: string) => `You are receiving this email because you joined the ${chapterName} mailing list.`;

/**
 * The HTML part, in the frame every message shares (server/mail/frame.ts): the chapter's name on its type's
 * colour, the body (already sanitized HTML), and a footer saying why it came with the unsubscribe link and the
 * postal address.
 */
export function listEmailHtml(subject: string, bodyHtml: string, look: ListEmailLook, unsubscribeUrl: string): string {
  const address = look.postalAddress ? `<p style="margin:8px 0 0">${look.postalAddress.split("\n").map(escapeHtml).join("<br>")}</p>` : "";
  const footer =
    `<p style="margin:0">${escapeHtml(whyYouGetThis(look.chapterName))} ` +
    `<a href="${escapeHtml(unsubscribeUrl)}" style="${LINK_STYLE}">Unsubscribe</a></p>${address}`;
  return mailFrame(subject, { heading: look.chapterName, kicker: look.typeTitle, colour: look.colour }, bodyHtml, footer);
}

/** The text part: the body as plain text, then the same footer. */
export function listEmailText(bodyText: string, look: ListEmailLook, unsubscribeUrl: string): string {
  const footer = [whyYouGetThis(look.chapterName), `Unsubscribe: ${unsubscribeUrl}`, ...(look.postalAddress ? ["", look.postalAddress] : [])];
  return `${bodyText}\n\n--\n${footer.join("\n")}\n`;
}
