import { act, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render";

/** A fresh Toaster module (and toast store) per test: whether a toast has been asked for is module state. */
async function freshToaster() {
  vi.resetModules();
  return import("./Toaster");
}

describe("Toaster", () => {
  it("shows a toast asked for before the list was on the page", async () => {
    const { notify, Toaster } = await freshToaster();
    notify("success", "Saved before the list", "It waited for the list.");
    renderWithProviders(<Toaster />);
    const toast = await screen.findByTestId("toast-success");
    expect(within(toast).getByText("Saved before the list")).toBeTruthy();
    expect(within(toast).getByText("It waited for the list.")).toBeTruthy();
  });

  it("shows every toast asked for at once, the first one included, and later ones as they come", async () => {
    const { notify, Toaster } = await freshToaster();
    renderWithProviders(<Toaster />);
    expect(screen.queryByTestId(/^toast-/)).toBeNull();
    act(() => {
      notify("error", "First");
      notify("info", "Second");
    });
    expect(await screen.findByText("First")).toBeTruthy();
    expect(await screen.findByText("Second")).toBeTruthy();
    act(() => notify("warning", "Later"));
    expect(await screen.findByText("Later")).toBeTruthy();
    expect(
      screen
        .getAllByTestId(/^toast-/)
        .map((t) => t.dataset.testid)
        .sort(),
    ).toEqual(["toast-error", "toast-info", "toast-warning"]);
  });
});
