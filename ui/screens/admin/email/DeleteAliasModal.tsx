import { useDeleteAlias } from "../../../api/emailAliases";
import type { EmailAliasInfo } from "../../../../server/contracts/mailingList";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { aliasErrorMessage } from "./aliasErrors";

/** Confirms deleting an alias; Escape or a click on the backdrop closes it. */
export function DeleteAliasModal({ alias, onClose, onDeleted }: { alias: EmailAliasInfo | null; onClose: () => void; onDeleted: (id: number) => void }) {
  const remove = useDeleteAlias();

  const handleDelete = async () => {
    if (!alias) return;
    try {
      await remove.mutateAsync(alias.id);
    } catch (err) {
      throw new Error(`Failed to delete alias: ${aliasErrorMessage(err)}`);
    }
    onDeleted(alias.id);
  };

  return (
    <ConfirmDialog
      open={alias !== null}
      title="Delete Email Alias"
      message={`Are you sure you want to delete ${alias?.address ?? ""}? This cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={handleDelete}
      onClose={onClose}
      testId="delete-alias-modal"
    />
  );
}
