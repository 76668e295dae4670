import type { MyData, MyDataChapter } from "../contracts/account";
import { HOST_APPLICATION_STATUS_LABELS } from "../contracts/hostApplication";
import { ROLE_NAMES } from "../contracts/roles";
import type { Chapter } from "../models/Chapter";
import type { ChapterHostApplication } from "../models/ChapterHostApplication";
import type { MailingListContact } from "../models/MailingListContact";
import type { Permission } from "../models/Permission";
import type { User } from "../models/User";

export interface MyDataRecords {
  user: User;
  permissions: Permission[];
  applications: ChapterHostApplication[];
  contacts: MailingListContact[];
  /** The chapters the roles and list memberships name, by id. */
  chapters: Map<number, Chapter>;
}

const chapterRef = (c: Chapter | undefined): MyDataChapter | null => (c ? { id: c.id, title: c.title, slug: c.slug } : null);
const chapterOf = (chapters: Map<number, Chapter>, id: number | null) => (id == null ? null : chapterRef(chapters.get(id)));

/**
 * A person's own data, field by field: never the password hash, an unsubscribe or confirmation token, nor what
 * admins keep about them (review flags, notes).
 */
export function presentMyData({ user, permissions, applications, contacts, chapters }: MyDataRecords, now = new Date()): MyData {
  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      username: user.username,
      createdAt: user.createdAt!,
      updatedAt: user.updatedAt!,
      passwordChangedAt: user.passwordChangedAt ?? null,
    },
    roles: permissions.map((p) => ({
      role: ROLE_NAMES[p.roleId] ?? String(p.roleId),
      roleId: p.roleId,
      chapter: chapterOf(chapters, p.chapterId),
      since: p.createdAt!,
    })),
    hostApplications: applications.map((a) => ({
      slug: a.slug,
      city: a.city,
      state: a.state,
      type: a.type,
      reason: a.reason,
      status: a.status,
      statusLabel: HOST_APPLICATION_STATUS_LABELS[a.status] ?? a.status,
      chapterId: a.chapterId,
      createdAt: a.createdAt!,
      updatedAt: a.updatedAt!,
    })),
    mailingListMemberships: contacts.map((c) => ({
      chapter: chapterOf(chapters, c.chapterId),
      email: c.email,
      status: c.status,
      joinedAt: c.createdAt!,
      emailsSent: c.numSends,
      opens: c.numOpens,
      clicks: c.numClicks,
    })),
  };
}
