import type Router from "@koa/router";
import { z } from "zod";
import { requireAdmin } from "../policies/authorize";
import { parse } from "../lib/validate";
import { EmailSettings } from "../models/EmailSettings";
import { confirmHours } from "../commands/meetupConfirmations";
import { reminderHours } from "../commands/rsvpReminders";
import { MAX_CONFIRM_HOURS, type MeetupConfirmSettings } from "../contracts/chapter";

const hoursField = (name: string) =>
  z
    .number({ error: `${name} must be a whole number from 0 to ${MAX_CONFIRM_HOURS}` })
    .int(`${name} must be a whole number from 0 to ${MAX_CONFIRM_HOURS}`)
    .min(0, `${name} must be a whole number from 0 to ${MAX_CONFIRM_HOURS}`)
    .max(MAX_CONFIRM_HOURS, `${name} must be a whole number from 0 to ${MAX_CONFIRM_HOURS}`);

export const settingsSchema = z.object({ hours: hoursField("hours"), reminderHours: hoursField("reminderHours").optional() });

const currentSettings = async (): Promise<MeetupConfirmSettings> => ({ hours: await confirmHours(), reminderHours: await reminderHours() });

/**
 * GET and POST /api/meetup_confirmations/settings (admin): how long before a meetup its hosts are asked to confirm
 * it, and the people going are reminded of it.
 */
export function meetupConfirmSettingsRoutes(router: Router) {
  router.get("/meetup_confirmations/settings", async (ctx) => {
    requireAdmin(ctx);
    ctx.body = await currentSettings();
  });

  router.post("/meetup_confirmations/settings", async (ctx) => {
    requireAdmin(ctx);
    const { hours, reminderHours: reminder } = parse(settingsSchema, ctx.request.body);
    const fields = { meetupConfirmHours: hours, ...(reminder === undefined ? {} : { rsvpReminderHours: reminder }) };
    const updated = await EmailSettings.query().findById(1).patch(fields);
    if (!updated) await EmailSettings.query().insert({ id: 1, serviceName: "sendInBlue", listDoubleOptIn: false, ...fields });
    ctx.body = await currentSettings();
  });
}
