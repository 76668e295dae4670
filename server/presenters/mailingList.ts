import type { ChapterBlogPostInfo, ContactDetails, EmailAliasInfo, ListContact, ListMessageInfo } from "../contracts/mailingList";
import type { ChapterBlogPost } from "../models/ChapterBlogPost";
import type { EmailAlias } from "../models/EmailAlias";
import type { ListMessage } from "../models/ListMessage";
import type { MailingListContact } from "../models/MailingListContact";
import type { User } from "../models/User";
import { renderRichText } from "../lib/richText";
import { displayTitle } from "../contracts/chapter";

/** A list member as hosts see it; the unsubscribe token never leaves the server. */
export function presentContact(c: MailingListContact): ListContact {
  return {
    id: c.id,
    email: c.email,
    status: c.status,
    numSends: c.numSends,
    numOpens: c.numOpens,
    numClicks: c.numClicks,
    created: c.createdAt!,
    deleted: c.status === "deleted" || Boolean(c.deletedAt),
  };
}

export function presentContactDetails(c: MailingListContact): ContactDetails {
  return { ...presentContact(c), chapterId: c.chapterId };
}

const userRef = (u: User | null | undefined) => (u ? { id: u.id, name: u.name } : null);

export function presentListMessage(m: ListMessage): ListMessageInfo {
  return {
    id: m.id,
    chapterId: m.chapterId,
    title: m.title,
    status: m.status,
    total: m.total,
    sent: m.sent,
    failed: m.failed,
    unknown: m.unknown ?? 0,
    createdAt: m.createdAt!,
    updatedAt: m.updatedAt!,
    blogPostSlug: m.chapterBlogPost?.slug ?? null,
    user: userRef(m.user),
  };
}

export function presentChapterBlogPost(p: ChapterBlogPost): ChapterBlogPostInfo {
  return {
    id: p.id,
    chapterId: p.chapterId,
    title: p.title,
    slug: p.slug,
    body: p.body,
    bodyHtml: renderRichText(p.body),
    createdAt: p.createdAt!,
    user: userRef(p.user),
  };
}

export function presentEmailAlias(a: EmailAlias): EmailAliasInfo {
  return {
    id: a.id,
    localPart: a.localPart,
    domain: a.domain,
    address: `${a.localPart}@${a.domain}`,
    recipients: a.recipients,
    chapterId: a.chapterId,
    chapterName: a.chapter ? displayTitle(a.chapter) : null,
    mailgunRouteId: a.mailgunRouteId,
    createdAt: a.createdAt!,
    updatedAt: a.updatedAt!,
  };
}
