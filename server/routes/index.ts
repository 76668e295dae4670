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
import { activityFeedRoutes } from "./activityFeed";
import { chapterSettingsRoutes } from "./chapterSettings";
import { permissionRoutes } from "./permissions";
import { chapterLinkRoutes } from "./chapterLinks";
import { chapterNoteRoutes } from "./chapterNotes";
import { pressMentionAdminRoutes } from "./pressMentionAdmin";

/** Every API resource, mounted under /api. One module per resource, keeping the spec's paths. */
export function registerApiRoutes(router: Router, s: Services): void {
  authRoutes(router, s);
  passwordResetRoutes(router, s);
  chapterRoutes(router, s);
  activityFeedRoutes(router, s);
  chapterSettingsRoutes(router, s);
  permissionRoutes(router, s);
  chapterLinkRoutes(router, s);
  chapterNoteRoutes(router, s);
  pressMentionAdminRoutes(router, s);
  adminEventRoutes(router, s);
  adminChapterRoutes(router, s);
  hostApplicationAdminRoutes(router, s);
  adminUserRoutes(router, s);
  frontPageRoutes(router, s);
  adminBlogPostRoutes(router, s);
  adminPageRoutes(router, s);
  adminWikiPageRoutes(router, s);
  adminPressMentionRoutes(router, s);
}
