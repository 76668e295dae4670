import { z } from "zod";
import type * as A from "../../contracts/chapterAdmin";
import type * as S from "../../contracts/siteAdmin";
import type * as U from "../../contracts/user";
import { MY_DATA_LIST_LIMIT, type MyData as MyDataT } from "../../contracts/account";
import type { HostApplicationInfo } from "../../contracts/hostApplication";
import { HOST_APPLICATION_STATUSES, HOST_APPLICATION_TYPES } from "../../contracts/hostApplication";
import type * as R from "../../contracts/rsvp";
import { RSVP_ANSWERS, RSVP_STATUSES } from "../../contracts/rsvp";
import { answer, day, int, timestamp } from "./answer";
import { ChapterEvent } from "./chapters";

/** Answers about people, their roles, notes and host applications (server/presenters/user.ts, chapterAdmin.ts, siteAdmin.ts). */

export const UserRef = answer<A.UserRef>()("UserRef", z.object({ id: int(), name: z.string(), email: z.string() }));

const CurrentUser = answer<U.CurrentUser>()(
  "CurrentUser",
  z.object({
    id: int(),
    name: z.string(),
    email: z.string(),
    username: z.string(),
    createdAt: timestamp(),
    permissions: z.array(z.object({ id: int(), roleId: int(), chapterId: int().nullable() })),
    isAdmin: z.boolean(),
    isFieldOrganizer: z.boolean(),
    isChapterHost: z.boolean(),
    chapterHostChapters: z.array(int()),
    fieldOrganizerChapters: z.array(int()),
    hasChapters: z.boolean(),
  }),
);

export const AuthAnswer = answer<U.AuthResponse>()(
  "AuthAnswer",
  z.object({
    user: CurrentUser.nullable(),
    error: z.string().nullable(),
    token: z.string().optional().describe("The session token, only when asked for with X-Session-Transport: bearer"),
  }),
);

export const ResultAnswer = answer<A.ResultAnswer>()("ResultAnswer", z.object({ result: z.string() }));

export const ApiError = answer<U.ApiErrorBody>()(
  "ApiError",
  z.object({ error: z.string(), errorId: z.string().describe("Stable machine-readable id"), field: z.string().optional() }),
);

export const ActivityItem = answer<A.ActivityFeedItemInfo>()(
  "ActivityItem",
  z.object({
    id: int(),
    type: z.string(),
    title: z.string(),
    note: z.string(),
    adminOnly: z.boolean(),
    objectId: z.string().nullable(),
    chapterId: int().nullable(),
    chapter: z.object({ id: int(), slug: z.string(), state: z.string(), displayTitle: z.string() }).nullable(),
    user: UserRef.nullable(),
    createdAt: timestamp(),
  }),
);

export const Permission = answer<A.PermissionInfo>()(
  "Permission",
  z.object({ id: int(), user: UserRef, chapterId: int().nullable(), roleId: int(), role: z.object({ id: int(), name: z.string() }), createdAt: timestamp() }),
);

export const ChapterLink = answer<A.ChapterLinkInfo>()("ChapterLink", z.object({ id: int(), title: z.string(), url: z.string() }));

export const ChapterNote = answer<A.ChapterNoteInfo>()(
  "ChapterNote",
  z.object({ id: int(), chapterId: int(), note: z.string(), adminOnly: z.boolean(), user: UserRef.nullable(), createdAt: timestamp() }),
);

export const Note = answer<S.NoteInfo>()("Note", z.object({ id: int(), note: z.string(), user: UserRef.nullable(), createdAt: timestamp() }));

export const UserNote = answer<S.NoteInfo & { aboutUserId: number }>()("UserNote", Note.extend({ aboutUserId: int() }));

export const ChapterSettingsOptions = answer<A.ChapterSettingsOptions>()(
  "ChapterSettingsOptions",
  z.object({
    chapterTypes: z.array(z.object({ id: int(), name: z.string(), hexColor: z.string(), emailDomain: z.string() })),
    emailServiceName: z.enum(["sendInBlue", "bronto"]),
    timeZones: z.array(z.string()),
  }),
);

export const ChapterRef = answer<S.ChapterRef>()(
  "ChapterRef",
  z.object({ id: int(), slug: z.string(), title: z.string(), displayTitle: z.string(), state: z.string(), status: int() }),
);

export const AdminHostApplication = answer<S.AdminHostApplication>()(
  "AdminHostApplication",
  z.object({
    id: int(),
    slug: z.string(),
    user: UserRef,
    status: z.enum(HOST_APPLICATION_STATUSES),
    isArchived: z.boolean(),
    city: z.string(),
    state: z.string(),
    type: z.string(),
    reason: z.string(),
    createdAt: timestamp(),
    didHavePhoneCall: z.boolean(),
    didSignAgreement: z.boolean(),
    didGiveAdditionalInfo: z.boolean(),
    chapterId: int().nullable(),
    chapter: ChapterRef.nullable(),
  }),
);

export const HostApplication = answer<HostApplicationInfo>()(
  "HostApplication",
  z.object({
    id: int(),
    slug: z.string(),
    city: z.string(),
    state: z.string(),
    type: z.enum(HOST_APPLICATION_TYPES),
    reason: z.string(),
    status: z.enum(HOST_APPLICATION_STATUSES),
    statusLabel: z.string(),
    createdAt: timestamp(),
    user: UserRef.nullable(),
  }),
);

export const NewChapterResult = answer<S.NewChapterResult>()(
  "NewChapterResult",
  z.object({ chapter: ChapterRef.extend({ city: z.string(), chapterTypeId: int() }), application: AdminHostApplication.nullable() }),
);

