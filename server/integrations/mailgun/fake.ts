import crypto from "node:crypto";
import { FakeService, jsonResponse as json, type FakeRequest, type FakeResponse } from "../listProviders/fakes/server";
import type { MailgunRoute } from "./routes";

/**
 * A fake Mailgun Routes API on 127.0.0.1: Basic auth (user "api"), POST /v3/routes (200 {message, route}),
 * PUT /v3/routes/{id} (200 {message, ...route}), DELETE /v3/routes/{id} (200 {message, id}),
 * GET /v3/routes (200 {total_count, items}), 404 {message: "Route not found"}, and on demand
 * 429 {message: "Too many requests"} or 5xx.
 */
export class FakeMailgun extends FakeService<{ status: number }> {
  readonly routes = new Map<string, MailgunRoute>();
  readonly requests: { method: string; path: string; form: Record<string, string[]> }[] = [];

  constructor(readonly apiKey = "key-test-mailgun") {
    super("/v3");
  }

  protected handle(req: FakeRequest): FakeResponse {
    const params = new URLSearchParams(req.body);
    const form: Record<string, string[]> = {};
    for (const [k, v] of params) (form[k] ??= []).push(v);
    this.requests.push({ method: req.method, path: req.path, form });
    const expected = `Basic ${Buffer.from(`api:${this.apiKey}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return { status: 401, body: "Forbidden", headers: { "content-type": "text/plain" } };
    const failure = this.failures.next();
    if (failure?.status === 429) return json(429, { message: "Too many requests" }, { "retry-after": "60" });
    if (failure) return json(failure.status, { message: "Internal error" });

    if (req.path === "/v3/routes" && req.method === "GET") {
      const items = [...this.routes.values()];
      const skip = Number(req.query.get("skip") ?? 0);
      const limit = Number(req.query.get("limit") ?? 100);
      return json(200, { total_count: items.length, items: items.slice(skip, skip + limit) });
    }
    if (req.path === "/v3/routes" && req.method === "POST") {
      if (!form.expression?.[0] || !form.action?.length) return json(400, { message: "'expression' and 'action' parameters are required" });
      const route: MailgunRoute = {
        id: crypto.randomBytes(12).toString("hex"),
        priority: Number(form.priority?.[0] ?? 0),
        description: form.description?.[0] ?? "",
        expression: form.expression[0],
        actions: form.action,
        created_at: new Date().toUTCString(),
      };
      this.routes.set(route.id, route);
      return json(200, { message: "Route has been created", route });
    }
    const one = /^\/v3\/routes\/([^/]+)$/.exec(req.path);
    if (one) {
      const route = this.routes.get(one[1]);
      if (!route) return json(404, { message: "Route not found" });
      if (req.method === "GET") return json(200, { route });
      if (req.method === "DELETE") {
        this.routes.delete(route.id);
        return json(200, { message: "Route has been deleted", id: route.id });
      }
      if (req.method === "PUT") {
        if (form.priority) route.priority = Number(form.priority[0]);
        if (form.description) route.description = form.description[0];
        if (form.expression) route.expression = form.expression[0];
        if (form.action) route.actions = form.action;
        return json(200, { message: "Route has been updated", ...route });
      }
    }
    return json(404, { message: "Not found" });
  }
}
