import type Router from "@koa/router";
import { z } from "zod";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { parse } from "../lib/validate";
import { EmailSettings } from "../models/EmailSettings";
import { Job } from "../models/Job";
import { EMAIL_SERVICE_NAMES, type EmailSettingsInfo } from "../contracts/mailingList";
import { recordActivity } from "../commands/activity";
import { JOB_BRONTO_POLL, JOB_RESYNC_ALL } from "../mailingLists/jobNames";
import type { Services } from "../services";
import { webhookSecret } from "./mailingList";
import { deliveryReport } from "../mailingLists/deliveries";
import { provideMissingLists } from "../mailingLists/chapterLists";

const serviceNameError = `serviceName must be one of ${EMAIL_SERVICE_NAMES.join(", ")}`;
const updateSchema = z
  .object({
    serviceName: z.enum(EMAIL_SERVICE_NAMES, { error: serviceNameError }).optional(),
    doubleOptIn: z.boolean({ error: "doubleOptIn must be true or false" }).optional(),
  })
  .refine((v) => v.serviceName !== undefined || v.doubleOptIn !== undefined, { message: serviceNameError, path: ["serviceName"] });

async function settingsInfo(s: Services): Promise<EmailSettingsInfo> {
  const row = await EmailSettings.query().findById(1);
  const serviceName = row?.serviceName === "bronto" ? "bronto" : "sendInBlue";
  const counts = await s.jobs.counts();
  const failures = await Job.query().where({ status: "failed" }).orderBy("updatedAt", "desc").limit(10);
  return {
    serviceName,
    doubleOptIn: Boolean(row?.listDoubleOptIn),
    activeProvider: s.listProviders.forService(serviceName).name,
    configured: { sendInBlue: s.listProviders.configured("sendInBlue"), bronto: s.listProviders.configured("bronto") },
    queue: {
      pending: counts.pending,
      running: counts.running,
      failed: counts.failed,
      recentFailures: failures.map((j) => ({ id: j.id, type: j.type, lastError: j.lastError ?? "", updatedAt: j.updatedAt! })),
    },
    deliveries: await deliveryReport(s),
    webhookUrls: { brevo: `${s.config.publicUrl}/api/mailing_list/webhooks/brevo/${webhookSecret(s, "brevo")}` },
    updatedAt: row?.updatedAt ?? null,
  };
}

/** The General Settings switch for list signups; a change is an admin-only activity item. */
async function setDoubleOptIn(on: boolean, userId: number) {
  await EmailSettings.transaction(async (trx) => {
    const changed = await EmailSettings.query(trx).findById(1).patch({ listDoubleOptIn: on }).whereNot({ listDoubleOptIn: on });
    if (!changed) return;
    const title = on ? "Mailing list signups now need confirming by email" : "Mailing list signups no longer need confirming by email";
    await recordActivity({ type: "mailing_list", title, adminOnly: true, userId }, trx);
  });
}

/** GET and POST /api/email_settings (admin): which email-marketing provider carries the lists. */
export function emailSettingsRoutes(router: Router, s: Services) {
  router.get("/email_settings", async (ctx) => {
    authorize(ctx.state.viewer, sitePolicy.admin, null);
    ctx.body = await settingsInfo(s);
  });

  /** Switching the provider re-syncs every contact to the new one, so no one is lost. */
  router.post("/email_settings", async (ctx) => {
    authorize(ctx.state.viewer, sitePolicy.admin, null);
    const input = parse(updateSchema, ctx.request.body);
    if (input.doubleOptIn !== undefined) await setDoubleOptIn(input.doubleOptIn, ctx.state.viewer!.id);
    await s.knex.transaction(async (trx) => {
      if (input.serviceName === undefined) return;
      const row = await EmailSettings.query(trx).findById(1);
      if (row?.serviceName === input.serviceName) return;
      if (row) await row.$query(trx).patch({ serviceName: input.serviceName });
      else await EmailSettings.query(trx).insert({ id: 1, serviceName: input.serviceName });
      await s.jobs.enqueue(JOB_RESYNC_ALL, { afterId: 0 }, { trx });
      await provideMissingLists(s, input.serviceName, trx);
      if (input.serviceName === "bronto") await s.jobs.enqueue(JOB_BRONTO_POLL, { since: new Date(s.jobs.now().getTime() - 24 * 3600_000).toISOString() }, { trx });
      await recordActivity({ type: "mailing_list", title: `Email service changed to ${input.serviceName === "bronto" ? "Bronto" : "Send In Blue"}`, note: "Chapters without a list there get one, and every contact is being re-synced to the new service.", adminOnly: true, userId: ctx.state.viewer!.id }, trx);
    });
    ctx.body = await settingsInfo(s);
  });

  /** Puts failed deliveries back in the queue (after fixing a key, for example). */
  router.post("/email_settings/retry_failed", async (ctx) => {
    authorize(ctx.state.viewer, sitePolicy.admin, null);
    ctx.body = { retried: await s.jobs.retryFailed() };
  });
}
