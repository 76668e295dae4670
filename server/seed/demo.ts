import crypto from "node:crypto";
import { DateTime } from "luxon";
import { hashPassword } from "../auth/passwords";
import {
  BlogPost,
  Chapter,
  ChapterBlogPost,
  ChapterEvent,
  ChapterLink,
  ChapterNote,
  Page,
  Permission,
  PressMention,
  User,
  WikiPage,
  ActivityFeedItem,
} from "../models";
import type { Services } from "../services";
import { DEMO_BLOG, DEMO_CHAPTERS, DEMO_HOSTS, DEMO_PAGES, DEMO_POST_BODIES, DEMO_PRESS, DEMO_WIKI } from "./demoData";
import { displayTitle } from "../contracts/chapter";
import { geocodeOffline } from "../integrations/geocoder/offline";
import { ROLE_CHAPTER_HOST } from "../models/Role";
import { DEMO_PROFILES } from "./demoProfiles";
import { meetingDay, seedDemoHistory, type SeededChapter } from "./demoHistory";

/** Loads the demo network when the database has no chapters yet. Demo hosts get random passwords nobody knows. */
export async function seedDemoIfEmpty(_s: Services): Promise<boolean> {
  const existing = await Chapter.query().resultSize();
  if (existing > 0) return false;
  await Chapter.transaction(async (trx) => {
    const chapterIds = new Map<string, number>();
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
    const seeded: Omit<SeededChapter, "hostId" | "hostConfirms">[] = [];
    for (const c of DEMO_CHAPTERS) {
      const profile = DEMO_PROFILES[c.slug];
      const founded = daysAgo(profile.foundedDaysAgo);
      const chapter = await Chapter.query(trx).insert({
        slug: c.slug,
        title: c.title,
        city: c.city,
        state: c.state,
        postalCode: c.postalCode,
        country: c.state === "int" ? "United Kingdom" : "USA",
        chapterTypeId: c.type,
        status: c.status,
        emailAlias: c.slug.replace(/_/g, ""),
        brontoListName: `${c.title} list`,
        brontoListId: `bronto-${c.slug}`,
        sendInBlueListId: String(100 + chapterIds.size),
        about: `Join fellow progressives in ${c.city} for conversation and community. Everyone is welcome; first-timers especially.`,
        timeZone: c.timeZone,
        createdAt: founded,
      });
      chapterIds.set(c.slug, chapter.id);
      const point = geocodeOffline({ city: c.city, state: c.state, postalCode: c.postalCode });
      const sch = c.schedule;
      const event = await ChapterEvent.query(trx).insert({
        chapterId: chapter.id,
        slug: `${c.slug}_${"inDays" in sch ? "special" : "regular"}_meeting`,
        name: c.venue,
        description: "inDays" in sch ? "A special one-off gathering." : "Our regular meeting. Look for the sign on the table.",
        address1: c.address,
        address2: "",
        city: c.city,
        state: c.state === "int" ? "" : c.state.toUpperCase(),
        postalCode: c.postalCode,
        country: c.state === "int" ? "United Kingdom" : "USA",
        lat: point?.lat ?? null,
        lng: point?.lng ?? null,
        startTime: sch.start,
        endTime: sch.end,
        isSingleDate: "inDays" in sch,
        singleDate: "inDays" in sch ? DateTime.now().setZone(c.timeZone).plus({ days: sch.inDays }).toISODate() : null,
        dayOfWeekIndex: "inDays" in sch ? null : sch.day,
        weeksOfMonthIndexes: "inDays" in sch ? "" : sch.weeks,
        sequence: 0,
        createdAt: founded,
      });
      await ChapterLink.query(trx).insert({
        chapterId: chapter.id,
        title: `${c.title} on Facebook`,
        url: `https://www.facebook.com/groups/${c.slug}liberally`,
        position: 0,
      });
      await ChapterLink.query(trx).insert({ chapterId: chapter.id, title: "Venue website", url: `https://example.com/venues/${c.slug}`, position: 1 });
      const post = await ChapterBlogPost.query(trx).insert({
        chapterId: chapter.id,
        userId: null,
        title: `This month at ${c.title}`,
        slug: `${c.slug}_this_month`,
        body: DEMO_POST_BODIES[chapterIds.size % DEMO_POST_BODIES.length](c, meetingDay(c)),
        createdAt: daysAgo(profile.lastEmailDaysAgo ?? 7 + (chapterIds.size % 20)),
      });
      seeded.push({ id: chapter.id, demo: c, profile, eventId: event.id, lastPost: { id: post.id, at: post.createdAt!, title: post.title, body: post.body } });
    }
    const hostOf = new Map<string, { id: number; role: number }>();
    // A time of day `daysAgo` days before the seed, in UTC (notes are written at all hours, not in one minute).
    const at = (days: number, hour: number, minute: number) => {
      const d = new Date(now.getTime() - days * 86_400_000);
      d.setUTCHours(hour, minute, 0, 0);
      return (d.getTime() > now.getTime() ? new Date(d.getTime() - 86_400_000) : d).toISOString();
    };

    for (const h of DEMO_HOSTS) {
      const joined = daysAgo(h.joinedDaysAgo);
      const user = await User.query(trx).insert({
        name: h.name,
        email: h.email,
        username: h.email,
        passwordHash: await hashPassword(crypto.randomBytes(24).toString("base64url")),
        createdAt: joined,
      });
      for (const slug of h.chapters) {
        await Permission.query(trx).insert({ userId: user.id, roleId: h.role, chapterId: chapterIds.get(slug)!, createdAt: joined });
        if (!hostOf.has(slug)) hostOf.set(slug, { id: user.id, role: h.role });
      }
      const chapter = DEMO_CHAPTERS.find((c) => c.slug === h.chapters[0])!;
      const written = at(h.note.daysAgo, h.note.hour, h.note.minute);
      const note = await ChapterNote.query(trx).insert({
        chapterId: chapterIds.get(chapter.slug)!,
        userId: user.id,
        note: h.note.text,
        adminOnly: false,
        createdAt: written,
      });
      await ActivityFeedItem.query(trx).insert({
        type: "chapter_note",
        title: `Note on ${displayTitle(chapter)}`,
        note: h.note.text,
        adminOnly: false,
        userId: user.id,
        chapterId: chapterIds.get(chapter.slug)!,
        objectId: String(note.id),
        createdAt: written,
      });
    }

    await seedDemoHistory(
      trx,
      seeded.map((c) => {
        const host = hostOf.get(c.demo.slug);
        return { ...c, hostId: host?.id ?? null, hostConfirms: host?.role === ROLE_CHAPTER_HOST };
      }),
      now,
    );
    for (const p of DEMO_PAGES) await Page.query(trx).insert({ ...p, isPublic: true });
    for (const w of DEMO_WIKI) await WikiPage.query(trx).insert(w);
    for (const b of DEMO_BLOG) {
      await BlogPost.query(trx).insert({ slug: b.slug, title: b.title, body: b.body, isPublic: true, userId: null, createdAt: daysAgo(b.daysAgo) });
    }
    for (const p of DEMO_PRESS) {
      await PressMention.query(trx).insert({
        title: p.title,
        url: p.url,
        notes: "",
        slug: p.url.split("/").pop()!.replace(/-/g, "_"),
        isVisible: !("hidden" in p && p.hidden),
        chapterId: p.chapter ? chapterIds.get(p.chapter)! : null,
        createdAt: daysAgo(p.daysAgo),
      });
    }
  });
  return true;
}
