import { afterAll, beforeAll } from "vitest";
import { startTestApp, type TestApp } from "./harness";
import { buildChapter, buildPersonas } from "./factories";
import type { Personas } from "./access";
import { openEventStream, type SseConnection } from "./sse";

/** A notice as the host application screens publish it. */
export const SAMPLE_NOTICE = {
  title: "New host application",
  body: "Pat Plain wants to start a chapter in Austin, TX",
  path: "/admin/chapter_host_applications/austin_1",
};

/**
 * Where admin event stream tests start (call at the top of the file): a test app with quick keep-alives, a
 * person in each role, and `connect()`, which opens GET /api/admin/events as someone; streams close after all.
 */
export function withAdminStream() {
  const open: SseConnection[] = [];
  const stream = {
    t: undefined as unknown as TestApp,
    who: undefined as unknown as Personas,
    /** Opens the stream as someone (null: anonymous), with extra headers and a query string ("?lastEventId=3"). */
    async connect(as: { id: number } | null, headers: Record<string, string> = {}, query = "") {
      const all: Record<string, string> = { ...headers };
      if (as) all.authorization = `Bearer ${await stream.t.tokenFor(as)}`;
      const conn = await openEventStream(`${stream.t.baseUrl}/api/admin/events${query}`, all);
      open.push(conn);
      return conn;
    },
  };
  beforeAll(async () => {
    stream.t = await startTestApp({ ADMIN_EVENTS_KEEPALIVE_MS: "300" });
    stream.who = await buildPersonas(await buildChapter());
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await stream.t.close();
  });
  return stream;
}
