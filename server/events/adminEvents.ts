import type { Transaction } from "objection";
import { AdminEvent, type AdminEventType } from "../models/AdminEvent";

export interface AdminEventPayload {
  title: string;
  body: string;
  /** Route in the app to open when the notice is clicked, e.g. /admin/chapter_host_applications/{slug}. */
  path: string;
  [key: string]: unknown;
}

/**
 * Records an event for connected admins (new host application, alias rate-limit warning).
 * The row is the source of truth (its id is the event id); the stream that delivers it to admins,
 * across app processes, reads from here.
 */
export async function publishAdminEvent(type: AdminEventType, payload: AdminEventPayload, trx?: Transaction): Promise<AdminEvent> {
  return AdminEvent.query(trx).insert({ type, payload });
}
