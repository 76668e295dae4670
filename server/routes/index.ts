import type Router from "@koa/router";
import type { Services } from "../services";
import { authRoutes } from "./auth";
import { chapterRoutes } from "./chapters";
import { passwordResetRoutes } from "./passwordReset";
import { activityFeedRoutes } from "./activityFeed";
import { chapterSettingsRoutes } from "./chapterSettings";
import { permissionRoutes } from "./permissions";
import { userRoutes } from "./users";
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
  userRoutes(router, s);
  chapterLinkRoutes(router, s);
  chapterNoteRoutes(router, s);
  pressMentionAdminRoutes(router, s);
}
