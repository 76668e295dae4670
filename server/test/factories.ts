import crypto from "node:crypto";
import bcrypt from "bcrypt";
import { Chapter, ChapterEvent, Permission, User } from "../models";
import { ROLE_ADMIN, ROLE_CHAPTER_HOST, ROLE_FIELD_ORGANIZER } from "../models/Role";

let seq = 0;
const next = () => `${++seq}_${crypto.randomBytes(2).toString("hex")}`;
/** Password of every factory user. */
export const TEST_PASSWORD = "secret123";
const TEST_HASH = bcrypt.hashSync(TEST_PASSWORD, 4);

export async function buildUser(overrides: Partial<User> = {}): Promise<User> {
  const n = next();
  const email = overrides.email ?? `user${n}@example.test`;
  const user = await User.query().insertAndFetch({ name: `User ${n}`, email, username: email, passwordHash: TEST_HASH, ...overrides });
  user.permissions = [];
  return user;
}

/** The columns of a plain active chapter (buildChapter inserts one; bulk tests insert many). */
export function chapterRow(overrides: Partial<Chapter> = {}): Partial<Chapter> {
  const n = next();
  return {
    slug: `chapter_${n}`,
    title: `Springfield ${n}`,
    city: "Springfield",
    state: "il",
    postalCode: "62701",
    country: "USA",
    chapterTypeId: 1,
    status: 1,
    emailAlias: `springfield${n.replace(/\W/g, "")}`,
    brontoListName: "Springfield list",
    brontoListId: `b${n}`,
    sendInBlueListId: `${100 + seq}`,
    about: "",
    timeZone: "America/Chicago",
    ...overrides,
  };
}

export async function buildChapter(overrides: Partial<Chapter> = {}): Promise<Chapter> {
  return Chapter.query().insertAndFetch(chapterRow(overrides));
}

/** The columns of a plain weekly event of this chapter (buildEvent inserts one; bulk tests insert many). */
export function eventRow(chapter: Chapter, overrides: Partial<ChapterEvent> = {}): Partial<ChapterEvent> {
  return {
    chapterId: chapter.id,
    slug: `event_${next()}`,
    name: "The Tavern",
    description: "",
    address1: "1 Main St",
    address2: "",
    city: "Springfield",
    state: "IL",
    postalCode: "62701",
    country: "USA",
    lat: 39.8,
    lng: -89.65,
    startTime: "19:00",
    endTime: "21:00",
    isSingleDate: false,
    singleDate: null,
    dayOfWeekIndex: 2,
    weeksOfMonthIndexes: "0",
    sequence: 0,
    ...overrides,
  };
}

export async function buildEvent(chapter: Chapter, overrides: Partial<ChapterEvent> = {}): Promise<ChapterEvent> {
  return ChapterEvent.query().insertAndFetch(eventRow(chapter, overrides));
}

export async function grant(user: User, roleId: number, chapter?: Chapter | null): Promise<User> {
  await Permission.query().insert({ userId: user.id, roleId, chapterId: chapter?.id ?? null });
  return user;
}

export const buildAdmin = async () => grant(await buildUser({ name: "Ada Admin" }), ROLE_ADMIN);
export const buildHost = async (chapter: Chapter) => grant(await buildUser({ name: "Hal Host" }), ROLE_CHAPTER_HOST, chapter);
export const buildFieldOrganizer = async (chapter: Chapter) => grant(await buildUser({ name: "Fay Organizer" }), ROLE_FIELD_ORGANIZER, chapter);

/** The six kinds of caller the permission tests try against every endpoint. */
export async function buildPersonas(chapter: Chapter) {
  const otherChapter = await buildChapter();
  return {
    anonymous: null,
    user: await buildUser({ name: "Pat Plain" }),
    otherHost: await grant(await buildUser({ name: "Otto Other" }), ROLE_CHAPTER_HOST, otherChapter),
    host: await buildHost(chapter),
    fieldOrganizer: await buildFieldOrganizer(chapter),
    admin: await buildAdmin(),
    otherChapter,
  };
}
