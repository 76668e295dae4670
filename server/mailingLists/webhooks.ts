import crypto from "node:crypto";
import { MailingListContact } from "../models/MailingListContact";
import { OFF_LIST_STATUSES } from "./contacts";
import { MAX_ID } from "../lib/validate";
import type { Services } from "../services";

/** Secret path segment of the Brevo webhook, derived from the session secret (no extra configuration). */
export function webhookSecret(s: Pick<Services, "config">, provider: string): string {
  return crypto.createHmac("sha256", s.config.sessionSecret).update(`list-webhook:${provider}`).digest("base64url").slice(0, 32);
}

/** Brevo event names (transactional and marketing webhooks) and what they mean for a contact. */
const BLOCKING = new Set(["hard_bounce", "hardBounce", "blocked", "spam", "invalid_email", "complaint"]);
const UNSUBSCRIBING = new Set(["unsubscribed", "unsubscribe"]);
const OPENS = new Set(["opened", "unique_opened", "uniqueOpened", "proxy_open"]);
const CLICKS = new Set(["click", "clicks"]);

interface BrevoEvent {
  event?: unknown;
  email?: unknown;
  tag?: unknown;
  tags?: unknown;
}

/** Names no chapter: what a tag with an id beyond any of ours stands for (such an id fails on Postgres). */
const NO_CHAPTER = -1;

/** The chapter an event is about, from the "chapter-{id}" tag our list emails carry; null for account-wide events. */
function chapterOf(e: BrevoEvent): number | null {
  const tags = [...(Array.isArray(e.tags) ? e.tags : []), ...(typeof e.tag === "string" ? e.tag.split(",") : [])];
  for (const t of tags) {
    const m = /^chapter-(\d+)$/.exec(String(t).trim());
    if (m) return Number(m[1]) <= MAX_ID ? Number(m[1]) : NO_CHAPTER;
  }
  return null;
}

/**
 * Applies Brevo webhook events to our contacts. A bounce or spam report blocks the address on every list
 * (it is the address that is bad); an unsubscribe applies to the chapter named by the email's tag (else every
 * list); opens and clicks count on that chapter's contact. Returns how many contacts changed.
 */
export async function applyBrevoEvents(events: unknown[]): Promise<number> {
  let changed = 0;
  for (const raw of events.slice(0, 1000)) {
    if (!raw || typeof raw !== "object") continue;
    const e = raw as BrevoEvent;
    const name = String(e.event ?? "");
    const email = typeof e.email === "string" ? e.email.trim().toLowerCase() : "";
    if (!email || email.length > 254) continue;
    const chapterId = chapterOf(e);
    const scoped = () => {
      const q = MailingListContact.query().where({ email });
      if (chapterId) q.where({ chapterId });
      return q;
    };
    if (BLOCKING.has(name)) {
      changed += await MailingListContact.query().where({ email }).whereNotIn("status", OFF_LIST_STATUSES).patch({ status: "blocked" });
    } else if (UNSUBSCRIBING.has(name)) {
      changed += await scoped().whereNotIn("status", OFF_LIST_STATUSES).patch({ status: "unsub" });
    } else if (OPENS.has(name)) {
      changed += (await scoped().increment("numOpens", 1)) as unknown as number;
    } else if (CLICKS.has(name)) {
      changed += (await scoped().increment("numClicks", 1)) as unknown as number;
    }
  }
  return changed;
}
