import { SITE_NAME } from "../contracts/pageHead";
import { chapterTypeTitle, displayTitle } from "../contracts/chapter";
import type { Chapter } from "../models/Chapter";
import type { MailMessage } from "../integrations/mail/types";
import type { ContactPerson } from "../contracts/firstSteps";
import { ChapterType } from "../models/ChapterType";
import { breakLongRuns } from "../lib/richText";
import { escapeHtml, LINK_STYLE, mailFrame, NETWORK_COLOUR, type MailLook } from "./frame";

/**
 * A part of a letter: a paragraph (line breaks kept, addresses in it made links), a link on its own (with what it
 * does, the label), or numbered steps.
 */
export type LetterBlock = string | { link: string; label?: string } | { steps: string[] };

export interface LetterInput {
  subject: string;
  /** "Hi Zoë,"; empty: none. */
  greeting: string;
  blocks: LetterBlock[];
  /** Why the person gets this letter, in the footer of both parts. */
  why: string;
  /** The band at the top: a chapter's name on its type's colour, or (by default) the network's. */
  look?: MailLook;
  /** The closing lines; by default "Thank you," and the network's name. */
  signature?: string[];
}

/** A composed letter: what a MailMessage needs besides its recipient and headers. */
export interface Letter {
  subject: string;
  text: string;
  html: string;
}

const NETWORK_LOOK: MailLook = { heading: SITE_NAME, kicker: "", colour: NETWORK_COLOUR };

/** A chapter's band: its name on its type's colour, the type's name above it (as its list emails look). */
export async function chapterLook(chapter: Chapter): Promise<MailLook> {
  const type = await ChapterType.query().findById(chapter.chapterTypeId);
  return { heading: displayTitle(chapter), kicker: chapterTypeTitle(type?.name ?? ""), colour: type?.hexColor ?? "" };
}

/** The header of a message no person sent (RFC 3834): auto-responders and vacation replies leave it alone. */
const AUTO_SUBMITTED = { "Auto-Submitted": "auto-generated" } as const;

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

/** Escaped text with its web addresses as links, long runs breakable. */
function linked(text: string): string {
  let html = "";
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    html += breakLongRuns(escapeHtml(text.slice(at, match.index)));
    html += `<a href="${escapeHtml(match[0])}" style="${LINK_STYLE}">${breakLongRuns(escapeHtml(match[0]))}</a>`;
    at = match.index + match[0].length;
  }
  return html + breakLongRuns(escapeHtml(text.slice(at)));
}

const P = `<p style="margin:0 0 16px">`;

function blockText(block: LetterBlock): string {
  if (typeof block === "string") return block;
  if ("steps" in block) return block.steps.map((step, i) => `${i + 1}. ${step}`).join("\n");
  return block.label ? `${block.label}: ${block.link}` : block.link;
}

function blockHtml(block: LetterBlock): string {
  if (typeof block === "string") return `${P}${block.split("\n").map(linked).join("<br>")}</p>`;
  if ("steps" in block) return `<ol style="margin:0 0 16px;padding-left:24px">${block.steps.map((step) => `<li>${linked(step)}</li>`).join("")}</ol>`;
  const href = escapeHtml(block.link);
  const label = block.label ? escapeHtml(block.label) : breakLongRuns(href);
  return `${P}<a href="${href}" style="${LINK_STYLE};font-weight:bold">${label}</a></p>`;
}

/**
 * The one letter composer (issue 41): every message other than a list email is written once, as blocks, and
 * comes out in both parts of a multipart/alternative message: plain text, and HTML in the frame list emails
 * use (server/mail/frame.ts), so every message from the network looks alike.
 */
export function composeLetter(input: LetterInput): Letter {
  const signature = input.signature ?? ["Thank you,", SITE_NAME];
  const parts = [...(input.greeting ? [input.greeting] : []), ...input.blocks.map(blockText), ...(signature.length ? [signature.join("\n")] : [])];
  const text = `${parts.join("\n\n")}\n\n--\n${input.why}\n`;
  const body =
    (input.greeting ? `${P}${linked(input.greeting)}</p>\n` : "") +
    input.blocks.map(blockHtml).join("\n") +
    (signature.length ? `\n<p style="margin:0">${signature.map((line) => escapeHtml(line)).join("<br>")}</p>` : "");
  const footer = `<p style="margin:0">${linked(input.why)}</p>`;
  return { subject: input.subject, text, html: mailFrame(input.subject, input.look ?? NETWORK_LOOK, body, footer) };
}

/**
 * A letter no person wrote, as a message to one person: Auto-Submitted, and replies going to someone who reads
 * them (a field organizer, the network contact, an applicant), never to MAIL_FROM.
 */
export function automaticMessage(to: string, letter: Letter, replyTo: string, idempotencyKey?: string): MailMessage {
  return { to, ...letter, replyTo, headers: { ...AUTO_SUBMITTED }, ...(idempotencyKey ? { idempotencyKey } : {}) };
}

/** "Name (email)": someone a person can write to, as letters name them. */
export const contactWords = (c: ContactPerson) => (c.name && c.name !== c.email ? `${c.name} (${c.email})` : c.email);
