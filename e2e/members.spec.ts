import { expect, test } from "./fixtures";
import { signInAs, unique } from "./support";
import { MembersPage } from "./pages/MembersPage";

const CHAPTER_PATH = "/chapter/il/chicago";

test.describe("Members screen paging", () => {
  test("a long list is shown 50 at a time, newest first, and can be searched by email and filtered", async ({ page }) => {
    const tag = unique();
    const address = (n: number) => `page-${tag}-${String(n).padStart(2, "0")}@example.org`;
    await signInAs(page, "admin");
    const members = new MembersPage(page, CHAPTER_PATH);
    await members.open();
    // The demo's Chicago list has members (and some who left) already.
    const before = Number((await members.count().innerText()).split(" ")[0]);
    await members.openAdd();
    await members.addMembers(Array.from({ length: 60 }, (_, i) => address(i + 1)).join("\n"));
    await expect(page.getByTestId("add-members-outcome")).toContainText("60 members added.");
    await members.backToList();

    // The whole list counts every member; a page holds 50, the newest first.
    const total = before + 60;
    await expect(members.count()).toHaveText(`${total} Members`);
    await expect(members.rows()).toHaveCount(50);
    await expect(members.pager()).toContainText(`Showing 1–50 of ${total}`);
    await expect(members.rows().first()).toHaveAttribute("data-email", address(60));
    await expect(members.pager().getByRole("button", { name: "Previous" })).toBeDisabled();

    // Search narrows the list on the server; paging follows the matches.
    await members.search(`page-${tag}`);
    await expect(members.pager()).toContainText("Showing 1–50 of 60 (page 1 of 2)");
    await expect(members.row(address(11))).toBeVisible();
    await expect(members.row(address(10))).toHaveCount(0);
    await members.nextPage();
    await expect(members.pager()).toContainText("Showing 51–60 of 60 (page 2 of 2)");
    await expect(members.rows()).toHaveCount(10);
    await expect(members.rows().last()).toHaveAttribute("data-email", address(1));
    await expect(members.pager().getByRole("button", { name: "Next" })).toBeDisabled();
    await members.previousPage();
    await expect(members.rows().first()).toHaveAttribute("data-email", address(60));

    await members.search(address(7));
    await expect(members.rows()).toHaveCount(1);
    await expect(members.pager()).toHaveCount(0);

    // Bounced: none of the new members is blocked.
    await page.getByRole("button", { name: /Bounced$/ }).click();
    await expect(page.getByText("No members to show.")).toBeVisible();
    // The heading still counts the whole list.
    await expect(members.count()).toHaveText(`${total} Members`);
  });
});
