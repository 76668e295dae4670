import { escapeXml as escapeHtml } from "../integrations/listProviders/xml";

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

/** Relative luminance (WCAG 2) of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever reads better on the colour (white needs 4.5:1). */
function textOn(hex: string): string {
  return 1.05 / (luminance(hex) + 0.05) >= 4.5 ? "#ffffff" : "#111111";
}

const safeColour = (hex: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? hex : "#1f5fa8");

/**
 * The HTML part: a simple, accessible layout (one column up to 600px, a language, a title, real headings and
 * links, text colours of at least 4.5:1, presentation tables only for the layout mail clients need): the
 * chapter's name on its type's colour, the body (already sanitized HTML), and a footer saying why it came with
 * the unsubscribe link and the postal address.
 */
export function listEmailHtml(subject: string, bodyHtml: string, look: ListEmailLook, unsubscribeUrl: string): string {
  const colour = safeColour(look.colour);
  const ink = textOn(colour);
  const address = look.postalAddress ? `<p style="margin:8px 0 0">${look.postalAddress.split("\n").map(escapeHtml).join("<br>")}</p>` : "";
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<title>${escapeHtml(subject)}</title>\n</head>\n` +
    `<body style="margin:0;padding:0;background:#f4f4f5;color:#1f1f1f;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:16px 8px">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px">\n` +
    `<tr><td style="background:${colour};color:${ink};padding:16px 24px;border-radius:6px 6px 0 0">` +
    (look.typeTitle ? `<p style="margin:0;font-size:13px;letter-spacing:0.04em;text-transform:uppercase">${escapeHtml(look.typeTitle)}</p>` : "") +
    `<h1 style="margin:0;font-size:22px;line-height:1.3">${escapeHtml(look.chapterName)}</h1></td></tr>\n` +
    `<tr><td style="padding:24px">\n${bodyHtml}\n</td></tr>\n` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #d4d4d8;font-size:13px;color:#52525b">` +
    `<p style="margin:0">${escapeHtml(whyYouGetThis(look.chapterName))} ` +
    `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#1d4ed8">Unsubscribe</a></p>${address}</td></tr>\n` +
    `</table>\n</td></tr></table>\n</body>\n</html>\n`
  );
}

/** The text part: the body as plain text, then the same footer. */
export function listEmailText(bodyText: string, look: ListEmailLook, unsubscribeUrl: string): string {
  const footer = [whyYouGetThis(look.chapterName), `Unsubscribe: ${unsubscribeUrl}`, ...(look.postalAddress ? ["", look.postalAddress] : [])];
  return `${bodyText}\n\n--\n${footer.join("\n")}\n`;
}
