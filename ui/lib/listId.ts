import type { ChapterDetail } from "../../server/contracts/chapter";
import type { SiteConfig } from "../../server/contracts/content";

/** The list the signup widget joins: sendInBlueListId or brontoListId, by the site's email service. */
export const listIdFor = (chapter: Pick<ChapterDetail, "sendInBlueListId" | "brontoListId">, config: SiteConfig | null) =>
  (config?.emailServiceName === "bronto" ? chapter.brontoListId : chapter.sendInBlueListId) ?? "";
