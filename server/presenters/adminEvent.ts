import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX, isInAppPath, type AdminNotice } from "../contracts/adminNotice";
import type { AdminEvent } from "../models/AdminEvent";

const text = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

/** The notice the desktop app shows: only id, type, title, body and an in-app path leave the server. */
export function presentAdminNotice(event: AdminEvent): AdminNotice {
  const payload = event.payload ?? {};
  return {
    id: event.id,
    type: event.type,
    title: text(payload.title, NOTICE_TITLE_MAX),
    body: text(payload.body, NOTICE_BODY_MAX),
    path: isInAppPath(payload.path) ? payload.path : "/admin",
  };
}
