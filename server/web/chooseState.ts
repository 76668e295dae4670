import Router from "@koa/router";
import { z } from "zod";
import { CHOOSE_STATE_PATH, STATES } from "../contracts/chapter";
import { parse } from "../lib/validate";

const querySchema = z.object({
  state: z
    .string({ error: "Unknown state" })
    .trim()
    .max(40, "Unknown state")
    .transform((s) => s.toLowerCase())
    .refine((s) => s === "" || s in STATES, "Unknown state")
    .optional(),
});

/**
 * The home page's state chooser as a plain GET form (its Go button shows without JavaScript; with it, choosing a
 * state goes there at once): `GET /chapters?state=co` redirects to the state's page. Nothing chosen goes back to the
 * home page, where the chooser is; an unknown state is a 400.
 */
export function chooseStateRoutes() {
  const router = new Router();
  router.get(CHOOSE_STATE_PATH, (ctx) => {
    const { state } = parse(querySchema, { state: ctx.query.state });
    ctx.status = 303;
    ctx.redirect(state ? `/chapters/${state}` : "/");
  });
  return router;
}
