import crypto from "node:crypto";
import { BlogPost, ChapterBlogPost, ChapterHostApplication, Page, PressMention, WikiPage, type Chapter, type User } from "../models";
import { buildUser } from "./factories";

const suffix = () => crypto.randomBytes(3).toString("hex");

export async function buildApplication(overrides: Partial<ChapterHostApplication> & { user?: User } = {}): Promise<ChapterHostApplication> {
  const { user, ...rest } = overrides;
  const applicant = user ?? (await buildUser({ name: "Casey Applicant" }));
  const application = await ChapterHostApplication.query().insertAndFetch({
    userId: applicant.id,
    slug: `bozeman_${suffix()}`,
    city: "Bozeman",
    state: "mt",
    type: "dining",
    reason: "Montana needs more progressive dinners.",
    status: "open",
    isArchived: false,
    didHavePhoneCall: false,
    didSignAgreement: false,
    didGiveAdditionalInfo: false,
    chapterId: null,
    ...rest,
  });
  application.user = applicant;
  return application;
}

export const buildBlogPost = (o: Partial<BlogPost> = {}) =>
  BlogPost.query().insertAndFetch({ userId: null, title: "News", slug: `news_${suffix()}`, body: "Hello", isPublic: true, ...o });
export const buildPage = (o: Partial<Page> = {}) =>
  Page.query().insertAndFetch({ title: "About", slug: `about_${suffix()}`, body: "About us", isPublic: true, ...o });
export const buildWikiPage = (o: Partial<WikiPage> = {}) =>
  WikiPage.query().insertAndFetch({ title: "Host guide", slug: `guide_${suffix()}`, body: "Step one", isPublic: true, isEditable: true, ...o });
export const buildPressMention = (o: Partial<PressMention> = {}) =>
  PressMention.query().insertAndFetch({
    chapterId: null,
    title: "In the news",
    url: "https://news.example/a",
    notes: "",
    slug: `press_${suffix()}`,
    isVisible: true,
    ...o,
  });
export const buildChapterPost = (chapter: Chapter, createdAt: string) =>
  ChapterBlogPost.query().insertAndFetch({ chapterId: chapter.id, userId: null, title: "Email", slug: `post_${suffix()}`, body: "", createdAt });
