import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect, test, type APIRequestContext } from "./fixtures";
import { E2E_ACCOUNTS, outboxDir, signInAs, unique } from "./support";
import { MembersPage } from "./pages/MembersPage";
import { SendEmailPage } from "./pages/SendEmailPage";
import { ChapterPage } from "./pages/ChapterPage";
import { GeneralSettingsPage } from "./pages/siteAdmin/GeneralSettingsPage";

const CHAPTER_PATH = "/chapter/ny/nyc";

async function nycListId(request: APIRequestContext): Promise<string> {
  const chapter = await (await request.get("/api/chapter/slug/nyc")).json();
  const ids = await (await request.get(`/api/mailing_list/list_id/${chapter.id}`)).json();
  return ids.listId;
}

/** An outbox message read by an independent MIME parser (mailparser), with its raw text (headers unfolded). */
interface OutboxMail {
  parsed: ParsedMail;
  raw: string;
}

/** Finds the outbox message (an .eml file) to this address with this subject (or with this text in its body). */
async function findOutboxMail(to: string, subject: string, { inBody = false } = {}): Promise<OutboxMail | null> {
  if (!fs.existsSync(outboxDir())) return null;
  for (const file of fs.readdirSync(outboxDir())) {
    const bytes = fs.readFileSync(path.join(outboxDir(), file));
    const parsed = await simpleParser(bytes);
    const toText = parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "";
    if (toText === to && (inBody ? (parsed.text ?? "").includes(subject) : parsed.subject === subject)) {
      return { parsed, raw: bytes.toString("latin1").replace(/\r\n[ \t]+/g, " ") };
    }
  }
  return null;
}

