import { expect } from "vitest";
import type { TestApp } from "./harness";
import type { buildPersonas } from "./factories";

export type Personas = Awaited<ReturnType<typeof buildPersonas>>;
export type PersonaName = "anonymous" | "user" | "otherHost" | "host" | "fieldOrganizer" | "admin";
export const ALL_PERSONAS: PersonaName[] = ["anonymous", "user", "otherHost", "host", "fieldOrganizer", "admin"];

/** Who may call what: presets used by the permission tables. */
export const WHO = {
  signedIn: ["user", "otherHost", "host", "fieldOrganizer", "admin"] as PersonaName[],
  hostAccess: ["host", "fieldOrganizer", "admin"] as PersonaName[],
  fieldOrganizerAccess: ["fieldOrganizer", "admin"] as PersonaName[],
  admin: ["admin"] as PersonaName[],
};

export interface EndpointCall {
  method: string;
  path: string;
  body?: unknown | (() => unknown);
}

/**
 * Calls the endpoint as every persona: anonymous must get 401, personas outside `allowed` 403,
 * allowed ones anything but 401/403 (their own validation may still answer 400/404).
 * Calls run denied-first so an allowed write (e.g. a delete) cannot hide a missing check.
 */
export async function expectAccess(t: TestApp, personas: Personas, call: EndpointCall, allowed: PersonaName[]): Promise<void> {
  const order = [...ALL_PERSONAS].sort((a, b) => Number(allowed.includes(a)) - Number(allowed.includes(b)));
  for (const name of order) {
    const as = name === "anonymous" ? null : personas[name];
    const body = typeof call.body === "function" ? (call.body as () => unknown)() : call.body;
    const res = await t.request(call.method, call.path, { as, body: call.method === "GET" || call.method === "DELETE" ? undefined : (body ?? {}) });
    const label = `${call.method} ${call.path} as ${name}`;
    if (name === "anonymous" && !allowed.includes("anonymous")) {
      expect(res.status, label).toBe(401);
    } else if (!allowed.includes(name)) {
      expect(res.status, label).toBe(403);
    } else {
      expect([401, 403], `${label} (got ${res.status}: ${res.text.slice(0, 200)})`).not.toContain(res.status);
      expect(res.status, `${label} must not fail with 5xx: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    }
  }
}

/**
 * A public read by slug of something hidden: the personas in `allowed` get it (200); everyone else, anonymous
 * included, gets the 404 of a slug that names nothing (`missingPath`'s answer, body and all).
 */
export async function expectShownOnlyTo(t: TestApp, personas: Personas, path: string, missingPath: string, allowed: PersonaName[]): Promise<void> {
  for (const name of ALL_PERSONAS) {
    const as = name === "anonymous" ? null : personas[name];
    const res = await t.request("GET", path, { as });
    if (allowed.includes(name)) {
      expect(res.status, `GET ${path} as ${name}`).toBe(200);
      continue;
    }
    const missing = await t.request("GET", missingPath, { as });
    expect(missing.status, `GET ${missingPath} as ${name}`).toBe(404);
    expect({ status: res.status, body: res.body }, `GET ${path} as ${name}`).toEqual({ status: 404, body: missing.body });
  }
}
