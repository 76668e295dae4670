import type Router from "@koa/router";
import type { Services } from "../services";
import { authRoutes } from "./auth";
import { chapterRoutes } from "./chapters";
import { passwordResetRoutes } from "./passwordReset";
import { mailingListRoutes } from "./mailingList";
import { emailSettingsRoutes } from "./emailSettings";
import { chapterBlogPostRoutes } from "./chapterBlogPosts";
import { emailAliasRoutes } from "./emailAliases";

/** Every API resource, mounted under /api. One module per resource, keeping the spec's paths. */
export function registerApiRoutes(router: Router, s: Services): void {
  authRoutes(router, s);
  passwordResetRoutes(router, s);
  chapterRoutes(router, s);
  mailingListRoutes(router, s);
  emailSettingsRoutes(router, s);
  chapterBlogPostRoutes(router, s);
  emailAliasRoutes(router, s);
}
