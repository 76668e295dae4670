import { z } from "zod";
import type * as C from "../../contracts/chapter";
import type { ChapterFirstSteps as FirstStepsT } from "../../contracts/firstSteps";
import { FIRST_STEP_KEYS } from "../../contracts/firstSteps";
import type { ChapterHealthRow as HealthRowT, ChapterHealthPage as HealthPageT, ChapterHealthSettings as HealthSettingsT } from "../../contracts/chapterHealth";
import { HEALTH_STATES, SILENCE_STARTS } from "../../contracts/chapterHealth";
import type { ChapterStats as StatsT } from "../../contracts/chapterStats";
import { answer, day, int, timestamp } from "./answer";

/** Answers about chapters, their events and their health (server/presenters/chapter.ts, schedule.ts, chapterHealth.ts). */

const ChapterType = answer<C.ChapterTypeInfo>()("ChapterType", z.object({ id: int(), name: z.string(), hexColor: z.string() }));

export const ChapterSummary = answer<C.ChapterSummary>()(
  "ChapterSummary",
  z.object({
    id: int(),
    slug: z.string(),
    title: z.string(),
    displayTitle: z.string(),
    city: z.string(),
    state: z.string(),
    status: int().describe("1 active, 0 hidden"),
    chapterTypeId: int(),
    chapterType: ChapterType,
  }),
);

const NextDate = answer<C.NextDate>()(
  "NextDate",
  z.object({
    start: timestamp(),
    end: timestamp(),
    date: day(),
    going: int().optional().describe("How many are going (a chapter's answer only)"),
    capacity: int().optional().describe("The places, when the event has a capacity"),
    waitlisted: int().optional().describe("How many wait for a place, when the event has a capacity"),
  }),
);

export const ChapterEvent = answer<C.ChapterEventInfo>()(
  "ChapterEvent",
  z.object({
    id: int(),
    chapterId: int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    startTime: z.string().describe("HH:MM in the chapter's time zone"),
    endTime: z.string().describe("HH:MM in the chapter's time zone"),
    isSingleDate: z.boolean(),
    singleDate: day().nullable(),
    dayOfWeekIndex: int().nullable(),
    weeksOfMonthIndexes: z.string(),
    weeksOfMonthIndexesArray: z.array(int()),
    nextDates: z.array(NextDate),
    cancelledDates: z.array(z.object({ date: day(), note: z.string(), start: timestamp(), end: timestamp() })),
    confirmedDates: z.array(z.object({ date: day(), at: timestamp() })),
    capacity: int().nullable().describe("How many may be going to each meetup; null for no limit"),
    updatedAt: timestamp(),
  }),
);

export const ChapterWithEvents = answer<C.ChapterWithEvents>()("ChapterWithEvents", ChapterSummary.extend({ chapterEvents: z.array(ChapterEvent) }));

export const MyChapter = answer<C.MyChapterInfo>()("MyChapter", ChapterSummary.extend({ roleIds: z.array(int()) }));

export const ChapterDetail = answer<C.ChapterDetail>()(
  "ChapterDetail",
  ChapterSummary.extend({
    restricted: z.boolean().describe("True when the viewer may not see the chapter's private fields (they are then empty)"),
    reviveContact: z
      .object({ kind: z.enum(["field_organizer", "network"]), name: z.string() })
      .nullable()
      .describe("On a restricted (hidden) chapter, whom its page's revive form writes to (POST /revive_chapter); null otherwise"),
    postalCode: z.string(),
    country: z.string(),
    emailAlias: z.string(),
    emailDomain: z.string(),
    contactEmail: z.string(),
    about: z.string(),
    aboutHtml: z.string(),
    timeZone: z.string(),
    brontoListName: z.string(),
    brontoListId: z.string(),
    sendInBlueListId: z.string(),
    lastBlogPostDate: timestamp().nullable(),
    headerImage: z.string().nullable(),
    hosts: z.array(
      z.object({
        permissionId: int(),
        roleId: int(),
        roleName: z.string(),
        user: z.object({ id: int(), name: z.string(), email: z.string().optional() }),
        createdAt: timestamp(),
      }),
    ),
    chapterEvents: z.array(ChapterEvent),
    chapterLinks: z.array(z.object({ id: int(), title: z.string(), url: z.string() })),
    abilities: z.object({
      view: z.boolean(),
      host: z.boolean(),
      fieldOrganize: z.boolean(),
      editSlug: z.boolean(),
      managePermissions: z.boolean(),
      writeAdminOnlyNotes: z.boolean(),
    }),
  }),
);

