import { Alert, Button, Dialog, Portal, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useDeleteAlias } from "../../../api/emailAliases";
import type { EmailAliasInfo } from "../../../../server/contracts/mailingList";
import { aliasErrorMessage } from "./aliasErrors";

/** Confirms deleting an alias; Escape or a click on the backdrop closes it. */
export function DeleteAliasModal({ alias, onClose, onDeleted }: { alias: EmailAliasInfo | null; onClose: () => void; onDeleted: (id: number) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAlias();
  useEffect(() => {
    setBusy(false);
    setError(null);
  }, [alias]);

  const handleDelete = async () => {
    if (!alias) return;
    setBusy(true);
    setError(null);
    try {
      await remove.mutateAsync(alias.id);
      onDeleted(alias.id);
    } catch (err) {
      setError(`Failed to delete alias: ${aliasErrorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={alias !== null} onOpenChange={(e) => !e.open && onClose()} role="alertdialog" closeOnEscape closeOnInteractOutside>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="delete-alias-modal">
            <Dialog.Header>
              <Dialog.Title>Delete Email Alias</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{`Are you sure you want to delete ${alias?.address ?? ""}? This cannot be undone.`}</Text>
              {error && (
                <Alert.Root status="error" mt="3">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={handleDelete} loading={busy} loadingText="Deleting...">
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
