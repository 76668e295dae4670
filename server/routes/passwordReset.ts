import type Router from "@koa/router";
import { createSchema, findUsableToken, newPasswordBody, sendResetLink, setPasswordFromLink } from "../commands/passwordReset";
import type { Services } from "../services";

export { createSchema, newPasswordBody };

const INVALID_TOKEN = { result: "invalid", error: "Your token is invalid or expired.", errorId: "invalid_token", field: "token" };

/** Password reset: random tokens, stored hashed, single use, one hour (spec 000 sections 2, 7, 9). */
export function passwordResetRoutes(router: Router, s: Services) {
  router.post("/password_reset/create", async (ctx) => {
    ctx.body = { result: await sendResetLink(ctx, s, ctx.request.body) };
  });

  router.get("/password_reset/check/:token", async (ctx) => {
    const row = await findUsableToken(ctx.params.token);
    ctx.body = { result: row ? "ok" : "invalid" };
  });

  router.post("/password_reset/new_password", async (ctx) => {
    if (!(await setPasswordFromLink(ctx.request.body))) {
      ctx.status = 400;
      ctx.body = INVALID_TOKEN;
      return;
    }
    ctx.body = { result: "ok" };
  });
}
