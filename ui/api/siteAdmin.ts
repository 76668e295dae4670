import type {
  AdminHostApplication,
  AdminUserDetail,
  AdminUserRow,
  BlogPostAdmin,
  HostApplicationUpdate,
  NewChapterInput,
  NewChapterResult,
  NoteInfo,
  PageAdmin,
  PressMentionAdmin,
  WikiPageAdmin,
} from "../../server/contracts/siteAdmin";
import type { ChapterDetail, ChapterSummary } from "../../server/contracts/chapter";
import type { PermissionInfo } from "../../server/contracts/chapterAdmin";
import type { FrontPageInfo } from "../../server/contracts/content";
import type { EmailSettingsInfo } from "../../server/contracts/mailingList";
import { api } from "./client";

const enc = encodeURIComponent;

/** Activity feed item (spec 000 section 3); chapter, when sent, names the chapter of chapter_note items. */
export interface ActivityItem {
  id: number;
  type: string;
  title: string;
  note: string;
  adminOnly: boolean;
  user: { id?: number; name: string; email: string } | null;
  createdAt: string;
  objectId: string | null;
  chapterId?: number | null;
  chapter?: { id: number; slug: string; state: string } | null;
}

export type EmailServiceName = "bronto" | "sendInBlue";

/** Typed calls of the site admin screens (all through ui/api/client.ts). */
export const siteAdminApi = {
  activityFeed: () => api.get<ActivityItem[]>("/api/activity_feed_item/all"),

  frontPage: () => api.get<FrontPageInfo>("/api/front_page"),
  saveFrontPage: (imageLinkURL: string) => api.post<FrontPageInfo>("/api/front_page", { imageLinkURL }),
  uploadFrontPageImage: (file: File) => {
    const form = new FormData();
    form.append("file", file);
    return api.upload<{ result: string }>("/api/front_page_image", form);
  },
  emailSettings: () => api.get<EmailSettingsInfo>("/api/email_settings"),
  saveEmailSettings: (serviceName: EmailServiceName) => api.post<EmailSettingsInfo>("/api/email_settings", { serviceName }),
  saveListDoubleOptIn: (doubleOptIn: boolean) => api.post<EmailSettingsInfo>("/api/email_settings", { doubleOptIn }),

  applications: () => api.get<AdminHostApplication[]>("/api/chapter_host_application"),
  userApplications: (userId: number) => api.get<AdminHostApplication[]>(`/api/chapter_host_application/user/${userId}`),
  application: (slug: string) => api.get<AdminHostApplication>(`/api/chapter_host_application/slug/${enc(slug)}/admin`),
  updateApplication: (slug: string, update: HostApplicationUpdate) => api.put<AdminHostApplication>(`/api/chapter_host_application/slug/${enc(slug)}`, update),
  applicationNotes: (slug: string) => api.get<NoteInfo[]>(`/api/chapter_host_application/slug/${enc(slug)}/notes`),
  addApplicationNote: (slug: string, note: string) => api.post<NoteInfo>(`/api/chapter_host_application/slug/${enc(slug)}/notes`, { note }),

  chapters: () => api.get<ChapterSummary[]>("/api/chapters"),
  chapterById: (id: number) => api.get<ChapterDetail>(`/api/chapter/id/${id}`),
  addChapter: (input: NewChapterInput) => api.post<NewChapterResult>("/api/chapter/new", input),

  userCount: () => api.get<{ count: number }>("/api/user/count"),
  users: () => api.get<AdminUserRow[]>("/api/user/all"),
  searchUsers: (search: string) => api.post<AdminUserRow[]>("/api/user/search", { search }),
  user: (id: number) => api.get<AdminUserDetail>(`/api/user/user/${id}`),
  userNotes: (userId: number) => api.get<NoteInfo[]>(`/api/user_note/user/${userId}`),
  addUserNote: (aboutUserId: number, note: string) => api.post<NoteInfo>("/api/user_note", { note, aboutUserId }),
  grant: (chapterId: number, userId: number, roleId: 2 | 3) => api.post<PermissionInfo>(`/api/permission/${chapterId}`, { userId, roleId }),

  blogPosts: () => api.get<BlogPostAdmin[]>("/api/blog_post"),
  saveBlogPost: (post: { id?: number; title: string; slug: string; body: string; isPublic: boolean }) => api.post<BlogPostAdmin>("/api/blog_post", post),
  pages: () => api.get<PageAdmin[]>("/api/page"),
  savePage: (page: { id?: number; title: string; slug: string; body: string; isPublic: boolean }) => api.post<PageAdmin>("/api/page", page),
  wikiPages: () => api.get<WikiPageAdmin[]>("/api/wiki_page"),
  saveWikiPage: (page: { id?: number; title: string; slug: string; body: string; isPublic: boolean; isEditable: boolean }) => api.post<WikiPageAdmin>("/api/wiki_page", page),

  pressMentions: () => api.get<PressMentionAdmin[]>("/api/press_mention/all"),
  savePressMention: (m: { slug?: string; title: string; url: string; notes: string; isVisible: boolean; chapterId: number }) => api.post<unknown>("/api/press_mention/", m),
  deletePressMention: (slug: string) => api.delete<unknown>(`/api/press_mention/slug/${enc(slug)}`),
};
