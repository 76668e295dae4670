import type { MyData, MyDataChapter } from "../contracts/account";
import { HOST_APPLICATION_STATUS_LABELS } from "../contracts/hostApplication";
import { ROLE_NAMES } from "../contracts/roles";
import type { Chapter } from "../models/Chapter";
import type { ChapterHostApplication } from "../models/ChapterHostApplication";
import type { MailingListContact } from "../models/MailingListContact";
import type { Permission } from "../models/Permission";
import type { User } from "../models/User";
import type { ActivityFeedItem } from "../models/ActivityFeedItem";
import type { ChapterEvent } from "../models/ChapterEvent";
import type { ChapterNote } from "../models/ChapterNote";
import type { ListMessage } from "../models/ListMessage";
import type { MeetupConfirmation } from "../models/MeetupConfirmation";
import type { Session } from "../models/Session";
import type { Rsvp } from "../models/Rsvp";

/** Every record of the person the download holds, one list per kind (a new kind is one more list here). */
export interface MyDataRecords {
  user: User;
  permissions: Permission[];
  applications: ChapterHostApplication[];
  contacts: MailingListContact[];
  notes: ChapterNote[];
  activity: ActivityFeedItem[];
  listEmails: ListMessage[];
  confirmations: MeetupConfirmation[];
  rsvps: Rsvp[];
  sessions: Session[];
  /** The session the download was asked with. */
  currentSessionId: string | undefined;
  /** The events the confirmations and answers name, by id. */
  events: Map<number, ChapterEvent>;
  /** The chapters the records name, by id. */
  chapters: Map<number, Chapter>;
  truncated: MyData["truncated"];
}

const chapterRef = (c: Chapter | undefined): MyDataChapter | null => (c ? { id: c.id, title: c.title, slug: c.slug } : null);
const chapterOf = (chapters: Map<number, Chapter>, id: number | null) => (id == null ? null : chapterRef(chapters.get(id)));

/**
 * A person's own data, field by field: never the password hash, an unsubscribe or confirmation token, a session's
 * id, nor what admins keep about them (review flags, notes).
 */
export function presentMyData(records: MyDataRecords, now = new Date()): MyData {
  const { user, permissions, applications, contacts, chapters, events } = records;
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
    chapterNotes: records.notes.map((n) => ({ chapter: chapterOf(chapters, n.chapterId), note: n.note, adminOnly: n.adminOnly, createdAt: n.createdAt! })),
    activity: records.activity.map((a) => ({ type: a.type, title: a.title, note: a.note, chapter: chapterOf(chapters, a.chapterId), createdAt: a.createdAt! })),
    listEmails: records.listEmails.map((m) => ({
      chapter: chapterOf(chapters, m.chapterId),
      title: m.title,
      body: m.body,
      status: m.status,
      recipients: m.total,
      sent: m.sent,
      failed: m.failed,
      createdAt: m.createdAt!,
    })),
    meetupConfirmations: records.confirmations.map((c) => {
      const event = events.get(c.chapterEventId);
      return {
        chapter: chapterOf(chapters, event?.chapterId ?? null),
        event: event?.name ?? null,
        date: c.date,
        askedAt: c.createdAt!,
        emailedAt: c.emailedAt,
        confirmedAt: c.confirmedAt,
      };
    }),
    rsvps: records.rsvps.map((r) => {
      const event = events.get(r.chapterEventId);
      return {
        chapter: chapterOf(chapters, event?.chapterId ?? null),
        event: event?.name ?? null,
        date: r.date,
        email: r.email,
        name: r.name,
        answer: r.answer,
        status: r.status,
        answeredAt: r.answeredAt,
        attended: r.attended,
      };
    }),
    sessions: records.sessions.map((s) => ({
      createdAt: s.createdAt!,
      expiresAt: s.expiresAt,
      signedOutAt: s.revokedAt,
      current: s.sid === records.currentSessionId,
    })),
    truncated: records.truncated,
  };
}
