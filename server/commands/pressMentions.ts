import { PressMention } from "../models/PressMention";
import { makeSlug } from "../lib/slug";
import type { Viewer } from "../policies/viewer";
import { recordActivity } from "./activity";

export interface PressMentionInput {
  slug?: string;
  title: string;
  url: string;
  notes: string;
  isVisible?: boolean;
  chapterId: number | null;
}

/**
 * Creates a press mention (visible unless said otherwise, its slug made from the title when none is given),
 * or updates `existing`, and records it in the activity feed, in one transaction.
 */
export async function savePressMention(viewer: Viewer, existing: PressMention | undefined, input: PressMentionInput): Promise<PressMention> {
  const fields = { title: input.title, url: input.url, notes: input.notes, chapterId: input.chapterId };
  return PressMention.transaction(async (trx) => {
    const mention = existing
      ? await PressMention.query(trx).patchAndFetchById(existing.id, { ...fields, ...(input.isVisible !== undefined ? { isVisible: input.isVisible } : {}) })
      : await PressMention.query(trx).insertAndFetch({ ...fields, slug: input.slug ?? makeSlug(input.title), isVisible: input.isVisible ?? true });
    await recordActivity(
      {
        type: "press_mention",
        title: `Press mention ${existing ? "updated" : "added"}: ${mention.title}`,
        note: mention.url,
        userId: viewer.id,
        chapterId: mention.chapterId,
        objectId: mention.slug,
      },
      trx,
    );
    return mention;
  });
}

/** Deletes a press mention and records it, in one transaction. */
export async function deletePressMention(viewer: Viewer, mention: PressMention): Promise<void> {
  await PressMention.transaction(async (trx) => {
    await PressMention.query(trx).deleteById(mention.id);
    await recordActivity(
      {
        type: "press_mention",
        title: `Press mention deleted: ${mention.title}`,
        note: mention.url,
        userId: viewer.id,
        chapterId: mention.chapterId,
        objectId: mention.slug,
      },
      trx,
    );
  });
}
