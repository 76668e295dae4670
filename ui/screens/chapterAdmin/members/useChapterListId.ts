import { useEffect, useState } from "react";
import { api } from "../../../api/client";
import type { ChapterListIdResponse } from "../../../../server/contracts/mailingList";

/**
 * The chapter's list id for the selected email service (sendInBlueListId or brontoListId):
 * undefined while loading, null when the chapter has no mailing list.
 */
export function useChapterListId(chapterId: number): { listId: string | null | undefined; error: string | null } {
  const [listId, setListId] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setListId(undefined);
    api
      .get<ChapterListIdResponse>(`/api/mailing_list/list_id/${chapterId}`)
      .then((res) => live && setListId(res.listId))
      .catch((err: Error) => {
        if (!live) return;
        setError(err.message);
        setListId(null);
      });
    return () => {
      live = false;
    };
  }, [chapterId]);
  return { listId, error };
}
