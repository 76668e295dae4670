import type { AdminNotice } from "../contracts/adminEvents";
import type { AdminEvent } from "../models/AdminEvent";

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** The notice the desktop app shows: only id, type, title, body and path leave the server. */
export function presentAdminNotice(event: AdminEvent): AdminNotice {
  const payload = event.payload ?? {};
  return { id: event.id, type: event.type, title: text(payload.title), body: text(payload.body), path: text(payload.path) };
}
