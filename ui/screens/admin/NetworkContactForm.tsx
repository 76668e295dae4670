import { Stack, Text } from "@chakra-ui/react";
import { useEffect } from "react";
import { networkContactBodySchema } from "../../../server/contracts/adminRequests";
import type { EmailSettingsInfo } from "../../../server/contracts/mailingList";
import { useFreshQuery } from "../../api/queryClient";
import { settingsQueries, useSaveEmailSettings } from "../../api/settings";
import { FormField } from "../../components/FormField";
import { SaveRow } from "../../components/SavedIndicator";
import { useSubmitForm } from "../../lib/forms";

/**
 * The network's contact (issue 41): who new hosts and applicants write to, and where replies to automatic mail go
 * when a chapter has no field organizer. Empty: the site's sending address stands in.
 */
export function NetworkContactForm() {
  const settings = useFreshQuery(settingsQueries.email());
  if (settings.isError) return <Text color="danger.fg">The email settings could not be loaded. Please try again.</Text>;
  if (!settings.data) return <Text color="fg.muted">Loading...</Text>;
  return <NetworkContactFields settings={settings.data} />;
}

function NetworkContactFields({ settings }: { settings: EmailSettingsInfo }) {
  const save = useSaveEmailSettings();
  const initial = { networkContactName: settings.networkContactName, networkContactEmail: settings.networkContactEmail };
  const { form, field, submit, saveState } = useSubmitForm({
    defaultValues: initial,
    schema: networkContactBodySchema,
    onSubmit: (v) => save.mutateAsync({ networkContactName: v.networkContactName.trim(), networkContactEmail: v.networkContactEmail.trim() }),
  });
  const { reset } = form;
  const { networkContactName, networkContactEmail } = initial;
  useEffect(() => reset({ networkContactName, networkContactEmail }), [networkContactName, networkContactEmail, reset]);

  return (
    <form onSubmit={submit} noValidate aria-label="Network contact">
      <Stack gap="3">
        <Text>
          New hosts and applicants write to this contact when their chapter has no field organizer, and replies to automatic emails go to it. Now:{" "}
          <Text as="span" fontWeight="semibold" data-testid="network-contact-now">
            {`${settings.networkContact.name} <${settings.networkContact.email}>`}
          </Text>
        </Text>
        <FormField label="Network Contact Name" autoComplete="off" {...field("networkContactName")} />
        <FormField
          label="Network Contact Email"
          type="email"
          autoComplete="off"
          helper="Leave both empty to use the site's sending address."
          {...field("networkContactEmail")}
        />
        <SaveRow state={saveState} />
      </Stack>
    </form>
  );
}
