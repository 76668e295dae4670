import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyNamed } from "./lazy";

/** A module with one named component, loaded through a spy so a test can count the loads. */
function greetingModule() {
  const load = vi.fn(async () => ({ Greeting: ({ name }: { name: string }) => <p>Hello, {name}</p> }));
  return { load, Greeting: lazyNamed(load, "Greeting") };
}

const inSuspense = (element: React.ReactNode) => render(<Suspense fallback={<p>Loading the greeting</p>}>{element}</Suspense>);

describe("lazyNamed", () => {
  it("suspends the first time its module is asked for, then renders the named component", async () => {
    const { Greeting } = greetingModule();
    inSuspense(<Greeting name="Ada" />);
    expect(screen.getByText("Loading the greeting")).toBeTruthy();
    expect(await screen.findByText("Hello, Ada")).toBeTruthy();
  });

  it("renders at once, with no fallback, once preload() has loaded its module", async () => {
    const { Greeting, load } = greetingModule();
    await Promise.all([Greeting.preload(), Greeting.preload()]);
    inSuspense(<Greeting name="Grace" />);
    // Synchronously after the render: the component, never the boundary's fallback (which React would hold back).
    expect(screen.getByText("Hello, Grace")).toBeTruthy();
    expect(screen.queryByText("Loading the greeting")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe("lazyNamed preload after a failed load", () => {
  it("settles without rejecting, and a later preload tries again", async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error("chunk failed to load");
      return { Greeting: () => <p>Hello again</p> };
    });
    const Greeting = lazyNamed(load, "Greeting");
    await expect(Greeting.preload()).resolves.toBeUndefined();
    fail = false;
    await Greeting.preload();
    expect(load).toHaveBeenCalledTimes(2);
    inSuspense(<Greeting />);
    expect(screen.getByText("Hello again")).toBeTruthy();
  });
});
