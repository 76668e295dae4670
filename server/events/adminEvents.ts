import type { Transaction } from "objection";
import { AdminEvent, type AdminEventType } from "../models/AdminEvent";
import { isPostgres } from "../db";
import { ADMIN_EVENTS_CHANNEL, wakeLocalSubscribers } from "./adminEventHub";

export interface AdminEventPayload {
  title: string;
  body: string;
  /** Route in the app to open when the notice is clicked, e.g. /admin/chapter_host_applications/{slug}. */
  path: string;
  [key: string]: unknown;
}

/**
 * Records an event for connected admins and field organizers (new host application, alias rate-limit
 * warning) and wakes the streams of GET /api/admin/events.
 * The row is the source of truth (its id is the event id). On Postgres it also sends
 * `NOTIFY admin_events, '<id>'`, which every app process hears on its LISTEN connection; inside a
 * transaction the notification goes out when the transaction commits. On SQLite (one process) an
 * in-process emitter wakes the streams, after the commit when a transaction is given.
 */
export async function publishAdminEvent(type: AdminEventType, payload: AdminEventPayload, trx?: Transaction): Promise<AdminEvent> {
  const event = await AdminEvent.query(trx).insert({ type, payload });
  const knex = trx ?? AdminEvent.knex();
  if (isPostgres(knex)) {
    await knex.raw("select pg_notify(?, ?)", [ADMIN_EVENTS_CHANNEL, String(event.id)]);
  } else if (trx) {
    trx.executionPromise.then(wakeLocalSubscribers, () => {});
  } else {
    wakeLocalSubscribers();
  }
  return event;
}
