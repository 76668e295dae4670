import { Stack, Text } from "@chakra-ui/react";
import { useEffect } from "react";
import { postalAddressBodySchema } from "../../../server/contracts/adminRequests";
import { useFreshQuery } from "../../api/queryClient";
import { settingsQueries, useSaveEmailSettings } from "../../api/settings";
import { FormField } from "../../components/FormField";
import { SaveRow } from "../../components/SavedIndicator";
import { useSubmitForm } from "../../lib/forms";

/** The network's postal address, printed at the foot of every list email (issue 29); empty: none. */
export function PostalAddressForm() {
  const settings = useFreshQuery(settingsQueries.email());
  if (settings.isError) return <Text color="danger.fg">The email settings could not be loaded. Please try again.</Text>;
  if (!settings.data) return <Text color="fg.muted">Loading...</Text>;
  return <PostalAddressFields initial={settings.data.postalAddress} />;
}

function PostalAddressFields({ initial }: { initial: string }) {
  const save = useSaveEmailSettings();
  const { form, field, submit, saveState } = useSubmitForm({
    defaultValues: { postalAddress: initial },
    schema: postalAddressBodySchema,
    onSubmit: (v) => save.mutateAsync({ postalAddress: v.postalAddress.trim() }),
  });
  const { reset } = form;
  useEffect(() => reset({ postalAddress: initial }), [initial, reset]);

  return (
    <form onSubmit={submit} noValidate aria-label="Postal address">
      <Stack gap="3">
        <FormField
          label="Postal Address"
          multiline
          rows={3}
          helper="Printed at the foot of every list email, beside the unsubscribe link, as anti-spam laws ask. Leave it empty to print none."
          {...field("postalAddress")}
        />
        <SaveRow state={saveState} />
      </Stack>
    </form>
  );
}
