import { createContext, useContext } from "react";
import type { ChapterDetail } from "../../../server/contracts/chapter";

export interface ChapterAdminState {
  /** The chapter being administered, with the viewer's abilities on it; writes that change it invalidate it. */
  chapter: ChapterDetail;
  /** /chapter/{state}/{slug}/admin, for building links inside the area. */
  basePath: string;
}

export const ChapterAdminContext = createContext<ChapterAdminState | null>(null);

/** The loaded chapter inside /chapter/{state}/{slug}/admin; only usable under ChapterAdminLayout. */
export function useChapterAdmin(): ChapterAdminState {
  const ctx = useContext(ChapterAdminContext);
  if (!ctx) throw new Error("useChapterAdmin must be used inside the chapter admin area");
  return ctx;
}
