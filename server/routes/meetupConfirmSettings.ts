import type Router from "@koa/router";
import { z } from "zod";
import { requireAdmin } from "../policies/authorize";
import { parse } from "../lib/validate";
import { EmailSettings } from "../models/EmailSettings";
import { confirmHours } from "../commands/meetupConfirmations";
import { MAX_CONFIRM_HOURS, type MeetupConfirmSettings } from "../contracts/chapter";

export const settingsSchema = z.object({
  hours: z
    .number({ error: `hours must be a whole number from 0 to ${MAX_CONFIRM_HOURS}` })
    .int(`hours must be a whole number from 0 to ${MAX_CONFIRM_HOURS}`)
    .min(0, `hours must be a whole number from 0 to ${MAX_CONFIRM_HOURS}`)
    .max(MAX_CONFIRM_HOURS, `hours must be a whole number from 0 to ${MAX_CONFIRM_HOURS}`),
});

/** GET and POST /api/meetup_confirmations/settings (admin): how long before a meetup its hosts are asked to confirm it. */
export function meetupConfirmSettingsRoutes(router: Router) {
  router.get("/meetup_confirmations/settings", async (ctx) => {
    requireAdmin(ctx);
    const answer: MeetupConfirmSettings = { hours: await confirmHours() };
    ctx.body = answer;
  });

  router.post("/meetup_confirmations/settings", async (ctx) => {
    requireAdmin(ctx);
    const { hours } = parse(settingsSchema, ctx.request.body);
    const updated = await EmailSettings.query().findById(1).patch({ meetupConfirmHours: hours });
    if (!updated) await EmailSettings.query().insert({ id: 1, serviceName: "sendInBlue", listDoubleOptIn: false, meetupConfirmHours: hours });
    const answer: MeetupConfirmSettings = { hours: await confirmHours() };
    ctx.body = answer;
  });
}
