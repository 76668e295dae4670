import type Router from "@koa/router";
import { z } from "zod";
import { ChapterHostApplication } from "../models/ChapterHostApplication";
import { notFound } from "../errors";
import { parse } from "../lib/validate";
import { authorize, requireViewer } from "../policies/authorize";
import { applicationPolicy } from "../policies/site";
import { STATES } from "../contracts/chapter";
import { multiLine, singleLine } from "../contracts/text";
import { HOST_APPLICATION_TYPES } from "../contracts/hostApplication";
import { createHostApplication } from "../commands/createHostApplication";
import { presentHostApplicationForApplicant } from "../presenters/hostApplication";
import type { Services } from "../services";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is Required` })
    .trim()
    .min(1, `${label} is Required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The application form (spec 000 section 5): city, state, type and reason all required. */
export const hostApplicationSchema = z.object({
  city: singleLine(required("City", 120), "City"),
  state: z
    .string({ error: "State is Required" })
    .trim()
    .min(1, "State is Required")
    .transform((s) => s.toLowerCase())
    .refine((s) => s in STATES, "State must be one of the listed states"),
  type: z.enum(HOST_APPLICATION_TYPES, { error: "Type must be drinking, dining or laughing" }),
  reason: multiLine(required("Reason", 5000), "Reason"),
});

/** Host applications, applicant side (spec 000 section 7). The admin side lives with the site admin routes. */
export function hostApplicationApplicantRoutes(router: Router, s: Services) {
  router.post("/chapter_host_application", async (ctx) => {
    const viewer = requireViewer(ctx);
    const input = parse(hostApplicationSchema, ctx.request.body);
    const application = await createHostApplication(s, viewer, input);
    application.user = undefined;
    ctx.status = 201;
    ctx.body = presentHostApplicationForApplicant(application);
  });

  router.get("/chapter_host_application/my", async (ctx) => {
    const viewer = requireViewer(ctx);
    const applications = await ChapterHostApplication.query().where({ userId: viewer.id }).orderBy("createdAt", "desc").orderBy("id", "desc");
    ctx.body = applications.map(presentHostApplicationForApplicant);
  });

  router.get("/chapter_host_application/slug/:slug", async (ctx) => {
    const viewer = requireViewer(ctx);
    const application = await ChapterHostApplication.query()
      .findOne({ slug: String(ctx.params.slug) })
      .withGraphFetched("user");
    if (!application) throw notFound("Host application");
    authorize(viewer, applicationPolicy.view, application);
    ctx.body = presentHostApplicationForApplicant(application);
  });
}
