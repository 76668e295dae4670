import type { Locator, Page } from "@playwright/test";
import type { ActivityFeedItemInfo } from "../../server/contracts/chapterAdmin";

/**
 * Recent Activity, as the site admin Dashboard (/admin, the network's) and a chapter's admin Dashboard show it: one
 * list, each item with its title, note and a line naming (on the network's) its chapter, its author and its date.
 */
export class RecentActivity {
  readonly root: Locator;

  constructor(private readonly page: Page) {
    this.root = page.getByTestId("activity-feed");
  }

  /** Answers the network's feed (`network`) or a chapter's with these items, as the server would (one page). */
  async answerWith(items: ActivityFeedItemInfo[], feed: "network" | "chapter") {
    const path = feed === "network" ? /^\/api\/activity_feed_item\/all$/ : /^\/api\/activity_feed_item\/chapter\/\d+$/;
    await this.page.route(
      (url) => path.test(url.pathname),
      (route) => route.fulfill({ json: items, headers: { "X-Total-Count": String(items.length) } }),
    );
  }

  item(title: string): Locator {
    return this.root.getByRole("listitem").filter({ hasText: title });
  }

  /** The line under an item: its chapter (on the network's feed), who and when. */
  meta(title: string): Locator {
    return this.item(title).getByTestId("activity-meta");
  }
}
