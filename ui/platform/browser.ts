import type { AdminNotice, Platform } from "./types";

/** The web site: same-origin API, cookie sessions, admin notices from the server-sent event stream. */
export const browserPlatform: Platform = {
  apiBase: () => "",
  getToken: async () => null,
  setToken: async () => {},
  usesBearer: false,
  openExternal(url) {
    window.open(url, "_blank", "noopener,noreferrer");
  },
  onAdminNotice(handler: (notice: AdminNotice) => void) {
    if (typeof EventSource === "undefined") return () => {};
    const source = new EventSource("/api/admin/events", { withCredentials: true });
    const listener = (e: MessageEvent) => {
      try {
        handler(JSON.parse(e.data) as AdminNotice);
      } catch {
        /* ignore malformed events */
      }
    };
    source.addEventListener("notice", listener as EventListener);
    return () => source.close();
  },
};
