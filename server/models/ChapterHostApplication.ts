import type { RelationMappings } from "objection";
import { BaseModel } from "./BaseModel";
import { User } from "./User";

export const APPLICATION_STATUSES = ["open", "approved", "approved_without_creation", "denied"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export class ChapterHostApplication extends BaseModel {
  static override tableName = "chapter_host_applications";
  static override booleanColumns = ["isArchived", "didHavePhoneCall", "didSignAgreement", "didGiveAdditionalInfo"];
  userId!: number;
  slug!: string;
  city!: string;
  state!: string;
  type!: string;
  reason!: string;
  status!: ApplicationStatus;
  isArchived!: boolean;
  didHavePhoneCall!: boolean;
  didSignAgreement!: boolean;
  didGiveAdditionalInfo!: boolean;
  chapterId!: number | null;
  user?: User;

  static override relationMappings = (): RelationMappings => ({
    user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: "chapter_host_applications.userId", to: "users.id" } },
  });
}
