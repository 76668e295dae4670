import { expect, test, type APIRequestContext } from "./fixtures";
import { E2E_ACCOUNTS } from "./support";
import { HomePage } from "./pages/HomePage";

/** Ordinary text that String.replace would expand ($' $` $& $$ $1) if it ever met a template as a replacement. */
const TITLE = `Happy hour $' off: Q$&A with $\` and $$ and $1 ${Date.now().toString(36)}`;
const PAGES = ["/", "/press_mentions", "/chapter/ny/nyc"];

async function asHost(request: APIRequestContext) {
  const signin = await request.post("/api/auth/signin", {
    data: { username: E2E_ACCOUNTS.host.email, password: E2E_ACCOUNTS.host.password },
    headers: { "x-session-transport": "bearer" },
  });
  return { authorization: `Bearer ${(await signin.json()).token}` };
}

/** A host posts a visible press mention whose title holds $ patterns; every public page that lists it still works. */
test.describe("text with $ patterns on the public pages", () => {
  let slug = "";

  test.beforeAll(async ({ request }) => {
    const auth = await asHost(request);
    const chapter = await (await request.get(`/api/chapter/slug/${E2E_ACCOUNTS.host.chapterSlug}`)).json();
    const res = await request.post("/api/press_mention", {
      data: { chapterId: chapter.id, title: TITLE, url: "https://news.example/story", notes: "", isVisible: true },
      headers: auth,
    });
    expect(res.status()).toBeLessThan(300);
    slug = (await res.json()).slug;
  });

  test.afterAll(async ({ request }) => {
    if (slug) await request.delete(`/api/press_mention/slug/${slug}`, { headers: await asHost(request) });
  });

  test("with JavaScript on, the app starts on each page and shows the title as typed", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByText(TITLE, { exact: true }).first()).toBeVisible();
    }
    const home = new HomePage(page);
    await home.open();
    await home.map.waitReady();
    await expect(page.getByText("Map loading...")).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("each page reads with the title as typed", async ({ page }) => {
      for (const path of PAGES) {
        const res = await page.goto(path);
        expect(res?.status()).toBe(200);
        await expect(page.getByText(TITLE, { exact: true }).first()).toBeVisible();
        expect(await page.locator("#root").count()).toBe(1);
      }
    });
  });
});
