import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AsyncState } from "../components/AsyncState";
import { LoadMore } from "../components/LoadMore";
import { deferred, fakeApi, type ApiCall } from "../test/fakeApi";
import { renderWithProviders } from "../test/render";
import { pagedListOptions, usePagedList } from "./paging";

interface Mention {
  id: number;
  title: string;
}

const mentions = (from: number, n: number): Mention[] => Array.from({ length: n }, (_, i) => ({ id: from + i, title: `Mention ${from + i}` }));

/** Press mentions read three at a time, as the admin lists read theirs. */
function Mentions({ path = "/api/press_mention/all" }: { path?: string }) {
  const query = usePagedList(pagedListOptions<Mention>(["mentions", path], path, 3));
  return (
    <AsyncState query={query} empty={<p>No press mentions yet.</p>}>
      {(rows) => (
        <>
          <ul>
            {rows.map((m) => (
              <li key={m.id}>{m.title}</li>
            ))}
          </ul>
          <LoadMore query={query} />
        </>
      )}
    </AsyncState>
  );
}

/** The fake server's pages: `total` mentions, `limit` at a time. */
const pagesOf = (total: number) => (call: ApiCall) => {
  const page = Number(call.query.get("page"));
  const limit = Number(call.query.get("limit"));
  return mentions(page * limit + 1, Math.max(0, Math.min(limit, total - page * limit)));
};

const titles = () => screen.getAllByRole("listitem").map((li) => li.textContent);

describe("lists read a page at a time (usePagedList) with Load More", () => {
  it("asks for the next page while the last one was full, and shows every page read as one list", async () => {
    const api = fakeApi({ "GET /api/press_mention/all": pagesOf(5) });
    const { user } = renderWithProviders(<Mentions />);
    await screen.findByText("Mention 3");
    expect(titles()).toEqual(["Mention 1", "Mention 2", "Mention 3"]);
    await user.click(screen.getByRole("button", { name: "Load More" }));
    await screen.findByText("Mention 5");
    expect(titles()).toEqual(["Mention 1", "Mention 2", "Mention 3", "Mention 4", "Mention 5"]);
    // The second page was not full: nothing more to load.
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
    expect(api.calls.map((c) => c.query.toString())).toEqual(["page=0&limit=3", "page=1&limit=3"]);
  });

  it("offers no Load More when the first page is not full", async () => {
    fakeApi({ "GET /api/press_mention/all": pagesOf(2) });
    renderWithProviders(<Mentions />);
    await screen.findByText("Mention 2");
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
  });

  it("says Loading... on the button while the next page is on its way", async () => {
    const second = deferred<Mention[]>();
    fakeApi({ "GET /api/press_mention/all": (call: ApiCall) => (call.query.get("page") === "0" ? mentions(1, 3) : second.promise) });
    const { user } = renderWithProviders(<Mentions />);
    await user.click(await screen.findByRole("button", { name: "Load More" }));
    await waitFor(() => expect(screen.getByRole("button", { name: /Loading/ })).toBeTruthy());
    second.resolve(mentions(4, 1));
    await screen.findByText("Mention 4");
  });

  it("adds the page to a path that has a query already", async () => {
    const api = fakeApi({ "GET /api/press_mention/all": [] });
    renderWithProviders(<Mentions path="/api/press_mention/all?search=times" />);
    expect(await screen.findByText("No press mentions yet.")).toBeTruthy();
    expect(api.calls[0].query.toString()).toBe("search=times&page=0&limit=3");
  });
});
