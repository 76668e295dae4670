import { z } from "zod";
import type { Services } from "../services";
import type { Viewer } from "../policies/viewer";
import { ApiError, badRequest, conflict, notFound, tooManyRequests } from "../errors";
import { Chapter } from "../models/Chapter";
import { EmailAlias } from "../models/EmailAlias";
import { recordActivity } from "./activity";
import { publishAdminEvent } from "../events/adminEvents";
import { MailgunError, MailgunRateLimitError, type RouteInput } from "../integrations/mailgun/routes";
import { ALIAS_RATE_LIMIT_MESSAGE } from "../contracts/mailingList";
import { displayTitle } from "../contracts/chapter";
import { emailSchema, idSchema } from "../lib/validate";

const localPartSchema = z
  .string({ error: "Local part is required" })
  .trim()
  .toLowerCase()
  .min(1, "Local part is required")
  .max(64, "Local part must be at most 64 characters")
  .regex(/^[a-z0-9](?:[a-z0-9._+-]*[a-z0-9])?$/, "Local part may only contain letters, numbers, dots, dashes, underscores and plus signs");

export function aliasSchema(domains: string[]) {
  return z.object({
    localPart: localPartSchema.optional(),
    domain: z
      .string({ error: "Domain is required" })
      .trim()
      .toLowerCase()
      .refine((d) => domains.includes(d), `Domain must be one of ${domains.join(", ")}`),
    recipients: z
      .array(z.string({ error: "Recipients must be email addresses" }), { error: "At least one recipient is required" })
      .max(50, "An alias may have at most 50 recipients")
      // Blank rows are dropped on save (spec 001 section 5).
      .transform((list) => list.map((r) => r.trim()).filter(Boolean))
      .refine((list) => list.length > 0, "At least one recipient is required")
      .superRefine((list, ctx) => {
        for (const r of list) if (!emailSchema.safeParse(r).success) ctx.addIssue({ code: "custom", message: `${r} is not a valid email address` });
      })
      .transform((list) => [...new Set(list.map((r) => r.toLowerCase()))]),
    chapterId: idSchema("chapterId", "chapterId must be a number").nullable().optional(),
  });
}
export type AliasInput = z.infer<ReturnType<typeof aliasSchema>>;

const routeInput = (a: { localPart: string; domain: string; recipients: string[] }): RouteInput => ({
  address: `${a.localPart}@${a.domain}`,
  recipients: a.recipients,
  description: `Chapterhouse alias ${a.localPart}@${a.domain}`,
});

/**
 * Runs a Mailgun call. A 429 becomes an admin warning (activity item and desktop notification event) and a
 * 429 answer asking to wait a minute; other Mailgun failures a 502 naming what Mailgun said.
 */
async function viaMailgun<T>(viewer: Viewer, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof MailgunRateLimitError) {
      const title = "Mailgun rate limit reached";
      const body = `Mailgun refused to ${what} because too many requests were made. Wait a minute and try again.`;
      await recordActivity({ type: "alias_rate_limited", title, note: body, adminOnly: true, userId: viewer.id });
      await publishAdminEvent("alias_rate_limited", { title, body, path: "/admin/email" });
      throw tooManyRequests(ALIAS_RATE_LIMIT_MESSAGE);
    }
    if (err instanceof MailgunError) throw new ApiError(502, "mailgun_failed", `Mailgun could not ${what}: ${err.message}`);
    throw err;
  }
}

async function chapterFor(chapterId: number | null | undefined): Promise<Chapter | null> {
  if (!chapterId) return null;
  const chapter = await Chapter.query().findById(chapterId).withGraphFetched("chapterType");
  if (!chapter) throw badRequest("Chapter does not exist", "chapterId");
  return chapter;
}

/** The domain of a chapter's alias is its type's domain (the form locks it when a chapter is chosen). */
function checkChapterDomain(s: Services, chapter: Chapter | null, domain: string) {
  if (!chapter) return;
  const expected = s.config.chapterEmailDomains[chapter.chapterType?.name ?? ""] ?? chapter.chapterType?.emailDomain;
  if (expected && domain !== expected) throw badRequest(`The alias of ${displayTitle(chapter)} must use ${expected}`, "domain");
}

/** The alias as saved, with its chapter; 404 when another admin deleted it meanwhile. */
async function reloadAlias(id: number): Promise<EmailAlias> {
  const alias = await EmailAlias.query().findById(id).withGraphFetched("chapter");
  if (!alias) throw notFound("Alias");
  return alias;
}

