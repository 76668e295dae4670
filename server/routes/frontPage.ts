import type Router from "@koa/router";
import { z } from "zod";
import { FrontPage } from "../models/FrontPage";
import { saveUploadedImage } from "../lib/images";
import { httpUrlSchema, parse } from "../lib/validate";
import { authorize } from "../policies/authorize";
import { sitePolicy } from "../policies/site";
import { recordActivity } from "../commands/activity";
import { FRONT_PAGE_IMAGE_NAME } from "../contracts/siteAdmin";
import type { Services } from "../services";
import { presentFrontPage } from "../presenters/content";

const frontPageSchema = z.object({
  imageLinkURL: z.string({ error: "Image Link URL is Required" }).trim().min(1, "Image Link URL is Required").pipe(httpUrlSchema),
});


async function loadFrontPage(): Promise<FrontPage> {
  const row = await FrontPage.query().findById(1);
  if (row) return row;
  return FrontPage.query().insertAndFetch({ id: 1, imageLinkUrl: "", hasImage: false });
}

const present = presentFrontPage;

/**
 * Front page settings (spec 000: the optional call-out image that links to a configured URL).
 * GET is public; writes are for admins.
 */
export function frontPageRoutes(router: Router, _s: Services) {
  router.post("/front_page", async (ctx) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, sitePolicy.admin, null);
    const { imageLinkURL } = parse(frontPageSchema, ctx.request.body);
    await loadFrontPage();
    const fp = await FrontPage.query().patchAndFetchById(1, { imageLinkUrl: imageLinkURL });
    await recordActivity({ type: "site_content", title: "Front page image link changed", note: imageLinkURL, adminOnly: true, userId: viewer.id });
    ctx.body = present(fp);
  });

  /** Multipart image upload; stored as front_page.jpg. Answers {result: "success"}. */
  router.post("/front_page_image", async (ctx) => {
    const viewer = ctx.state.viewer;
    authorize(viewer, sitePolicy.admin, null);
    await saveUploadedImage(ctx, FRONT_PAGE_IMAGE_NAME);
    await loadFrontPage();
    await FrontPage.query().patch({ hasImage: true }).where({ id: 1 });
    await recordActivity({ type: "site_content", title: "Front page image uploaded", adminOnly: true, userId: viewer.id });
    ctx.body = { result: "success" };
  });
}
