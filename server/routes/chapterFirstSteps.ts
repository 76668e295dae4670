import type Router from "@koa/router";
import { Chapter, CHAPTER_ACTIVE } from "../models/Chapter";
import { ChapterBlogPost } from "../models/ChapterBlogPost";
import { ChapterEvent } from "../models/ChapterEvent";
import { EmailSettings } from "../models/EmailSettings";
import { fieldOrganizersOf, networkContact } from "../lib/networkContact";
import { UploadedImage } from "../models/UploadedImage";
import { chapterHeaderImageName } from "../lib/images";
import { findChapter } from "../lib/load";
import { intParam } from "../lib/validate";
import { authorize, requireViewer } from "../policies/authorize";
import { chapterPolicy } from "../policies/chapter";
import { presentFirstSteps, type FirstStepFacts } from "../presenters/firstSteps";
import type { Services } from "../services";

/**
 * What the first steps are made of, read now: the about text, any event, the header image, any list email (every
 * list email is kept as a chapter post, as the health rule counts them), the field organizers and the rule's state.
 */
async function loadFirstStepFacts(s: Services, chapter: Chapter): Promise<FirstStepFacts> {
  const [event, image, post, organizers, health, settings, network] = await Promise.all([
    ChapterEvent.query().where({ chapterId: chapter.id }).select("id").first(),
    UploadedImage.query()
      .findOne({ name: chapterHeaderImageName(chapter.id) })
      .select("id"),
    ChapterBlogPost.query().where({ chapterId: chapter.id }).select("id").first(),
    fieldOrganizersOf([chapter.id]),
    s.knex("chapterHealth").where({ chapterId: chapter.id }).first("dormantSince") as Promise<{ dormantSince: unknown } | undefined>,
    EmailSettings.query().findById(1),
    networkContact(s),
  ]);
  const hidden = chapter.status !== CHAPTER_ACTIVE;
  return {
    hidden,
    dormant: hidden && Boolean(health?.dormantSince),
    done: { about: chapter.about.trim() !== "", event: Boolean(event), headerImage: Boolean(image), listEmail: Boolean(post) },
    fieldOrganizers: organizers.map(({ name, email }) => ({ name, email })),
    network,
    postalAddress: settings?.postalAddress ?? "",
  };
}

/**
 * GET /api/chapter/first_steps/{id} (issue 29): the chapter dashboard's first steps for a new host, with who
 * switches a hidden chapter on. Host access, like the rest of the chapter admin area: 401 anonymous, 403 others.
 */
export function chapterFirstStepsRoutes(router: Router, s: Services) {
  router.get("/chapter/first_steps/:id", async (ctx) => {
    const viewer = requireViewer(ctx);
    const id = intParam(ctx.params.id);
    const chapter = await findChapter(id);
    authorize(viewer, chapterPolicy.host, chapter);
    const facts = await loadFirstStepFacts(s, chapter);
    ctx.body = presentFirstSteps(facts);
  });
}
