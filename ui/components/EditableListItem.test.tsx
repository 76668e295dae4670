import { screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";
import { EditableListItem } from "./EditableListItem";

function EventsList() {
  return (
    <Routes>
      <Route
        path="/chapter_admin/austin/events"
        element={
          <ul>
            <EditableListItem editTo="/chapter_admin/austin/events/41" editLabel="Edit Trivia Night" data-event-id="41">
              <strong>Trivia Night</strong>
              <span>Every Tuesday</span>
            </EditableListItem>
            <EditableListItem editTo="/chapter_admin/austin/events/42" editLabel="Edit Book Swap" data-event-id="42">
              <strong>Book Swap</strong>
            </EditableListItem>
          </ul>
        }
      />
      <Route path="/chapter_admin/austin/events/:id" element={<h1>Editing the event</h1>} />
    </Routes>
  );
}

describe("EditableListItem", () => {
  it("is an item of the list showing what it is given, with its data attributes", () => {
    renderWithProviders(<EventsList />, { route: "/chapter_admin/austin/events" });
    const items = screen.getAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("data-event-id"))).toEqual(["41", "42"]);
    expect(within(items[0]).getByText("Every Tuesday")).toBeTruthy();
  });

  it("has an Edit link named after its item that opens the item's edit screen", async () => {
    const { user } = renderWithProviders(<EventsList />, { route: "/chapter_admin/austin/events" });
    const edit = screen.getByRole("link", { name: "Edit Book Swap" });
    expect(edit.textContent).toBe("Edit");
    expect(edit.getAttribute("href")).toBe("/chapter_admin/austin/events/42");
    await user.click(edit);
    expect(screen.getByRole("heading", { name: "Editing the event" })).toBeTruthy();
    expect(screen.queryByRole("listitem")).toBeNull();
  });
});
