import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { PostedForm, PostedFormName } from "../../server/contracts/ssr";

/** Where the server puts the answer of a form posted without JavaScript, for the page it renders (ui/entry-server.tsx). */
export const postedFormKey = (form: PostedFormName) => ["postedForm", form] as const;

/**
 * What this form answered when it was posted without JavaScript (server/web/accountForms.ts,
 * startChapterForm.ts), as the server rendered the page with it: read once, when the screen first renders (and when
 * the browser hydrates that page, so both render the same), then dropped from the cache.
 */
export function usePostedForm(form: PostedFormName): PostedForm | null {
  const queryClient = useQueryClient();
  const [posted] = useState(() => queryClient.getQueryData<PostedForm>(postedFormKey(form)) ?? null);
  useEffect(() => queryClient.removeQueries({ queryKey: postedFormKey(form) }), [queryClient, form]);
  return posted;
}

/** The refusal a posted form came back with (none once it is done). */
export const postedRefusal = (posted: PostedForm | null): string | null => (posted && !posted.done ? (posted.message ?? null) : null);
