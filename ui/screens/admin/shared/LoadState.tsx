import { Alert, Center, Spinner } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** Loading spinner, or the error, or the content. */
export function LoadState({ loading, error, children, label = "Loading" }: { loading: boolean; error: string | null; children: ReactNode; label?: string }) {
  if (error) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{error}</Alert.Title>
      </Alert.Root>
    );
  }
  if (loading) return <Center py="10"><Spinner aria-label={label} /></Center>;
  return <>{children}</>;
}

export const loadError = (what: string) => `${what} could not be loaded. Please try again.`;
