import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { LoadError } from "./AsyncState";

export interface ConfirmDialogProps {
  /** Whether the question is shown. */
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two; a list of paragraphs reads as such. */
  message: ReactNode;
  /** The label of the button that goes ahead ("Delete", "Remove"). */
  confirmLabel: string;
  /** Does the thing; a thrown error is shown in the dialog, which then stays open. */
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
  /** The colour of the button that goes ahead: red for what destroys, blue for what only cannot be taken back. */
  confirmPalette?: "danger" | "brand";
  /** A test id for the dialog's content. */
  testId?: string;
}

/**
 * Asks before a destructive action: an alert dialog (focus starts on Cancel, Escape and the backdrop close it),
 * instead of the browser's confirm box.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  confirmPalette = "danger",
  testId = "confirm-dialog",
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const handleConfirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && !busy && onClose()}
      role="alertdialog"
      initialFocusEl={() => cancelRef.current}
      closeOnEscape
      closeOnInteractOutside
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                {typeof message === "string" ? <Text>{message}</Text> : message}
                {error && <LoadError error={error} />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button ref={cancelRef} variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette={confirmPalette} onClick={() => void handleConfirm()} loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
