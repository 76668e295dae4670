import { ChapterType } from "../models/ChapterType";

/** Applies the configured mail domain of each chapter type (CHAPTER_EMAIL_DOMAINS). */
export async function syncChapterTypeDomains(domains: Record<string, string>): Promise<void> {
  const types = await ChapterType.query();
  for (const type of types) {
    const wanted = domains[type.name];
    if (wanted && wanted !== type.emailDomain) await ChapterType.query().patch({ emailDomain: wanted }).where({ id: type.id });
  }
}
