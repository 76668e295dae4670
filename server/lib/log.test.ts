import { describe, expect, it } from "vitest";
import { createLogger } from "./log";
import { LogCapture } from "../test/logCapture";

/** User text that tries to start log lines of its own, with every line break a viewer might honour. */
const FORGED = 'boom\r\n{"level":"info","msg":"admin signed in"}\u2028also\u2029forged\u0085and\u009b31mred';
const LINE_BREAKS = /\r\n|\r|\n|\u2028|\u2029|\u0085/;

describe("the server's log", () => {
  it("writes an error whose message holds line breaks as one JSON line, with its stack", () => {
    const out = new LogCapture();
    out.logger().error({ err: Object.assign(new Error(FORGED), { code: "22P02" }) }, `GET ${FORGED} failed`);
    const text = out.text();
    expect(text.endsWith("\n")).toBe(true);
    expect(text.slice(0, -1).split(LINE_BREAKS)).toHaveLength(1);
    expect(text).not.toMatch(/[\u007f-\u009f\u2028\u2029]/);
    const [entry] = out.entries();
    expect(entry.msg).toBe(`GET ${FORGED} failed`);
    expect(entry.err).toMatchObject({ type: "Error", message: FORGED, code: "22P02" });
    expect(entry.err!.stack).toMatch(/\n {4}at /);
  });

  it("names the level in words and the time in ISO 8601", () => {
    const out = new LogCapture();
    out.logger().warn({ jobId: 7 }, "job stopped");
    expect(out.entries()).toEqual([
      { level: "warn", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), pid: process.pid, jobId: 7, msg: "job stopped" },
    ]);
  });

  it("writes entries at its level and above only", () => {
    const out = new LogCapture();
    const warn = createLogger("warn", out);
    warn.info("not written");
    warn.warn("written");
    createLogger("silent", out).fatal("not written either");
    expect(out.messages()).toEqual(["written"]);
  });

  it("children name their component in every entry", () => {
    const out = new LogCapture();
    out.logger().child({ component: "jobs" }).error("job failed for good");
    expect(out.entries()[0]).toMatchObject({ component: "jobs", msg: "job failed for good" });
  });

  it("never writes secrets, at the top of an entry or one level down", () => {
    const out = new LogCapture();
    out.logger().info(
      {
        password: "hunter2-pw",
        token: "tok-123",
        headers: { authorization: "Bearer abc.def.ghi", cookie: "chapterhouse_session=s3cr3t", accept: "text/html" },
        provider: { apiKey: "key-456" },
      },
      "careless",
    );
    const text = out.text();
    for (const secret of ["hunter2-pw", "tok-123", "abc.def.ghi", "s3cr3t", "key-456"]) expect(text).not.toContain(secret);
    expect(out.entries()[0]).toMatchObject({ password: "[redacted]", headers: { authorization: "[redacted]", accept: "text/html" } });
  });
});
