import { Button, Text } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { useCurrentUser } from "../../auth/CurrentUser";
import { Page } from "../../components/Page";

export function Settings() {
  const { user, signOut } = useCurrentUser();
  const navigate = useNavigate();
  const handleSignOut = async () => {
    // Leave the signed-in route first, so the guard does not send us to signin.
    navigate("/", { replace: true });
    await signOut();
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
    </Page>
  );
}
