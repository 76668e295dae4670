import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { ChapterBlogPost } from "./ChapterBlogPost";
import { ChapterEvent } from "./ChapterEvent";
import { ChapterLink } from "./ChapterLink";
import { ChapterType } from "./ChapterType";
import { Permission } from "./Permission";

export { CHAPTER_ACTIVE } from "../contracts/chapter";
export const CHAPTER_HIDDEN = 0;

export class Chapter extends BaseModel {
  static override tableName = "chapters";
  slug!: string;
  title!: string;
  city!: string;
  state!: string;
  postalCode!: string;
  country!: string;
  chapterTypeId!: number;
  status!: number;
  emailAlias!: string;
  brontoListName!: string;
  brontoListId!: string;
  sendInBlueListId!: string;
  about!: string;
  timeZone!: string;
  chapterType?: ChapterType;
  chapterEvents?: ChapterEvent[];
  chapterLinks?: ChapterLink[];
  chapterBlogPosts?: ChapterBlogPost[];
  permissions?: Permission[];

  static override relationMappings = (): RelationMappings => ({
    chapterType: { relation: BaseModel.BelongsToOneRelation, modelClass: ChapterType, join: { from: "chapters.chapterTypeId", to: "chapter_types.id" } },
    chapterEvents: { relation: BaseModel.HasManyRelation, modelClass: ChapterEvent, join: { from: "chapters.id", to: "chapter_events.chapterId" } },
    chapterLinks: { relation: BaseModel.HasManyRelation, modelClass: ChapterLink, join: { from: "chapters.id", to: "chapter_links.chapterId" } },
    chapterBlogPosts: { relation: BaseModel.HasManyRelation, modelClass: ChapterBlogPost, join: { from: "chapters.id", to: "chapter_blog_posts.chapterId" } },
    permissions: { relation: BaseModel.HasManyRelation, modelClass: Permission, join: { from: "chapters.id", to: "permissions.chapterId" } },
  });
}
