import { ADMIN_NOTICE_EVENT, parseAdminNotice } from "../../server/contracts/adminNotice";
import type { AdminNotice, Platform } from "./types";

/** The web site: same-origin API, cookie sessions, admin notices from the server-sent event stream. */
export const browserPlatform: Platform = {
  apiBase: () => "",
  hasServerAddress: () => true,
  setServerAddress: async () => ({ error: "The web site always talks to its own server." }),
  getToken: async () => null,
  setToken: async () => {},
  usesBearer: false,
  openExternal(url) {
    window.open(url, "_blank", "noopener,noreferrer");
  },
  onAdminNotice(handler: (notice: AdminNotice) => void) {
    if (typeof EventSource === "undefined") return () => {};
    // EventSource reconnects by itself and sends Last-Event-ID, so the server resumes after the last notice.
    const source = new EventSource("/api/admin/events", { withCredentials: true });
    const seen = new Set<number>();
    const listener = (e: MessageEvent) => {
      const notice = parseAdminNotice(String(e.data), e.lastEventId);
      if (!notice || seen.has(notice.id)) return;
      seen.add(notice.id);
      handler(notice);
    };
    source.addEventListener(ADMIN_NOTICE_EVENT, listener as EventListener);
    return () => {
      source.removeEventListener(ADMIN_NOTICE_EVENT, listener as EventListener);
      source.close();
    };
  },
  // Nothing outside the page asks the web site to change route.
  onNavigate: () => () => {},
};