test.describe("mailing lists", () => {
  test("a visitor signs up with the chapter page's widget (success and a server error), and the host sees the new member", async ({ page, request }) => {
    const email = `visitor-${unique()}@example.org`;
    const chapter = new ChapterPage(page);
    await chapter.open("ny", "nyc");
    // The address passes the widget's own check but not the server's: the server's message is shown.
    await chapter.signup.signUp("someone@example.c");
    await expect(chapter.signup.error("Email is not a valid email address")).toBeVisible();
    await chapter.signup.tryAgain().click();
    await chapter.signup.signUp(email);
    await expect(chapter.signup.success()).toBeVisible();

    // The same contract, straight from the API.
    const listId = await nycListId(request);
    const bad = await request.post("/api/mailing_list/sign_up", { data: { email: "not-an-address", listId } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).return.results[0]).toEqual({ isError: true, errorString: "Email is not a valid email address" });

    await signInAs(page, "host");
    const members = new MembersPage(page, CHAPTER_PATH);
    await members.open();
    await expect(members.row(email)).toBeVisible();
    await expect(members.row(email)).toHaveAttribute("data-deleted", "false");
  });

  test("a host adds members, invalid addresses are reported, and deletes one (dimmed)", async ({ page }) => {
    const tag = unique();
    const a = `a-${tag}@example.org`;
    const b = `b-${tag}@example.org`;
    await signInAs(page, "host");
    const members = new MembersPage(page, CHAPTER_PATH);
    await members.open();
    const before = Number((await members.count().innerText()).split(" ")[0]);
    await members.openAdd();
    await expect(page.getByText("Enter a list of email addresses separated by a comma, a space or a new line.")).toBeVisible();
    await members.addMembers(`${a}, not-valid\n${b}`);
    await expect(page.getByText("Saved")).toBeVisible();
    await expect(page.getByTestId("add-members-outcome")).toContainText("2 members added.");
    await expect(page.getByTestId("add-members-outcome")).toContainText("not-valid");
    await expect(page.getByLabel("New Email Addresses (Required)")).toHaveValue("not-valid");

    await members.backToList();
    await expect(members.count()).toHaveText(`${before + 2} Members`);
    await expect(members.row(a)).toBeVisible();
    await page.getByRole("button", { name: `Details for ${b}` }).click();
    await expect(members.row(b).getByTestId("member-details")).toContainText("Sends: 0");

    expect(await members.delete(a)).toBe(`Are you sure you want to delete ${a}? This cannot be undone.`);
    await expect(members.row(a)).toHaveAttribute("data-deleted", "true");
    // Greyed on a muted row and struck through, yet readable (no faded text: axe checks its contrast).
    await expect(members.row(a).getByText(a, { exact: true })).toHaveCSS("text-decoration-line", "line-through");
    await expect(members.row(a)).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await expect(members.count()).toHaveText(`${before + 1} Members`);
  });

  test('a host pastes "Name <email>" and "email, name": added, already members, and what is not valid left in the box', async ({ page }) => {
    const tag = unique();
    const member = `member-${tag}@example.org`;
    const second = `second-${tag}@example.org`;
    await signInAs(page, "host");
    const members = new MembersPage(page, CHAPTER_PATH);
    await members.open();
    await members.openAdd();
    await members.addMembers(`A Member <${member}>`);
    await expect(members.addOutcome()).toContainText("1 member added.");
    await expect(members.addBox()).toHaveValue("");

    await members.addMembers(`A Member <${member}>\n${second}, Second Member; Jane <jane@@example>`);
    await expect(members.addOutcome()).toContainText("1 member added.");
    await expect(members.addOutcome()).toContainText(`1 was already a member: ${member}`);
    await expect(members.addOutcome()).toContainText("Jane <jane@@example>");
    await expect(members.addBox()).toHaveValue("Jane <jane@@example>");

    await members.backToList();
    await expect(members.row(member)).toBeVisible();
    await expect(members.row(second)).toBeVisible();
  });

  test("a host sends an email: confirmation, button disabled, toast, back to the chapter page, mail in the outbox in two parts", async ({ page, request }) => {
    const listId = await nycListId(request);
    const recipient = `reader-${unique()}@example.org`;
    expect((await request.post("/api/mailing_list/sign_up", { data: { email: recipient, listId } })).status()).toBe(200);
    const title = `Trivia night ${unique()}`;

    await signInAs(page, "host");
    const send = new SendEmailPage(page, CHAPTER_PATH);
    await send.open();
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    // Typed as a host types: the editor continues the list after "a friend"; Enter on the empty item ends it, so
    // the sign-off lines stay lines (issue 29).
    await send.typeBody("Join us **Tuesday** at [Rudy's](https://rudys.example/bar).\n\nBring:\n\n- a friend\nquestions\n\nSee you there,\nHal");
    await expect(send.body()).toHaveValue(
      "Join us **Tuesday** at [Rudy's](https://rudys.example/bar).\n\nBring:\n\n- a friend\n- questions\n\nSee you there,\nHal",
    );

    // The preview shows both parts as members get them, and who it is from.
    const preview = await send.preview();
    await expect(preview).toContainText(/via New York City <[^>]+>/);
    await expect(preview.locator("iframe").contentFrame().locator("strong")).toHaveText("Tuesday");
    await preview.getByRole("tab", { name: "Plain Text" }).click();
    await expect(preview.getByTestId("email-preview-text")).toContainText("Join us Tuesday at Rudy's (https://rudys.example/bar).");
    await expect(preview.getByTestId("email-preview-text")).toContainText("• a friend\n• questions\n\nSee you there,\nHal");

    // Declining changes nothing.
    expect(await send.send(false)).toBe("Are you sure you want to send this e-mail to everyone in this chapter? This cannot be undone.");
    await expect(send.sendButton()).toBeEnabled();

    await send.send(true);
    await expect(page.getByText("Email sent successfully to all chapter members!")).toBeVisible();
    await expect(send.sendButton()).toBeDisabled();
    await expect(page.getByTestId("list-message").first()).toContainText(title);
    await expect(page).toHaveURL(new RegExp(`${CHAPTER_PATH}$`), { timeout: 5000 });
    // The email is a post on the chapter page.
    await expect(page.getByTestId("chapter-emails")).toContainText(title);

    // The background worker delivers it through the built-in provider: the outbox, read with mailparser.
    await expect.poll(async () => (await findOutboxMail(recipient, title)) !== null, { timeout: 15_000 }).toBe(true);
    const { parsed, raw } = (await findOutboxMail(recipient, title))!;
    expect(parsed.headers.get("content-type")).toMatchObject({ value: "multipart/alternative" });
    expect(parsed.messageId).toMatch(/^<list-message-\d+-contact-\d+@/);
    expect(raw).toMatch(/^List-Unsubscribe: <http:\/\/localhost:\d+\/api\/mailing_list\/unsubscribe\/[\w-]+>\r$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(raw).toMatch(/^List-Id: <nyc\.drinkingliberally\.org>\r$/im);
    const from = parsed.from!.value[0];
    expect(from.name).toMatch(/ via New York City$/);
    expect(parsed.replyTo!.value[0].address).toMatch(/@drinkingliberally\.org$/);
    // HTML from the markdown; plain text from the same markdown, without its marks.
    expect(parsed.html).toContain("<strong>Tuesday</strong>");
    expect(parsed.html).toContain('href="https://rudys.example/bar"');
    expect(parsed.text).toContain("Join us Tuesday at Rudy's (https://rudys.example/bar).");
    expect(parsed.text).toContain("• a friend\n• questions\n\nSee you there,\nHal");
    expect(parsed.text).not.toMatch(/\*\*|\]\(|^- /m);
    const pageLink = /Unsubscribe: (http:\/\/\S+\/unsubscribe\/[\w-]+)/.exec(parsed.text ?? "")![1];

    // The email is now a chapter post.
    const chapter = await (await request.get("/api/chapter/slug/nyc")).json();
    const posts = await (await request.get(`/api/chapter_blog_post/public/${chapter.id}/0`)).json();
    expect(posts[0].title).toBe(title);

    // The unsubscribe link works without signing in.
    await page.context().clearCookies();
    await page.goto(new URL(pageLink).pathname);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText(`${recipient} is unsubscribed from the New York City mailing list.`)).toBeVisible();
  });

  test("the send form asks for a title and reports refusals with the spec's toast", async ({ page }) => {
    await signInAs(page, "host");
    const send = new SendEmailPage(page, CHAPTER_PATH);
    await send.open();
    await send.sendButton().click();
    await expect(page.getByText("Title is Required")).toBeVisible();
    // The host loses access while writing: the server refuses with 403.
    await page.route("**/api/mailing_list/send_message", (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ error: "You do not have permission to do that.", errorId: "forbidden" }),
      }),
    );
    await send.write("Refused", "x");
    await send.send(true);
    await expect(page.getByText("Email Send Failed")).toBeVisible();
    await expect(page.getByText("You do not have permission to send emails to this chapter.")).toBeVisible();
    await expect(send.sendButton()).toBeEnabled();
  });

  test("double opt-in: with the General Settings switch on, a signup joins once its emailed link is confirmed", async ({ page, request }) => {
    await signInAs(page, "admin");
    const settings = new GeneralSettingsPage(page);
    await settings.open();
    await expect(settings.doubleOptIn()).not.toBeChecked();
    await settings.setDoubleOptIn(true);
    try {
      await page.reload();
      await expect(settings.doubleOptIn()).toBeChecked();

      const email = `optin-${unique()}@example.org`;
      await page.context().clearCookies();
      const chapter = new ChapterPage(page);
      await chapter.open("ny", "nyc");
      await chapter.signup.signUp(email);
      await expect(chapter.signup.success()).toBeVisible();
      await expect(page.getByText("If this address is not on the list yet, check your email for a link to confirm.")).toBeVisible();

      await expect.poll(async () => (await findOutboxMail(email, "/confirm_subscription/", { inBody: true })) !== null, { timeout: 10_000 }).toBe(true);
      const mail = (await findOutboxMail(email, "/confirm_subscription/", { inBody: true }))!;
      const link = /(http:\/\/\S+\/confirm_subscription\/[\w-]+)/.exec(mail.parsed.text ?? "")![1];
      await page.goto(new URL(link).pathname);
      await expect(page.getByText(`Join the New York City mailing list with ${email}?`)).toBeVisible();
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect(page.getByText(`${email} is now on the New York City mailing list.`)).toBeVisible();

      await signInAs(page, "host");
      const members = new MembersPage(page, CHAPTER_PATH);
      await members.open();
      await expect(members.row(email)).toContainText("active");
    } finally {
      const signin = await request.post("/api/auth/signin", {
        data: { username: E2E_ACCOUNTS.admin.email, password: E2E_ACCOUNTS.admin.password },
        headers: { "x-session-transport": "bearer" },
      });
      const { token } = await signin.json();
      const off = await request.post("/api/email_settings", { data: { doubleOptIn: false }, headers: { authorization: `Bearer ${token}` } });
      expect((await off.json()).doubleOptIn).toBe(false);
    }
  });

  test("a plain user is refused by the API", async ({ request }) => {
    const listId = await nycListId(request);
    const signin = await request.post("/api/auth/signin", {
      data: { username: E2E_ACCOUNTS.user.email, password: E2E_ACCOUNTS.user.password },
      headers: { "x-session-transport": "bearer" },
    });
    const { token } = await signin.json();
    expect(token).toBeTruthy();
    const auth = { authorization: `Bearer ${token}` };
    const sendRes = await request.post("/api/mailing_list/send_message", { data: { title: "Spam", body: "x", listId }, headers: auth });
    expect(sendRes.status()).toBe(403);
    expect((await sendRes.json()).errorId).toBe("forbidden");
    expect((await request.get(`/api/mailing_list/chapter_list_id/${listId}`, { headers: auth })).status()).toBe(403);
    expect((await request.post("/api/mailing_list/sign_up_many", { data: { emails: "x@example.org", listId }, headers: auth })).status()).toBe(403);
    expect((await request.get(`/api/mailing_list/chapter_list_id/${listId}`)).status()).toBe(401);
  });
});
