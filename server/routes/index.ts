import type Router from "@koa/router";
import type { Services } from "../services";
import { adminChapterRoutes } from "./adminChapters";
import { adminBlogPostRoutes } from "./adminBlogPosts";
import { adminEventRoutes } from "./adminEvents";
import { adminPageRoutes } from "./adminPages";
import { adminPressMentionRoutes } from "./adminPressMentions";
import { adminUserRoutes } from "./adminUsers";
import { adminWikiPageRoutes } from "./adminWikiPages";
import { authRoutes } from "./auth";
import { chapterRoutes } from "./chapters";
import { frontPageRoutes } from "./frontPage";
import { hostApplicationAdminRoutes } from "./hostApplicationsAdmin";
import { passwordResetRoutes } from "./passwordReset";
import { permissionRoutes } from "./permissions";

/** Every API resource, mounted under /api. One module per resource, keeping the spec's paths. */
export function registerApiRoutes(router: Router, s: Services): void {
  authRoutes(router, s);
  passwordResetRoutes(router, s);
  chapterRoutes(router, s);
  adminEventRoutes(router, s);
  adminChapterRoutes(router, s);
  hostApplicationAdminRoutes(router, s);
  adminUserRoutes(router, s);
  permissionRoutes(router, s);
  frontPageRoutes(router, s);
  adminBlogPostRoutes(router, s);
  adminPageRoutes(router, s);
  adminWikiPageRoutes(router, s);
  adminPressMentionRoutes(router, s);
}
