import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render";
import { Pager } from "./Pager";

/** A list of `count` users shown 50 at a time, on page `start`. */
function UsersPager({ count, start = 0, onPage = () => {} }: { count: number; start?: number; onPage?: (page: number) => void }) {
  const [page, setPage] = useState(start);
  const handlePage = (next: number) => {
    onPage(next);
    setPage(next);
  };
  return <Pager page={page} limit={50} count={count} onPage={handlePage} label="Pages of users" />;
}

const pager = () => screen.getByRole("navigation", { name: "Pages of users" });
const button = (name: string) => within(pager()).getByRole<HTMLButtonElement>("button", { name });

describe("Pager", () => {
  it("is not shown when everything fits on one page", () => {
    renderWithProviders(<UsersPager count={50} />);
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("says which rows are shown, of how many, with separators", () => {
    renderWithProviders(<UsersPager count={50_000} start={1} />);
    expect(pager().textContent).toContain("Showing 51–100 of 50,000 (page 2 of 1,000)");
  });

  it("Previous is off on the first page; Next goes on, and back again", async () => {
    const onPage = vi.fn();
    const { user } = renderWithProviders(<UsersPager count={120} onPage={onPage} />);
    expect(pager().textContent).toContain("Showing 1–50 of 120 (page 1 of 3)");
    expect(button("Previous").disabled).toBe(true);
    await user.click(button("Next"));
    expect(onPage).toHaveBeenLastCalledWith(1);
    expect(pager().textContent).toContain("Showing 51–100 of 120 (page 2 of 3)");
    await user.click(button("Previous"));
    expect(onPage).toHaveBeenLastCalledWith(0);
  });

  it("Next is off on the last page, which shows the rows left", async () => {
    const onPage = vi.fn();
    const { user } = renderWithProviders(<UsersPager count={120} start={2} onPage={onPage} />);
    expect(pager().textContent).toContain("Showing 101–120 of 120 (page 3 of 3)");
    expect(button("Next").disabled).toBe(true);
    await user.click(button("Next"));
    expect(onPage).not.toHaveBeenCalled();
  });

  it("stays on a page past the end (the list shrank) so the reader can go back", () => {
    renderWithProviders(<UsersPager count={20} start={1} />);
    expect(button("Previous").disabled).toBe(false);
    expect(button("Next").disabled).toBe(true);
  });
});
