import type Router from "@koa/router";
import { saveUploadedImage } from "../lib/images";
import { parse } from "../lib/validate";
import { frontPageBodySchema } from "../contracts/adminRequests";
import { requireAdmin } from "../policies/authorize";
import { updateFrontPage } from "../commands/siteContent";
import { FRONT_PAGE_IMAGE_NAME } from "../contracts/siteAdmin";
import type { Services } from "../services";
import { presentFrontPage } from "../presenters/content";

/**
 * Front page settings (spec 000: the optional call-out image that links to a configured URL).
 * GET is public; writes are for admins.
 */
export function frontPageRoutes(router: Router, _s: Services) {
  router.post("/front_page", async (ctx) => {
    const viewer = requireAdmin(ctx);
    const { imageLinkURL } = parse(frontPageBodySchema, ctx.request.body);
    const fp = await updateFrontPage(viewer, { imageLinkUrl: imageLinkURL }, { title: "Front page image link changed", note: imageLinkURL });
    ctx.body = presentFrontPage(fp);
  });

  /** Multipart image upload; stored as front_page.jpg. Answers {result: "success"}. */
  router.post("/front_page_image", async (ctx) => {
    const viewer = requireAdmin(ctx);
    await saveUploadedImage(ctx, FRONT_PAGE_IMAGE_NAME);
    await updateFrontPage(viewer, { hasImage: true }, { title: "Front page image uploaded" });
    ctx.body = { result: "success" };
  });
}
