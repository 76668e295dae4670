import type { IndexPageFor } from "../lib/staticUi";
import { headTags, withHead } from "./head";
import { pageHead } from "./pageHeads";

/**
 * index.html with the head of the public page at the path (title, description, previews, JSON-LD) and its
 * status (404 for a chapter or page that does not exist). A failure to read the head serves the generic page.
 */
export function indexPageFor(publicUrl: string, log: (msg: string, err?: unknown) => void): IndexPageFor {
  return async (path, indexHtml) => {
    try {
      const head = await pageHead(path, publicUrl);
      if (!head) return null;
      return { html: withHead(indexHtml, headTags(head, publicUrl)), status: head.status ?? 200 };
    } catch (err) {
      log(`page head of ${path} could not be read`, err);
      return null;
    }
  };
}
