import { Button, Checkbox, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { myDataFileName } from "../../../server/contracts/account";
import { deleteAccountRequest, fetchMyData } from "../../api/account";
import { useCurrentUser } from "../../auth/CurrentUser";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FormField } from "../../components/FormField";
import { Page } from "../../components/Page";
import { SectionCard } from "../../components/SectionCard";
import { notify } from "../../components/Toaster";
import { saveFile } from "../../lib/saveFile";

/** "Download my data": the server's JSON about the signed-in person, saved as a dated file. */
function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handleDownload = async () => {
    setBusy(true);
    setError(null);
    try {
      const data = await fetchMyData();
      saveFile(JSON.stringify(data, null, 2), myDataFileName(new Date().toISOString().slice(0, 10)), "application/json");
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SectionCard title="Your data" as="h2">
      <Stack gap="3" align="flex-start">
        <Text>Your account, your roles, your host applications and the mailing lists your address is on, as a JSON file.</Text>
        <Button variant="outline" onClick={() => void handleDownload()} loading={busy}>
          Download my data
        </Button>
        <ErrorAlert message={error} testId="my-data-error" />
      </Stack>
    </SectionCard>
  );
}

/** "Delete my account": asks for the password (and whether to leave every list) in the confirm dialog. */
function DeleteMyAccount({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState("");
  const [leaveLists, setLeaveLists] = useState(false);
  const handleOpen = () => {
    setPassword("");
    setLeaveLists(false);
    setAsking(true);
  };
  const handleConfirm = async () => {
    await deleteAccountRequest({ password, leaveLists });
    await onDeleted();
  };
  return (
    <SectionCard title="Delete my account" as="h2">
      <Stack gap="3" align="flex-start">
        <Text>Your account, your roles and your sessions are deleted for good. The site&apos;s activity history keeps what happened, without your name.</Text>
        <Button colorPalette="danger" variant="outline" onClick={handleOpen}>
          Delete my account
        </Button>
      </Stack>
      <ConfirmDialog
        open={asking}
        title="Delete your account?"
        message={
          <Stack gap="4">
            <Text>This cannot be undone. Enter your password to confirm.</Text>
            <FormField label="Password" name="password" type="password" value={password} onChange={setPassword} autoComplete="current-password" required />
            <Checkbox.Root checked={leaveLists} onCheckedChange={(d) => setLeaveLists(d.checked === true)}>
              <Checkbox.HiddenInput name="leaveLists" />
              <Checkbox.Control />
              <Checkbox.Label>Leave every mailing list too</Checkbox.Label>
            </Checkbox.Root>
          </Stack>
        }
        confirmLabel="Delete my account"
        onConfirm={handleConfirm}
        onClose={() => setAsking(false)}
        testId="delete-account-dialog"
      />
    </SectionCard>
  );
}

export function Settings() {
  const { user, signOut } = useCurrentUser();
  const navigate = useNavigate();
  const handleSignOut = async () => {
    // Leave the signed-in route first, so the guard does not send us to signin.
    navigate("/", { replace: true });
    await signOut();
  };
  const handleDeleted = async () => {
    await handleSignOut();
    notify("success", "Your account is deleted", "You are signed out. Thank you for having been part of the network.");
  };
  return (
    <Page title="Settings" maxW="md">
      {user && (
        <Text>
          Signed in as {user.name} ({user.email}).
        </Text>
      )}
      <Button colorPalette="danger" variant="outline" onClick={handleSignOut} alignSelf="flex-start">
        Sign Out
      </Button>
      <DownloadMyData />
      <DeleteMyAccount onDeleted={handleDeleted} />
    </Page>
  );
}
