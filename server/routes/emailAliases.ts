import type Router from "@koa/router";
import { z } from "zod";
import { requireAdmin } from "../policies/authorize";
import { intParam, parse } from "../lib/validate";
import { Chapter } from "../models/Chapter";
import { EmailAlias } from "../models/EmailAlias";
import { ALIAS_SEARCH_MIN, ALIAS_SEARCH_TOO_SHORT, type AliasDomainsResponse } from "../contracts/mailingList";
import { aliasSchema, createAlias, deleteAlias, testAliasService, updateAlias } from "../commands/emailAliases";
import { presentEmailAlias } from "../presenters/mailingList";
import type { Services } from "../services";
import { containsPattern } from "../lib/search";

export const aliasSearchSchema = z.object({
  search: z.string().trim().min(ALIAS_SEARCH_MIN, ALIAS_SEARCH_TOO_SHORT).max(100, "Search is too long").optional(),
});

/** Email aliases (spec 001 Email Administration): admins only. */
export function emailAliasRoutes(router: Router, s: Services) {
  const domains = () => Object.values(s.config.chapterEmailDomains);

  router.get("/admin/mailgun/aliases", async (ctx) => {
    requireAdmin(ctx);
    const { search } = parse(aliasSearchSchema, ctx.query);
    const query = EmailAlias.query()
      .withGraphFetched("chapter")
      .orderBy([{ column: "domain" }, { column: "localPart" }]);
    if (search !== undefined) {
      const pattern = containsPattern(search);
      const like = (expr: string) => [`lower(${expr}) like ? escape '\\'`, [pattern]] as const;
      query.where((q) =>
        q
          .whereRaw(...like("local_part || '@' || domain"))
          .orWhereRaw(...like("recipients"))
          .orWhereIn(
            "chapterId",
            Chapter.query()
              .select("id")
              .whereRaw(...like("title"))
              .orWhereRaw(...like("city")),
          ),
      );
    }
    ctx.body = (await query.limit(500)).map(presentEmailAlias);
  });

  router.get("/admin/mailgun/aliases/domains", async (ctx) => {
    requireAdmin(ctx);
    const body: AliasDomainsResponse = { domains: Object.entries(s.config.chapterEmailDomains).map(([type, domain]) => ({ type, domain })) };
    ctx.body = body;
  });

  router.post("/admin/mailgun/aliases/test", async (ctx) => {
    const viewer = requireAdmin(ctx);
    ctx.body = await testAliasService(s, viewer);
  });

  router.post("/admin/mailgun/aliases", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const input = parse(aliasSchema(domains()), ctx.request.body);
    ctx.status = 201;
    ctx.body = presentEmailAlias(await createAlias(s, input, viewer));
  });

  router.put("/admin/mailgun/aliases/:id", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const id = intParam(ctx.params.id);
    const input = parse(aliasSchema(domains()), ctx.request.body);
    ctx.body = presentEmailAlias(await updateAlias(s, id, input, viewer));
  });

  router.delete("/admin/mailgun/aliases/:id", async (ctx) => {
    const viewer = requireAdmin(ctx);
    await deleteAlias(s, intParam(ctx.params.id), viewer);
    ctx.status = 204;
  });
}
