import { expect, test } from "./fixtures";
import { signInAs, unique } from "./support";
import { UsersPage } from "./pages/siteAdmin/UsersPage";

/** Roles from the screen (issue 32, item 7): make someone an admin and back, asking first; the list's role filter. */
test.describe("site admin: admin roles", () => {
  test("make a new user an admin and back; the list shows roles and filters by them", async ({ page, request }) => {
    const name = `Rae Role ${unique()}`;
    const email = `rae.${unique()}@e2e.test`;
    const signup = await request.post("/api/auth/signup", { data: { name, email, password: "rae-pass-1" } });
    expect(signup.status(), await signup.text()).toBe(201);

    await signInAs(page, "admin");
    const users = new UsersPage(page);
    await users.open();
    await users.search(name);
    await expect(users.rows()).toHaveCount(1);
    await expect(users.roles(name)).toHaveText("None");
    await users.row(name).getByRole("link", { name }).click();

    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(users.adminFlag()).toHaveText("No");
    await users.setAdmin(name, true, "cancel");
    await expect(users.adminFlag()).toHaveText("No");
    await users.setAdmin(name, true);
    await expect(users.adminFlag()).toHaveText("Yes");
    await expect(page.getByRole("button", { name: "Remove Admin", exact: true })).toBeVisible();

    await users.open();
    await users.filterByRole("Admins");
    await expect(page).toHaveURL(/\/admin\/users\?role=admin$/);
    await expect(users.row(name)).toHaveCount(1);
    await expect(users.roles(name)).toHaveText("Admin");
    await expect(users.row("Ada Admin")).toHaveCount(1);
    await expect(users.row("Hal Host")).toHaveCount(0);

    await users.filterByRole("Chapter Hosts");
    await expect(users.roles("Hal Host")).toHaveText("Chapter Host (1)");
    await expect(users.row(name)).toHaveCount(0);
    await users.filterByRole("Field Organizers");
    await expect(users.roles("Fay Organizer")).toHaveText("Field Organizer (1)");

    await users.filterByRole("No role");
    await users.search(name);
    await expect(users.rows()).toHaveCount(0);
    await expect(page.getByText("No users found")).toBeVisible();

    await users.filterByRole("Admins");
    await users.row(name).getByRole("link", { name }).click();
    await users.setAdmin(name, false);
    await expect(users.adminFlag()).toHaveText("No");
    await expect(page.getByRole("button", { name: "Make Admin", exact: true })).toBeVisible();

    await users.open();
    await users.filterByRole("No role");
    await users.search(name);
    await expect(users.rows()).toHaveCount(1);
    await expect(users.roles(name)).toHaveText("None");
  });
});
