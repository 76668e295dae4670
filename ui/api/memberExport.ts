import { api } from "./client";

/** A chapter's members as CSV (hosts, field organizers and admins of the chapter). */
export const chapterMemberExportPath = (chapterId: number) => `/api/mailing_list/chapter/${chapterId}/export.csv`;

/** Every chapter's members, with the chapter (admins). */
export const NETWORK_MEMBER_EXPORT_PATH = "/api/mailing_list/export.csv";

/** The CSV as text, for the desktop app, whose links carry no session (it signs requests with its token). */
export const fetchMemberExport = (path: string) => api.get<string>(path);