const userListFields = {
  isChapterHost: z.boolean(),
  isFieldOrganizer: z.boolean(),
};

export const UserRow = answer<S.UserSearchResult>()(
  "UserRow",
  UserRef.extend({
    createdAt: timestamp(),
    isAdmin: z.boolean(),
    ...userListFields,
    chapterHostChapters: z.array(int()),
    fieldOrganizerChapters: z.array(int()),
  }),
);

const UserChapter = answer<S.UserChapterInfo>()("UserChapter", ChapterRef.extend({ lastBlogPostDate: timestamp().nullable() }));

export const UserDetail = answer<S.AdminUserDetail>()(
  "UserDetail",
  UserRef.extend({
    createdAt: timestamp(),
    isAdmin: z.boolean(),
    ...userListFields,
    chapterHostChapters: z.array(UserChapter),
    fieldOrganizerChapters: z.array(UserChapter),
  }),
);

export const UserCount = answer<S.UserCount>()("UserCount", z.object({ count: int() }));

const myDataChapter = z.object({ id: int(), title: z.string(), slug: z.string() }).nullable();

export const MyData = answer<MyDataT>()(
  "MyData",
  z.object({
    exportedAt: timestamp(),
    account: z.object({
      id: int(),
      name: z.string(),
      email: z.string(),
      username: z.string(),
      createdAt: timestamp(),
      updatedAt: timestamp(),
      passwordChangedAt: timestamp().nullable(),
    }),
    roles: z.array(z.object({ role: z.string(), roleId: int(), chapter: myDataChapter, since: timestamp() })),
    hostApplications: z.array(
      z.object({
        slug: z.string(),
        city: z.string(),
        state: z.string(),
        type: z.string(),
        reason: z.string(),
        status: z.string(),
        statusLabel: z.string(),
        chapterId: int().nullable(),
        createdAt: timestamp(),
        updatedAt: timestamp(),
      }),
    ),
    mailingListMemberships: z.array(
      z.object({
        chapter: myDataChapter,
        email: z.string(),
        status: z.string(),
        joinedAt: timestamp(),
        emailsSent: int(),
        opens: int(),
        clicks: int(),
      }),
    ),
    chapterNotes: z.array(z.object({ chapter: myDataChapter, note: z.string(), adminOnly: z.boolean(), createdAt: timestamp() })),
    activity: z.array(z.object({ type: z.string(), title: z.string(), note: z.string(), chapter: myDataChapter, createdAt: timestamp() })),
    listEmails: z.array(
      z.object({
        chapter: myDataChapter,
        title: z.string(),
        body: z.string(),
        status: z.string(),
        recipients: int(),
        sent: int(),
        failed: int(),
        createdAt: timestamp(),
      }),
    ),
    meetupConfirmations: z.array(
      z.object({
        chapter: myDataChapter,
        event: z.string().nullable(),
        date: z.string().describe("The meetup's date, YYYY-MM-DD in the chapter's time zone"),
        askedAt: timestamp(),
        emailedAt: timestamp().nullable(),
        confirmedAt: timestamp().nullable(),
      }),
    ),
    rsvps: z.array(
      z.object({
        chapter: myDataChapter,
        event: z.string().nullable(),
        date: z.string().describe("The meetup's date, YYYY-MM-DD in the chapter's time zone"),
        email: z.string(),
        name: z.string(),
        answer: z.string().describe("yes or no"),
        status: z.string().describe("going, waitlisted or not_going"),
        answeredAt: timestamp(),
        attended: z.boolean(),
      }),
    ),
    sessions: z
      .array(z.object({ createdAt: timestamp(), expiresAt: timestamp(), signedOutAt: timestamp().nullable(), current: z.boolean() }))
      .describe("Sign-ins the site keeps, without their ids or tokens"),
    truncated: z
      .array(z.object({ list: z.string(), shown: int(), total: int() }))
      .describe(`The lists cut at their newest ${MY_DATA_LIST_LIMIT} rows, with their size`),
  }),
);

const RsvpPerson = answer<R.RsvpPerson>()("RsvpPerson", z.object({ name: z.string(), email: z.string() }));
const rsvpStatus = z.enum(RSVP_STATUSES);

export const RsvpResult = answer<R.RsvpResult>()("RsvpResult", z.object({ status: rsvpStatus, going: int().describe("How many are going to the meetup now") }));
export const RsvpPending = answer<R.RsvpPending>()("RsvpPending", z.object({ status: z.literal("pending").describe("A link to confirm went to the address") }));
export const RsvpList = answer<R.RsvpList>()(
  "RsvpList",
  z.object({
    going: z.array(RsvpPerson),
    waitlisted: z.array(RsvpPerson).describe("In the order places will be given"),
    notGoing: z.array(RsvpPerson),
  }),
);
export const RsvpLinkInfo = answer<R.RsvpLinkInfo>()(
  "RsvpLinkInfo",
  z.object({
    chapterTitle: z.string(),
    chapterPath: z.string(),
    event: ChapterEvent,
    date: day(),
    start: timestamp(),
    end: timestamp(),
    email: z.string(),
    answer: z.enum(RSVP_ANSWERS),
    status: rsvpStatus.nullable().describe("Where this address's answer stands now; null before any"),
    going: int(),
  }),
);
export const RsvpAttendance = answer<R.RsvpAttendance>()(
  "RsvpAttendance",
  z.object({ attended: z.array(z.string()).describe("The addresses marked as having come") }),
);