export const ChapterPins = answer<C.ChapterPinList>()(
  "ChapterPins",
  z.object({
    types: z.array(ChapterType),
    pins: z.array(
      z
        .tuple([int(), z.string(), z.string(), z.string(), int(), z.number().nullable(), z.number().nullable(), z.string().nullable(), z.string()])
        .describe("[id, slug, name, state, typeId, lat, lng, next meetup start, event name]"),
    ),
  }),
);

export const ActiveChapterDate = answer<C.ActiveChapterDate>()(
  "ActiveChapterDate",
  z.object({
    slug: z.string(),
    state: z.string().describe("As the page's address has it: lower case, int for none"),
    updatedAt: timestamp().nullable().describe("The latest change of the chapter or one of its events"),
  }),
);

export const NearChapters = answer<C.NearChaptersAnswer>()(
  "NearChapters",
  z.object({
    place: z.object({ label: z.string(), lat: z.number(), lng: z.number() }),
    chapters: z.array(
      z.object({
        id: int(),
        slug: z.string(),
        title: z.string().describe("The display title"),
        name: z.string().describe('The chapter\'s name with its type, as it stands alone: "Austin Drinking Liberally"'),
        city: z.string(),
        state: z.string(),
        chapterTypeId: int(),
        distanceMiles: z.number(),
        next: z.object({ date: day(), name: z.string() }).nullable(),
      }),
    ),
  }),
);

export const MeetupConfirmation = answer<C.MeetupConfirmationInfo>()(
  "MeetupConfirmation",
  z.object({
    chapterTitle: z.string(),
    chapterPath: z.string(),
    hostName: z.string(),
    event: ChapterEvent,
    date: day(),
    status: z.enum(["asked", "confirmed", "cancelled"]),
  }),
);

export const MeetupConfirmSettings = answer<C.MeetupConfirmSettings>()("MeetupConfirmSettings", z.object({ hours: int(), reminderHours: int() }));

export const ChapterFirstSteps = answer<FirstStepsT>()(
  "ChapterFirstSteps",
  z.object({
    show: z.boolean(),
    hidden: z.boolean(),
    dormant: z.boolean(),
    steps: z.array(z.object({ key: z.enum(FIRST_STEP_KEYS), done: z.boolean() })),
    switchedOnBy: z
      .object({
        fieldOrganizers: z.array(z.object({ name: z.string(), email: z.string() })),
        network: z.object({ name: z.string(), email: z.string(), postalAddress: z.string() }).nullable(),
      })
      .nullable(),
    contact: z.object({ name: z.string(), email: z.string() }),
  }),
);

export const HealthSettings = answer<HealthSettingsT>()("HealthSettings", z.object({ atRiskAfterDays: int(), dormantAfterDays: int() }));

const healthCounts = z.object({ active: int(), at_risk: int(), dormant: int() });

/** One chapter's row of the health table: GET /api/chapter_health answers a page of them, as an array. */
export const HealthRow = answer<HealthRowT>()(
  "HealthRow",
  z.object({
    chapterId: int(),
    slug: z.string(),
    title: z.string(),
    state: z.string(),
    status: int(),
    health: z.enum(HEALTH_STATES),
    lastEmailAt: timestamp().nullable(),
    countedFrom: timestamp(),
    silenceFrom: z.enum(SILENCE_STARTS),
    timeZone: z.string(),
    lastMeetupAt: timestamp().nullable(),
    nextMeetupAt: timestamp().nullable(),
    lastConfirmedMeetup: z.string().nullable(),
    members: int(),
    growth30d: int(),
    hosts: z.array(z.string()),
    pinnedActive: z.boolean(),
    pinNote: z.string(),
    dormantByRule: z.boolean(),
  }),
);

const healthList = z.object({ settings: HealthSettings, counts: healthCounts, at: timestamp(), rows: z.array(HealthRow) });

export const HealthPage = answer<HealthPageT>()(
  "HealthPage",
  healthList.extend({ total: int(), matching: int(), page: int(), limit: int(), byState: z.array(healthCounts.extend({ state: z.string() })) }),
);

export const ChapterStats = answer<StatsT>()(
  "ChapterStats",
  z.object({
    months: z.array(
      z.object({
        month: z.string().describe("YYYY-MM"),
        members: int(),
        joined: int(),
        left: int(),
        emailsSent: int(),
        meetupsHeld: int(),
        meetupsCancelled: int(),
        meetupsConfirmed: int(),
        rsvps: int().describe("Yes answers to the meetups dated in the month"),
        attended: int().describe("People marked as having come to the meetups dated in the month"),
      }),
    ),
  }),
);
