import type Router from "@koa/router";
import type { Services } from "../services";
import { authRoutes } from "./auth";
import { chapterRoutes } from "./chapters";
import { passwordResetRoutes } from "./passwordReset";
import { pressMentionPublicRoutes } from "./pressMentionsPublic";
import { contentPublicRoutes } from "./contentPublic";
import { siteConfigRoutes } from "./siteConfig";
import { hostApplicationApplicantRoutes } from "./hostApplicationsApplicant";

/** Every API resource, mounted under /api. One module per resource, keeping the spec's paths. */
export function registerApiRoutes(router: Router, s: Services): void {
  authRoutes(router, s);
  passwordResetRoutes(router, s);
  chapterRoutes(router, s);
  pressMentionPublicRoutes(router, s);
  contentPublicRoutes(router, s);
  siteConfigRoutes(router, s);
  hostApplicationApplicantRoutes(router, s);
}
