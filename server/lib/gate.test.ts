import { describe, expect, it } from "vitest";
import { Gate } from "./gate";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("Gate", () => {
  it("runs at most `slots` tasks at once and the rest in the order they came", async () => {
    const gate = new Gate(2, 10, () => new Error("full"));
    const started: number[] = [];
    const finish = [deferred(), deferred(), deferred(), deferred()];
    const runs = finish.map((d, i) =>
      gate.run(async () => {
        started.push(i);
        await d.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    finish[1].resolve();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    finish[0].resolve();
    finish[2].resolve();
    finish[3].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once when the line is full, and frees the slot of a task that throws", async () => {
    const gate = new Gate(1, 1, () => new Error("full"));
    const first = deferred();
    const a = gate.run(() => first.promise.then(() => Promise.reject(new Error("task failed"))));
    const b = gate.run(async () => "b");
    await expect(gate.run(async () => "c")).rejects.toThrow("full");
    first.resolve();
    await expect(a).rejects.toThrow("task failed");
    expect(await b).toBe("b");
    expect(await gate.run(async () => "d")).toBe("d");
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});
