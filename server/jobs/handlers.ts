import type { Services } from "../services";
import { Job } from "../models/Job";
import { brontoPoll, resyncAll, sendBatch, syncContact } from "../mailingLists/jobs";
import { JOB_BRONTO_POLL, JOB_CREATE_LIST, JOB_RESYNC_ALL, JOB_SEND_BATCH, JOB_SYNC_CONTACT } from "../mailingLists/jobNames";
import { createChapterList, provideMissingLists } from "../mailingLists/chapterLists";
import {
  JOB_MEETUP_CONFIRM_MAIL,
  JOB_MEETUP_CONFIRM_SWEEP,
  ensureMeetupConfirmSweep,
  mailMeetupConfirmation,
  meetupConfirmSweepJob,
} from "../commands/meetupConfirmations";
import { JOB_APPLICATION_MAIL, mailApplicant } from "../commands/hostApplicationMail";
import { JOB_APPLICATION_RECEIVED, mailApplicationReceived } from "../commands/hostApplicationReceived";
import { JOB_CHAPTER_LIVE_MAIL, mailChapterLive } from "../commands/chapterLiveMail";
import { JOB_LIST_WELCOME, mailListWelcome } from "../commands/listWelcome";
import { JOB_RSVP_MEETUP_CHANGED, JOB_RSVP_REMINDER_MAIL, mailMeetupChange, mailRsvpReminder } from "../commands/rsvpReminders";
import { JOB_HEALTH_DAILY, JOB_HEALTH_MAIL_HOSTS, dailyHealthJob, ensureDailyHealthJob, mailHostsAtRisk } from "../health/sweep";

/** Every job type the app runs, in one place. */
export function registerJobHandlers(s: Services): void {
  s.jobs.register(JOB_SYNC_CONTACT, (p) => syncContact(s, p));
  s.jobs.register(JOB_SEND_BATCH, (p, ctx) => sendBatch(s, p, ctx));
  s.jobs.register(JOB_RESYNC_ALL, (p, ctx) => resyncAll(s, p, ctx));
  s.jobs.register(JOB_BRONTO_POLL, (p, ctx) => brontoPoll(s, p, ctx));
  s.jobs.register(JOB_CREATE_LIST, (p, ctx) => createChapterList(s, p, ctx));
  s.jobs.register(JOB_HEALTH_DAILY, (_p, ctx) => dailyHealthJob(s, ctx));
  s.jobs.register(JOB_HEALTH_MAIL_HOSTS, (p) => mailHostsAtRisk(s, p));
  s.jobs.register(JOB_APPLICATION_MAIL, (p, ctx) => mailApplicant(s, p, ctx));
  s.jobs.register(JOB_APPLICATION_RECEIVED, (p, ctx) => mailApplicationReceived(s, p, ctx));
  s.jobs.register(JOB_CHAPTER_LIVE_MAIL, (p) => mailChapterLive(s, p));
  s.jobs.register(JOB_LIST_WELCOME, (p) => mailListWelcome(s, p));
  s.jobs.register(JOB_MEETUP_CONFIRM_SWEEP, (_p, ctx) => meetupConfirmSweepJob(s, ctx));
  s.jobs.register(JOB_MEETUP_CONFIRM_MAIL, (p) => mailMeetupConfirmation(s, p, s.jobs.now()));
  s.jobs.register(JOB_RSVP_MEETUP_CHANGED, (p) => mailMeetupChange(s, p));
  s.jobs.register(JOB_RSVP_REMINDER_MAIL, (p) => mailRsvpReminder(s, p, s.jobs.now()));
}

/**
 * Starts the recurring jobs that should be running (the Bronto status poll when Bronto carries the lists), and
 * gives every chapter without a list at the selected service one (e.g. once a provider key was added).
 */
export async function ensureRecurringJobs(s: Services): Promise<void> {
  const { serviceName, provider } = await s.listProviders.current();
  await s.knex.transaction((trx) => provideMissingLists(s, serviceName, trx));
  await ensureDailyHealthJob(s);
  await ensureMeetupConfirmSweep(s);
  if (provider.name !== "bronto") return;
  const running = await Job.query().where({ type: JOB_BRONTO_POLL }).whereIn("status", ["pending", "running"]).resultSize();
  if (!running) await s.jobs.enqueue(JOB_BRONTO_POLL, { since: new Date(s.jobs.now().getTime() - 24 * 3600_000).toISOString() });
}
