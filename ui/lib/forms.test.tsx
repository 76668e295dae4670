import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { noteBodySchema } from "../../server/contracts/notes";
import type { ChapterNoteInfo } from "../../server/contracts/chapterAdmin";
import { useAddChapterNote } from "../api/notes";
import { ErrorAlert } from "../components/ErrorAlert";
import { FormField } from "../components/FormField";
import { SaveRow } from "../components/SavedIndicator";
import { deferred, fakeApi, reply } from "../test/fakeApi";
import { renderWithProviders } from "../test/render";
import { useSubmitForm } from "./forms";

/** Leave a Note (spec 001 section 7), checked by the server's own request schema, as the Notes screen does. */
function LeaveANote() {
  const addNote = useAddChapterNote();
  const { field, submit, error, saveState } = useSubmitForm({
    defaultValues: { note: "" },
    schema: noteBodySchema,
    toBody: (v) => ({ chapterId: 7, note: v.note, adminOnly: false }),
    onSubmit: async (v, { reset }) => {
      await addNote.mutateAsync({ chapterId: 7, note: v.note.trim(), adminOnly: false });
      reset({ note: "" });
    },
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Leave a Note">
      <ErrorAlert message={error?.message} />
      <FormField label="Note" multiline {...field("note")} />
      <SaveRow state={saveState} label="Leave Note" />
    </form>
  );
}

const note = () => screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Note" });
const leaveNote = () => screen.getByRole<HTMLButtonElement>("button", { name: "Leave Note" });
const saved: ChapterNoteInfo = { id: 1, note: "Met the new host", adminOnly: false } as ChapterNoteInfo;

describe("useSubmitForm", () => {
  it("shows the schema's message once the field is edited, not before", async () => {
    const { user } = renderWithProviders(<LeaveANote />);
    expect(screen.queryByText("Note is Required")).toBeNull();
    await user.type(note(), "x");
    await user.clear(note());
    expect(await screen.findByText("Note is Required")).toBeTruthy();
    expect(note().getAttribute("aria-invalid")).toBe("true");
  });

  it("refuses to send an empty form, with the message", async () => {
    const api = fakeApi({ "POST /api/chapter_note": saved });
    const { user } = renderWithProviders(<LeaveANote />);
    await user.click(leaveNote());
    expect(await screen.findByText("Note is Required")).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("is busy while saving (Saving..., the button off), then says Saved and starts again empty", async () => {
    const server = deferred<ChapterNoteInfo>();
    const api = fakeApi({ "POST /api/chapter_note": () => server.promise });
    const { user } = renderWithProviders(<LeaveANote />);
    await user.type(note(), "  Met the new host ");
    await user.click(leaveNote());
    expect((await screen.findByRole("status")).textContent).toBe("Saving...");
    expect(leaveNote().disabled).toBe(true);
    server.resolve(saved);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved"));
    expect(leaveNote().disabled).toBe(false);
    expect(note().value).toBe("");
    expect(api.calls.map((c) => c.body)).toEqual([{ chapterId: 7, note: "Met the new host", adminOnly: false }]);
  });

  it("shows a refusal naming a field of the form on that field", async () => {
    fakeApi({ "POST /api/chapter_note": reply(400, { error: "Note must be at most 10000 characters", errorId: "validation_failed", field: "note" }) });
    const { user } = renderWithProviders(<LeaveANote />);
    await user.type(note(), "A note");
    await user.click(leaveNote());
    const message = await screen.findByText("Note must be at most 10000 characters");
    expect(note().getAttribute("aria-errormessage")).toBe(message.id);
    expect(screen.queryByRole("status")).toBeNull();
    expect(note().value).toBe("A note");
  });

  it("shows any other refusal above the form, until a value changes", async () => {
    fakeApi({ "POST /api/chapter_note": reply(403, { error: "You do not have permission to do that.", errorId: "forbidden" }) });
    const { user } = renderWithProviders(<LeaveANote />);
    await user.type(note(), "A note");
    await user.click(leaveNote());
    expect(await screen.findByText("You do not have permission to do that.")).toBeTruthy();
    expect(note().getAttribute("aria-invalid")).toBeNull();
    await user.type(note(), "!");
    await waitFor(() => expect(screen.queryByText("You do not have permission to do that.")).toBeNull());
  });
});
