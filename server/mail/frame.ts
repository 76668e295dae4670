import { escapeXml as escapeHtml } from "../integrations/listProviders/xml";

export { escapeHtml };

/** What the frame shows around a message's body: a coloured band with a name, and a footer. */
export interface MailLook {
  /** The name in the band: a chapter's (list emails, a chapter's letters) or the network's. */
  heading: string;
  /** A small line above it ("Drinking Liberally"); empty: none. */
  kicker: string;
  /** The band's colour (#rrggbb); anything else: the network's blue. */
  colour: string;
}

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

/** The network's own colour, for letters that belong to no chapter. */
export const NETWORK_COLOUR = "#1f5fa8";
const safeColour = (hex: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? hex : NETWORK_COLOUR);

/**
 * Long words and addresses wrap instead of widening the message (a 190-character link on a 390 px phone): the
 * layout table is fixed to the screen's width, and text anywhere in it may break inside a word when it must.
 */
const WRAP = "overflow-wrap:anywhere;word-wrap:break-word;word-break:break-word";

/** A link in a letter: blue, underlined, and free to break anywhere (its text is often the address itself). */
export const LINK_STYLE = "color:#1d4ed8;word-break:break-all;overflow-wrap:anywhere";

/**
 * The one HTML frame of every message we send (issue 41): a simple, accessible layout (one column up to 600px, a
 * language, a title, real headings and links, text colours of at least 4.5:1, presentation tables only for the
 * layout mail clients need): the name on its colour, the body (already safe HTML), and the footer (already safe HTML).
 */
export function mailFrame(subject: string, look: MailLook, bodyHtml: string, footerHtml: string): string {
  const colour = safeColour(look.colour);
  const ink = textOn(colour);
  return (
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<title>${escapeHtml(subject)}</title>\n` +
    `<style>a{word-break:break-all;overflow-wrap:anywhere}</style>\n</head>\n` +
    `<body style="margin:0;padding:0;background:#f4f4f5;color:#1f1f1f;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;${WRAP}">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;table-layout:fixed"><tr><td align="center" style="padding:16px 8px">\n` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:6px;table-layout:fixed">\n` +
    `<tr><td style="background:${colour};color:${ink};padding:16px 24px;border-radius:6px 6px 0 0;${WRAP}">` +
    (look.kicker ? `<p style="margin:0;font-size:13px;letter-spacing:0.04em;text-transform:uppercase">${escapeHtml(look.kicker)}</p>` : "") +
    `<h1 style="margin:0;font-size:22px;line-height:1.3">${escapeHtml(look.heading)}</h1></td></tr>\n` +
    `<tr><td style="padding:24px;${WRAP}">\n${bodyHtml}\n</td></tr>\n` +
    `<tr><td style="padding:16px 24px;border-top:1px solid #d4d4d8;font-size:13px;color:#52525b;${WRAP}">${footerHtml}</td></tr>\n` +
    `</table>\n</td></tr></table>\n</body>\n</html>\n`
  );
}
