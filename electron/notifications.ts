/**
 * Notice routing in the main process: each admin notice becomes one OS notification (title and body
 * from the server), and clicking it brings the window forward on the notice's screen. The notice is
 * also handed to the window, which shows it as a toast like the web site does.
 */
import { isInAppPath, type AdminNotice } from "../server/contracts/adminNotice";

/** The parts of Electron's Notification used here. */
interface NotificationLike {
  on(event: "click", listener: () => void): unknown;
  on(event: "close", listener: () => void): unknown;
  show(): void;
}

export interface NotificationOptionsLike {
  title: string;
  body: string;
  silent?: boolean;
  icon?: string;
}

type NotificationConstructor = new (options: NotificationOptionsLike) => NotificationLike;

export interface NoticeRouterDeps {
  Notification: NotificationConstructor;
  /** Notification.isSupported() */
  isSupported(): boolean;
  /** Shows the window (creating or restoring it) on this route. */
  openPath(path: string): void;
  /** Hands the notice to the window for its toast. */
  forwardToWindow(notice: AdminNotice): void;
  icon?: string;
}

export interface NoticeRouter {
  show(notice: AdminNotice): void;
}

export function createNoticeRouter(deps: NoticeRouterDeps): NoticeRouter {
  // Electron forgets click handlers of notifications that were garbage collected: keep them until done.
  const live = new Set<NotificationLike>();
  return {
    show(notice) {
      const path = isInAppPath(notice.path) ? notice.path : "/admin";
      deps.forwardToWindow(notice);
      if (!deps.isSupported()) return;
      const notification = new deps.Notification({ title: notice.title, body: notice.body, ...(deps.icon ? { icon: deps.icon } : {}) });
      live.add(notification);
      notification.on("click", () => {
        live.delete(notification);
        deps.openPath(path);
      });
      notification.on("close", () => live.delete(notification));
      notification.show();
    },
  };
}
