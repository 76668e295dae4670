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
