import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AdminNotice } from "../server/contracts/adminNotice";
import { createAdminFeed, createMemoryFeedStateStore, NoticeDeduper, receivesAdminNotices, type AdminFeed, type FeedStateStore } from "./adminFeed";
import { FAKE_USERS, hostApplicationNotice, noticeFrame, startFakeAdminServer, type FakeAdminServer } from "./testing/fakeAdminServer";

let server: FakeAdminServer;
const feeds: AdminFeed[] = [];

beforeAll(async () => {
  server = await startFakeAdminServer({ retryMs: 20 });
  server.tokens.set("admin", FAKE_USERS.admin);
  server.tokens.set("fo", FAKE_USERS.fieldOrganizer);
  server.tokens.set("host", FAKE_USERS.host);
});
afterAll(() => server.close());
afterEach(() => {
  for (const f of feeds.splice(0)) f.stop();
  server.dropConnections();
});

function feedFor(token: string | null, store: FeedStateStore = createMemoryFeedStateStore(), origin = () => server.origin) {
  const received: AdminNotice[] = [];
  const feed = createAdminFeed({
    fetch,
    serverOrigin: origin,
    token: () => token,
    stateStore: store,
    onNotice: (n) => received.push(n),
    backoff: { initialMs: 20 },
  });
  feeds.push(feed);
  return { feed, received };
}

const pause = (ms = 100) => new Promise((r) => setTimeout(r, ms));

describe("who subscribes", () => {
  it("admins and field organizers only", () => {
    expect(receivesAdminNotices({ isAdmin: true, isFieldOrganizer: false })).toBe(true);
    expect(receivesAdminNotices({ isAdmin: false, isFieldOrganizer: true })).toBe(true);
    expect(receivesAdminNotices({ isAdmin: false, isFieldOrganizer: false })).toBe(false);
    expect(receivesAdminNotices(null)).toBe(false);
  });

  it("a field organizer's app opens the stream; a host's and a signed-out app do not", async () => {
    const before = server.connections.length;
    const host = feedFor("host");
    await host.feed.refresh();
    const none = feedFor(null);
    await none.feed.refresh();
    expect(host.feed.state()).toBe("not-allowed");
    expect(none.feed.state()).toBe("idle");
    expect(server.connections.length).toBe(before);

    const fo = feedFor("fo");
    await fo.feed.refresh();
    await server.waitFor(() => server.openStreams() === 1);
    expect(fo.feed.state()).toBe("subscribed");
    expect(server.connections.at(-1)!.authorization).toBe("Bearer fo");
  });
});

describe("exactly once", () => {
  it("hands each notice on once, across a reconnect and a restart", async () => {
    const store = createMemoryFeedStateStore();
    const first = feedFor("admin", store);
    await first.feed.refresh();
    await server.waitFor(() => server.openStreams() === 1);
    server.publish(hostApplicationNotice(101, { name: "Jo", city: "Tulsa", state: "OK", slug: "jo-tulsa" }));
    await server.waitFor(() => first.received.length === 1);

    server.replayOnReconnect = true;
    server.dropConnections();
    await server.waitFor(() => server.openStreams() === 1);
    await pause();
    expect(first.received.map((n) => n.id)).toEqual([101]);
    expect(server.connections.at(-1)!.lastEventId).toBe("101");

    first.feed.stop();
    server.publish(hostApplicationNotice(102, { name: "Kim", city: "Boise", state: "ID", slug: "kim-boise" }));
    const restarted = feedFor("admin", store);
    await restarted.feed.refresh();
    await server.waitFor(() => restarted.received.length === 1);
    await pause();
    server.replayOnReconnect = false;
    expect(server.connections.at(-1)!.lastEventId).toBe("101");
    expect(restarted.received.map((n) => n.id)).toEqual([102]);
    expect(store.state).toMatchObject({ serverOrigin: server.origin, lastEventId: 102, seenIds: [101, 102] });
  });

  it("starts afresh for another server", () => {
    const store = createMemoryFeedStateStore({ serverOrigin: "https://old.example.org", lastEventId: 900, seenIds: [900] });
    const deduper = new NoticeDeduper(store, "https://new.example.org");
    expect(deduper.lastEventId()).toBeNull();
    expect(deduper.accept(5)).toBe(true);
    expect(deduper.accept(5)).toBe(false);
  });
});

describe("bad input", () => {
  it("ignores notices that are malformed or point outside the app", async () => {
    const { feed, received } = feedFor("admin");
    await feed.refresh();
    await server.waitFor(() => server.openStreams() === 1);
    const bad: unknown[] = [
      { id: 201, type: "host_application_created", title: "x", body: "y", path: "https://evil.example/" },
      { id: 202, type: "something_else", title: "x", body: "y", path: "/admin" },
      { id: 203, type: "alias_rate_limited", title: "", body: "y", path: "/admin" },
    ];
    for (const n of bad) server.publish(n as AdminNotice);
    server.publish({ id: 204, type: "alias_rate_limited", title: "Email alias rate limit", body: "wait", path: "/admin/email" });
    await server.waitFor(() => received.length === 1);
    await pause();
    expect(received.map((n) => n.id)).toEqual([204]);
  });

  it("stops when the token is no longer accepted", async () => {
    server.tokens.set("soon-revoked", FAKE_USERS.admin);
    const { feed } = feedFor("soon-revoked");
    await feed.refresh();
    await server.waitFor(() => server.openStreams() === 1);
    server.tokens.delete("soon-revoked");
    server.dropConnections();
    const until = Date.now() + 3000;
    while (feed.state() !== "not-allowed" && Date.now() < until) await pause(20);
    expect(feed.state()).toBe("not-allowed");
  });
});

it("the wire format is the contract's", () => {
  expect(noticeFrame({ id: 7, type: "alias_rate_limited", title: "T", body: "B", path: "/admin/email" })).toBe(
    'event: notice\nid: 7\ndata: {"id":7,"type":"alias_rate_limited","title":"T","body":"B","path":"/admin/email"}\n\n',
  );
});
