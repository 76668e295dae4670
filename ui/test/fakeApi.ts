import { vi } from "vitest";

/** A request the UI sent, as the fake server saw it. */
export interface ApiCall {
  method: string;
  /** The path without its query, e.g. /api/mailing_list/sign_up. */
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed. */
  body: unknown;
}

/** An answer with a status other than 200 (the server's error shape, usually). */
class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const reply = (status: number, body: unknown) => new Reply(status, body);

/** What a route of the fake answers: a body (200), a Reply, or a function of the call giving either (or a promise). */
export type FakeRoute = unknown | ((call: ApiCall) => unknown);

/**
 * Answers the UI's API calls at the network boundary (the global fetch that ui/api/client.ts calls), by
 * "METHOD /path". Anything else answers the server's 404 for an unknown endpoint. `calls` lists what was sent.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const call: ApiCall = {
      method: (init.method ?? "GET").toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    const answer =
      route === undefined ? reply(404, { error: "API endpoint not found", errorId: "not_found" }) : await (typeof route === "function" ? route(call) : route);
    const { status, body } = answer instanceof Reply ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, fetch };
}

/** A promise settled when the test says: to look at a state that lasts while a request is on its way. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
