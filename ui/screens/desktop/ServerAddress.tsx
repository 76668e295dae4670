import { Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { useSubmitForm } from "../../lib/forms";
import { platform } from "../../platform";

const SERVER_ADDRESS_TITLE = "Connect to your Chapterhouse server";

/** First run of the desktop app: which server to use. The platform checks and keeps the address. */
export function ServerAddress({ onConnected }: { onConnected: () => void }) {
  // Every refusal (none given, or the platform's answer) shows above the form.
  const { field, submit, busy, error } = useSubmitForm({
    defaultValues: { serverAddress: "" },
    serverErrorsAbove: true,
    onSubmit: async ({ serverAddress }) => {
      if (!serverAddress.trim()) throw new Error("Please enter the address of your Chapterhouse server.");
      const result = await platform.setServerAddress(serverAddress.trim()).catch(() => ({ error: "Something went wrong. Please try again." }));
      if (result.error) throw new Error(result.error);
      onConnected();
    },
  });

  return (
    <Page title={SERVER_ADDRESS_TITLE} maxW="lg">
      <Text>Enter the web address of the Living Liberally site you manage, for example https://livingliberally.org. You only need to do this once.</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <ErrorAlert message={error?.message} />
          <FormField label="Server address" type="url" {...field("serverAddress")} required autoComplete="url" placeholder="https://livingliberally.org" />
          <Button type="submit" colorPalette="brand" disabled={busy}>
            {busy ? <Spinner size="sm" aria-label="Connecting" /> : "Connect"}
          </Button>
        </Stack>
      </form>
    </Page>
  );
}
