/**
 * GET /api/admin/events (server-sent events) sends each notice as:
 *
 *   event: notice
 *   id: <admin_events.id>
 *   data: {"id":12,"type":"host_application_created","title":"...","body":"...","path":"/admin/..."}
 *
 * Comment lines (": keep-alive") keep the connection open. Reconnect with the Last-Event-ID header
 * (or ?lastEventId=) to receive the events missed since.
 */
export type AdminNoticeType = "host_application_created" | "alias_rate_limited";

export interface AdminNotice {
  id: number;
  type: AdminNoticeType;
  title: string;
  body: string;
  /** Route inside the app to open when the notice is clicked. */
  path: string;
}
