import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";
import { buildUser } from "../test/factories";
import { createOrPromoteAdmin } from "./createAdmin";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe("createOrPromoteAdmin", () => {
  it("creates an admin who can sign in", async () => {
    const { created } = await createOrPromoteAdmin({ email: "Boss@Example.org", name: "Boss", password: "s3cret!" });
    expect(created).toBe(true);
    const res = await t.request("POST", "/api/auth/signin", { body: { username: "boss@example.org", password: "s3cret!" } });
    expect(res.body.user).toMatchObject({ isAdmin: true, name: "Boss" });
  });

  it("promotes an existing account once", async () => {
    const user = await buildUser();
    await createOrPromoteAdmin({ email: user.email });
    const { created } = await createOrPromoteAdmin({ email: user.email });
    expect(created).toBe(false);
    const me = await t.request("GET", "/api/auth/user", { as: user });
    expect(me.body.user.isAdmin).toBe(true);
    expect(me.body.user.permissions.filter((p: { roleId: number }) => p.roleId === 1)).toHaveLength(1);
  });

  it("refuses short passwords and missing names", async () => {
    await expect(createOrPromoteAdmin({ email: "x@example.org", name: "X", password: "123" })).rejects.toThrow("at least 6");
    await expect(createOrPromoteAdmin({ email: "y@example.org", password: "123456" })).rejects.toThrow("--name");
  });
});