export async function createAlias(s: Services, input: AliasInput, viewer: Viewer): Promise<EmailAlias> {
  const chapter = await chapterFor(input.chapterId);
  const localPart = input.localPart ?? chapter?.emailAlias?.toLowerCase();
  if (!localPart) throw badRequest("Local part is required", "localPart");
  checkChapterDomain(s, chapter, input.domain);
  if (await EmailAlias.query().findOne({ localPart, domain: input.domain }))
    throw conflict(`An alias for ${localPart}@${input.domain} already exists`, "localPart");
  const alias = { localPart, domain: input.domain, recipients: input.recipients };
  const route = await viaMailgun(viewer, "create the alias", () => s.mailgun.create(routeInput(alias)));
  let created: EmailAlias;
  try {
    created = await s.knex.transaction(async (trx) => {
      const row = await EmailAlias.query(trx).insert({ ...alias, chapterId: chapter?.id ?? null, mailgunRouteId: route?.id ?? null });
      await recordActivity(
        {
          type: "email_alias",
          title: `Email alias ${localPart}@${input.domain} created`,
          note: input.recipients.join(", "),
          adminOnly: true,
          userId: viewer.id,
          chapterId: chapter?.id ?? null,
          objectId: row.id,
        },
        trx,
      );
      return row;
    });
  } catch (err) {
    // Keep Mailgun in step with our database.
    if (route) await s.mailgun.remove(route.id).catch(() => {});
    throw err;
  }
  return reloadAlias(created.id);
}

export async function updateAlias(s: Services, id: number, input: AliasInput, viewer: Viewer): Promise<EmailAlias> {
  const existing = await EmailAlias.query().findById(id);
  if (!existing) throw notFound("Alias");
  if (input.localPart && input.localPart !== existing.localPart) throw badRequest("The local part of an alias cannot be changed", "localPart");
  const chapterId = input.chapterId === undefined ? existing.chapterId : input.chapterId;
  const chapter = await chapterFor(chapterId);
  checkChapterDomain(s, chapter, input.domain);
  if (input.domain !== existing.domain && (await EmailAlias.query().findOne({ localPart: existing.localPart, domain: input.domain }))) {
    throw conflict(`An alias for ${existing.localPart}@${input.domain} already exists`, "domain");
  }
  const next = { localPart: existing.localPart, domain: input.domain, recipients: input.recipients };
  const routeId = await viaMailgun(viewer, "update the alias", async () => {
    const current = existing.mailgunRouteId;
    if (current) {
      try {
        await s.mailgun.update(current, routeInput(next));
        return current;
      } catch (err) {
        // A route deleted at Mailgun by hand is created again.
        if (!(err instanceof MailgunError && err.status === 404)) throw err;
      }
    }
    return (await s.mailgun.create(routeInput(next)))?.id ?? current;
  });
  await s.knex.transaction(async (trx) => {
    await EmailAlias.query(trx)
      .findById(id)
      .patch({ domain: next.domain, recipients: next.recipients, chapterId: chapter?.id ?? null, mailgunRouteId: routeId });
    await recordActivity(
      {
        type: "email_alias",
        title: `Email alias ${next.localPart}@${next.domain} updated`,
        note: next.recipients.join(", "),
        adminOnly: true,
        userId: viewer.id,
        chapterId: chapter?.id ?? null,
        objectId: id,
      },
      trx,
    );
  });
  return reloadAlias(id);
}

export async function deleteAlias(s: Services, id: number, viewer: Viewer): Promise<void> {
  const existing = await EmailAlias.query().findById(id);
  if (!existing) throw notFound("Alias");
  const routeId = existing.mailgunRouteId;
  if (routeId) await viaMailgun(viewer, "delete the alias", () => s.mailgun.remove(routeId));
  await s.knex.transaction(async (trx) => {
    await EmailAlias.query(trx).deleteById(id);
    await recordActivity(
      {
        type: "email_alias",
        title: `Email alias ${existing.localPart}@${existing.domain} deleted`,
        adminOnly: true,
        userId: viewer.id,
        chapterId: existing.chapterId,
        objectId: id,
      },
      trx,
    );
  });
}

/** POST .../aliases/test: checks the Mailgun connection (or says aliases are kept locally). */
export async function testAliasService(s: Services, viewer: Viewer) {
  const unsynced = await EmailAlias.query().whereNull("mailgunRouteId").resultSize();
  if (s.mailgun.mode === "local") {
    return {
      ok: true,
      mode: "local" as const,
      routeCount: null,
      message: "MAILGUN_API_KEY is not set: aliases are kept in our database only and no mail is forwarded.",
    };
  }
  const { total } = await viaMailgun(viewer, "list routes", () => s.mailgun.list(1));
  return {
    ok: true,
    mode: "mailgun" as const,
    routeCount: total,
    message: `Connected to Mailgun: ${total} route${total === 1 ? "" : "s"}.${unsynced ? ` ${unsynced} alias${unsynced === 1 ? " is" : "es are"} not synced yet; saving ${unsynced === 1 ? "it" : "them"} again syncs ${unsynced === 1 ? "it" : "them"}.` : ""}`,
  };
}
