import { queryOptions } from "@tanstack/react-query";
import type { ChapterFirstSteps } from "../../server/contracts/firstSteps";
import { chapterKeys } from "./chapters";
import { get } from "./queryClient";

/**
 * A new host's first steps on the chapter dashboard (issue 29). Under the chapter's keys, so chapter writes (about
 * text, header image, events, settings, roles) invalidate it; asked again on every visit, as a list email (which
 * changes no chapter query) is one of the steps.
 */
export const firstStepsQueries = {
  chapter: (chapterId: number) =>
    queryOptions({
      queryKey: [...chapterKeys.all, "firstSteps", chapterId] as const,
      queryFn: get<ChapterFirstSteps>(`/api/chapter/first_steps/${chapterId}`),
      staleTime: 0,
    }),
};
