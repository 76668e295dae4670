import { describe, expect, it } from "vitest";
import { onPostgres } from "../test/harness";
import { SAMPLE_NOTICE, withAdminStream } from "../test/adminStream";
import { publishAdminEvent } from "./adminEvents";
import { AdminEvent } from "../models/AdminEvent";

/**
 * The admin event stream and transactions: a notice written in a write's transaction reaches the stream only
 * once it commits, never when it rolls back, and in commit order when transactions overlap (adminEventStream.ts).
 */
const stream = withAdminStream();
const { connect } = stream;
const notice = SAMPLE_NOTICE;

describe("admin notices written in transactions", () => {
  it("delivers events written in a transaction only once it commits, and never a rolled-back one", async () => {
    const conn = await connect(stream.who.admin);
    await conn.next({ comments: true });
    await AdminEvent.transaction(async (trx) => {
      await publishAdminEvent("host_application_created", { ...notice, title: "rolled back" }, trx);
      throw new Error("roll back");
    }).catch(() => {});
    const committed = await AdminEvent.transaction((trx) => publishAdminEvent("host_application_created", { ...notice, title: "committed" }, trx));
    const frame = await conn.next();
    expect(JSON.parse(frame.data)).toMatchObject({ id: committed.id, title: "committed" });
    conn.close();
  });

  it.skipIf(!onPostgres)("delivers a row that commits after a higher id (concurrent transactions)", async () => {
    const conn = await connect(stream.who.admin);
    await conn.next({ comments: true });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedP = new Promise<void>((resolve) => (inserted = resolve));
    const slow = AdminEvent.transaction(async (trx) => {
      const e = await publishAdminEvent("host_application_created", { ...notice, title: "slow" }, trx);
      inserted();
      await held;
      return e;
    });
    await insertedP;
    const quick = await publishAdminEvent("host_application_created", { ...notice, title: "quick" });
    const first = await conn.next();
    expect(JSON.parse(first.data)).toMatchObject({ id: quick.id, title: "quick" });
    release();
    const late = await slow;
    expect(late.id).toBeLessThan(quick.id);
    const second = await conn.next();
    expect(JSON.parse(second.data)).toMatchObject({ id: late.id, title: "slow" });
    const after = await publishAdminEvent("host_application_created", { ...notice, title: "after" });
    expect(JSON.parse((await conn.next()).data).id).toBe(after.id);
    conn.close();
  });

  it("does not hold back later events behind a rolled-back insert", async () => {
    const conn = await connect(stream.who.admin);
    await conn.next({ comments: true });
    await AdminEvent.transaction(async (trx) => {
      await publishAdminEvent("host_application_created", { ...notice, title: "gone" }, trx);
      throw new Error("roll back");
    }).catch(() => {});
    for (const title of ["one", "two"]) {
      const e = await publishAdminEvent("host_application_created", { ...notice, title });
      expect(JSON.parse((await conn.next()).data)).toMatchObject({ id: e.id, title });
    }
    conn.close();
  });
});
