import { expect, test } from "./fixtures";
import { signInAs, unique } from "./support";
import { MembersPage } from "./pages/MembersPage";
import { EmailAdminPage } from "./pages/EmailAdminPage";

const NYC = "/chapter/ny/nyc";

test.describe("Member export", () => {
  test("a host clicks Export CSV on Members and the downloaded file holds the chapter's members", async ({ page }) => {
    const tag = unique();
    const added = [`export-${tag}-a@example.org`, `export-${tag}-b@example.org`];
    await signInAs(page, "host");
    const members = new MembersPage(page, NYC);
    await members.open();
    await members.openAdd();
    await members.addMembers(added.join("\n"));
    await expect(members.addOutcome()).toContainText("2 members added.");
    await members.backToList();

    const { fileName, text } = await members.exportCsv();
    expect(fileName).toMatch(/^members-nyc-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe('"Email","Name","Status","Joined","How they joined"');
    for (const email of added) expect(lines.find((l) => l.startsWith(`"${email}"`))).toMatch(/^"[^"]+","","active","\d{4}-\d{2}-\d{2}","Added by a host"$/);
    // Every member the screen counts is in the file, once.
    const total = Number((await members.count().innerText()).split(" ")[0]);
    expect(lines.filter((l) => l.startsWith('"') && !l.startsWith('"Email"'))).toHaveLength(total);
  });

  test("an admin exports every chapter's members from Email Administration", async ({ page }) => {
    await signInAs(page, "admin");
    const email = new EmailAdminPage(page);
    await email.open();
    const { fileName, text } = await email.exportAllMembers();
    expect(fileName).toMatch(/^members-network-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.split("\r\n")[0]).toBe('"Chapter","Email","Name","Status","Joined","How they joined"');
  });
});
