import { Button, HStack, Text } from "@chakra-ui/react";
import { useEffect, useState, type ReactNode } from "react";

const SAVED_MS = 3000;
export type SaveState = "idle" | "saving" | "saved";

/** Saving / Saved; "Saved" vanishes after 3 seconds (spec 000 section 9). */
export function useSaveState(): [SaveState, (s: SaveState) => void] {
  const [state, setState] = useState<SaveState>("idle");
  useEffect(() => {
    if (state !== "saved") return;
    const t = setTimeout(() => setState("idle"), SAVED_MS);
    return () => clearTimeout(t);
  }, [state]);
  return [state, setState];
}

export function SavedIndicator({ state }: { state: SaveState }) {
  if (state === "idle") return null;
  return (
    <Text as="span" role="status" color={state === "saved" ? "success.fg" : "fg.muted"} fontWeight="medium">
      {state === "saving" ? "Saving..." : "Saved"}
    </Text>
  );
}

/** A form's Save button (off while saving) with Saving... / Saved beside it; `children` come first (Add Another). */
export function SaveRow({ state, disabled, label = "Save", children }: { state: SaveState; disabled?: boolean; label?: string; children?: ReactNode }) {
  return (
    <HStack gap="4">
      {children}
      <Button type="submit" colorPalette="brand" disabled={disabled || state === "saving"}>
        {label}
      </Button>
      <SavedIndicator state={state} />
    </HStack>
  );
}
