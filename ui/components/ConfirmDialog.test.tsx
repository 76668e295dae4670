import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render";
import { ConfirmDialog } from "./ConfirmDialog";

/** A Delete button that asks first, as the admin lists use the dialog. */
function DeleteButton({ onConfirm }: { onConfirm: () => Promise<unknown> | void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete note</button>
      <ConfirmDialog
        open={open}
        title="Delete this note?"
        message="The note is removed for every host of the chapter."
        confirmLabel="Delete"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

async function openDialog(onConfirm: () => Promise<unknown> | void = vi.fn()) {
  const view = renderWithProviders(<DeleteButton onConfirm={onConfirm} />);
  expect(screen.queryByRole("alertdialog")).toBeNull();
  await view.user.click(screen.getByRole("button", { name: "Delete note" }));
  const dialog = await screen.findByRole("alertdialog", { name: "Delete this note?" });
  return { ...view, dialog };
}

describe("ConfirmDialog", () => {
  it("asks with its title and message, focus on Cancel", async () => {
    const { dialog } = await openDialog();
    expect(dialog.textContent).toContain("The note is removed for every host of the chapter.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" })));
  });

  it("Cancel closes it and does nothing", async () => {
    const onConfirm = vi.fn();
    const { user } = await openDialog(onConfirm);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("Escape closes it and does nothing", async () => {
    const onConfirm = vi.fn();
    const { user } = await openDialog(onConfirm);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("the confirm button does the thing, then closes", async () => {
    const onConfirm = vi.fn(async () => {});
    const { user } = await openDialog(onConfirm);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("shows a failure in the dialog, which stays open to try again", async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error("You do not have permission to do that.")).mockResolvedValueOnce(undefined);
    const { user, dialog } = await openDialog(onConfirm);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("You do not have permission to do that.")).toBeTruthy();
    expect(screen.getByRole("alertdialog")).toBe(dialog);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
