import { screen } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { get } from "../api/queryClient";
import { deferred, fakeApi, reply } from "../test/fakeApi";
import { renderWithProviders } from "../test/render";
import { AsyncState, type AsyncStateProps } from "./AsyncState";

interface Member {
  name: string;
}

/** A list read through the data layer and shown through AsyncState, as the screens do. */
function Members(props: Omit<AsyncStateProps<Member[]>, "query" | "children"> & { children?: (members: Member[]) => ReactNode }) {
  const query = useQuery({ queryKey: ["members"], queryFn: get<Member[]>("/api/members") });
  return (
    <AsyncState query={query} {...props}>
      {props.children ??
        ((members) => (
          <ul>
            {members.map((m) => (
              <li key={m.name}>{m.name}</li>
            ))}
          </ul>
        ))}
    </AsyncState>
  );
}

describe("AsyncState", () => {
  it("shows a spinner named Loading until the answer arrives, then the content", async () => {
    const answer = deferred<Member[]>();
    fakeApi({ "GET /api/members": () => answer.promise });
    renderWithProviders(<Members />);
    expect(screen.getByLabelText("Loading")).toBeTruthy();
    answer.resolve([{ name: "Ada" }, { name: "Grace" }]);
    expect((await screen.findAllByRole("listitem")).map((li) => li.textContent)).toEqual(["Ada", "Grace"]);
    expect(screen.queryByLabelText("Loading")).toBeNull();
  });

  it("shows the screen's own loading text when it has one", () => {
    fakeApi({ "GET /api/members": () => new Promise(() => {}) });
    renderWithProviders(<Members loading={<p>Loading Members / Loading...</p>} />);
    expect(screen.getByText("Loading Members / Loading...")).toBeTruthy();
    expect(screen.queryByLabelText("Loading")).toBeNull();
  });

  it("shows the server's message when the request fails, and logs the failure", async () => {
    fakeApi({ "GET /api/members": reply(404, { error: "Chapter not found", errorId: "not_found" }) });
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderWithProviders(<Members empty={<p>No members yet.</p>} />);
    expect(await screen.findByText("Chapter not found")).toBeTruthy();
    expect(screen.queryByText("No members yet.")).toBeNull();
    expect(warned).toHaveBeenCalledWith('Could not load ["members"]', expect.objectContaining({ status: 404, errorId: "not_found" }));
  });

  it("hands the error to the screen's own error state", async () => {
    fakeApi({ "GET /api/members": reply(403, { error: "You do not have permission to do that.", errorId: "forbidden" }) });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderWithProviders(<Members error={(e) => <p>{e.errorId === "forbidden" ? "Only hosts see the members." : e.message}</p>} />);
    expect(await screen.findByText("Only hosts see the members.")).toBeTruthy();
  });

  it("shows the empty state for an empty list, and the content otherwise", async () => {
    fakeApi({ "GET /api/members": [] });
    renderWithProviders(<Members empty={<p>No members yet.</p>} />);
    expect(await screen.findByText("No members yet.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("asks isEmpty when the answer is not a list", async () => {
    fakeApi({ "GET /api/members": [{ name: "Ada" }] });
    renderWithProviders(<Members empty={<p>Nobody named Grace.</p>} isEmpty={(members) => !members.some((m) => m.name === "Grace")} />);
    expect(await screen.findByText("Nobody named Grace.")).toBeTruthy();
  });

  it("without an empty state shows the content even when empty", async () => {
    fakeApi({ "GET /api/members": [] });
    renderWithProviders(<Members>{(members) => <p>{`${members.length} members`}</p>}</Members>);
    expect(await screen.findByText("0 members")).toBeTruthy();
  });
});
