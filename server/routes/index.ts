import type Router from "@koa/router";
import type { Services } from "../services";
import { authRoutes } from "./auth";
import { chapterRoutes } from "./chapters";
import { chapterEventRoutes } from "./chapterEvents";
import { chapterCalendarRoutes } from "./chapterCalendar";
import { passwordResetRoutes } from "./passwordReset";

/** Every API resource, mounted under /api. One module per resource, keeping the spec's paths. */
export function registerApiRoutes(router: Router, s: Services): void {
  authRoutes(router, s);
  passwordResetRoutes(router, s);
  chapterRoutes(router, s);
  chapterEventRoutes(router, s);
  chapterCalendarRoutes(router, s);
}
