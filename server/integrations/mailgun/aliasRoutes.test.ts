import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAliasRoutes } from ".";
import { FakeMailgun } from "./fake";
import { LocalAliasRoutes } from "./local";
import { MailgunRoutes } from "./routes";

const alias = { address: "info@drinkingliberally.org", recipients: ["host@example.org"], description: "Chapterhouse alias info@drinkingliberally.org" };

describe("alias routes", () => {
  let mailgun: FakeMailgun;
  beforeAll(async () => {
    mailgun = await new FakeMailgun().start();
  });
  afterAll(() => mailgun.close());

  it("without MAILGUN_API_KEY are the built-in local ones: nothing is created, nothing fails", async () => {
    const routes = createAliasRoutes({ mailgun: { apiKey: null, baseUrl: mailgun.url } });
    expect(routes).toBeInstanceOf(LocalAliasRoutes);
    expect(routes.mode).toBe("local");
    expect(await routes.create(alias)).toBeNull();
    await expect(routes.update("route-1", alias)).resolves.toBeUndefined();
    await expect(routes.remove("route-1")).resolves.toBeUndefined();
    expect(await routes.list(1)).toEqual({ total: 0 });
    expect(mailgun.requests).toHaveLength(0);
  });

  it("with MAILGUN_API_KEY are Mailgun's routes", async () => {
    const routes = createAliasRoutes({ mailgun: { apiKey: mailgun.apiKey, baseUrl: mailgun.url } });
    expect(routes).toBeInstanceOf(MailgunRoutes);
    expect(routes.mode).toBe("mailgun");
    const created = await routes.create(alias);
    expect(mailgun.routes.get(created!.id)?.expression).toBe('match_recipient("info@drinkingliberally.org")');
    expect(await routes.list(1)).toMatchObject({ total: 1 });
    await routes.remove(created!.id);
    expect(mailgun.routes.size).toBe(0);
  });
});
