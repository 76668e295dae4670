/**
 * Admin notices: what the admin event stream (GET /api/admin/events, server-sent events) delivers to
 * signed-in admins and field organizers, and what the desktop app and the web site show for it.
 *
 * Wire format of one notice (one admin_events row):
 *   event: notice
 *   id: <admin_events.id>
 *   data: {"id":<admin_events.id>,"type":"host_application_created","title":"...","body":"...","path":"/admin/..."}
 *
 * No Node imports here: the UI, the server and the desktop shell all read this file.
 */
const ADMIN_NOTICE_TYPES = ["host_application_created", "alias_rate_limited", "chapter_dormant"] as const;
type AdminNoticeType = (typeof ADMIN_NOTICE_TYPES)[number];

/** The SSE event name every notice is sent under. */
export const ADMIN_NOTICE_EVENT = "notice";

export interface AdminNotice {
  /** admin_events.id; also the SSE event id, so Last-Event-ID resumes after it. */
  id: number;
  type: AdminNoticeType;
  title: string;
  body: string;
  /** Route inside the app to open when the notice is clicked, e.g. /admin/chapter_host_applications/{slug}. */
  path: string;
}

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_BODY_MAX = 500;

/** Only routes of this app: a notice can never send anyone to another site. */
export function isInAppPath(path: unknown): path is string {
  return (
    typeof path === "string" && path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") && path.length <= 500 && !/[\u0000-\u001f]/.test(path)
  );
}

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * Reads one notice from the stream's `data` (and the SSE `id`, which wins when present).
 * Anything malformed, of an unknown type or pointing outside the app gives null.
 */
export function parseAdminNotice(data: string, sseId?: string | null): AdminNotice | null {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const id = sseId != null && sseId !== "" ? Number(sseId) : Number(r.id);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (!ADMIN_NOTICE_TYPES.includes(r.type as AdminNoticeType)) return null;
  if (typeof r.title !== "string" || !r.title.trim() || typeof r.body !== "string") return null;
  if (!isInAppPath(r.path)) return null;
  return { id, type: r.type as AdminNoticeType, title: clip(r.title.trim(), NOTICE_TITLE_MAX), body: clip(r.body.trim(), NOTICE_BODY_MAX), path: r.path };
}
