import { Alert } from "@chakra-ui/react";

/** An error message in a red alert, or nothing when there is none. */
export function ErrorAlert({ message, mb, testId }: { message: string | null | undefined; mb?: string; testId?: string }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" mb={mb} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
