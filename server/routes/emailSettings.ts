import type Router from "@koa/router";
import { z } from "zod";
import { requireAdmin } from "../policies/authorize";
import { parse } from "../lib/validate";
import { EmailSettings } from "../models/EmailSettings";
import { Job } from "../models/Job";
import { EMAIL_SERVICE_NAMES, type EmailSettingsInfo } from "../contracts/mailingList";
import { setDoubleOptIn, setNetworkContact, setPostalAddress, switchEmailService } from "../commands/emailSettings";
import { networkContact } from "../lib/networkContact";
import { networkContactBodySchema, postalAddressBodySchema } from "../contracts/adminRequests";
import type { Services } from "../services";
import { deliveryReport } from "../mailingLists/deliveries";
import { webhookSecret } from "../mailingLists/webhooks";
import { deliverability } from "../mailingLists/deliverability";

const serviceNameError = `serviceName must be one of ${EMAIL_SERVICE_NAMES.join(", ")}`;
export const emailSettingsUpdateSchema = z
  .object({
    serviceName: z.enum(EMAIL_SERVICE_NAMES, { error: serviceNameError }).optional(),
    doubleOptIn: z.boolean({ error: "doubleOptIn must be true or false" }).optional(),
    postalAddress: postalAddressBodySchema.shape.postalAddress.optional(),
    networkContactName: networkContactBodySchema.shape.networkContactName.optional(),
    networkContactEmail: networkContactBodySchema.shape.networkContactEmail.optional(),
  })
  .refine(
    (v) =>
      v.serviceName !== undefined ||
      v.doubleOptIn !== undefined ||
      v.postalAddress !== undefined ||
      v.networkContactName !== undefined ||
      v.networkContactEmail !== undefined,
    {
      message: serviceNameError,
      path: ["serviceName"],
    },
  )
  .refine((v) => (v.networkContactName === undefined) === (v.networkContactEmail === undefined), {
    message: "Network Contact Name and Network Contact Email are set together",
    path: ["networkContactEmail"],
  })
  .refine((v) => !v.networkContactName || v.networkContactEmail, { message: "Network Contact Email is required with a name", path: ["networkContactEmail"] });

async function settingsInfo(s: Services): Promise<EmailSettingsInfo> {
  const row = await EmailSettings.query().findById(1);
  const serviceName = row?.serviceName === "bronto" ? "bronto" : "sendInBlue";
  const counts = await s.jobs.counts();
  const failures = await Job.query().where({ status: "failed" }).orderBy("updatedAt", "desc").limit(10);
  return {
    serviceName,
    doubleOptIn: Boolean(row?.listDoubleOptIn),
    postalAddress: row?.postalAddress ?? "",
    networkContactName: row?.networkContactName ?? "",
    networkContactEmail: row?.networkContactEmail ?? "",
    networkContact: await networkContact(s),
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
    deliverability: deliverability(s.config, { activeProvider: s.listProviders.forService(serviceName).name, postalAddress: row?.postalAddress ?? "" }),
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * GET and POST /api/email_settings (admin): which email-marketing provider carries the lists, double opt-in, the
 * postal address, the network contact.
 */
export function emailSettingsRoutes(router: Router, s: Services) {
  router.get("/email_settings", async (ctx) => {
    requireAdmin(ctx);
    ctx.body = await settingsInfo(s);
  });

  /** Switching the provider re-syncs every contact to the new one, so no one is lost. */
  router.post("/email_settings", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const input = parse(emailSettingsUpdateSchema, ctx.request.body);
    if (input.doubleOptIn !== undefined) await setDoubleOptIn(viewer, input.doubleOptIn);
    if (input.postalAddress !== undefined) await setPostalAddress(viewer, input.postalAddress);
    if (input.networkContactEmail !== undefined) await setNetworkContact(viewer, { name: input.networkContactName ?? "", email: input.networkContactEmail });
    if (input.serviceName !== undefined) await switchEmailService(s, viewer, input.serviceName);
    ctx.body = await settingsInfo(s);
  });

  /** Puts failed deliveries back in the queue (after fixing a key, for example). */
  router.post("/email_settings/retry_failed", async (ctx) => {
    requireAdmin(ctx);
    ctx.body = { retried: await s.jobs.retryFailed() };
  });
}
