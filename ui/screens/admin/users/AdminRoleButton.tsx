import { Button } from "@chakra-ui/react";
import { useState } from "react";
import type { AdminUserRow } from "../../../../server/contracts/siteAdmin";
import { useSetAdmin } from "../../../api/users";
import { useCurrentUser } from "../../../auth/CurrentUser";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { notify } from "../../../components/Toaster";

/**
 * Make Admin / Remove Admin on a user's page, asking first. The server keeps the last admin (the dialog then shows
 * its reason); an admin who removes their own role leaves the site admin area.
 */
export function AdminRoleButton({ user }: { user: AdminUserRow }) {
  const [open, setOpen] = useState(false);
  // What the question asks, kept while it closes (the user's flag changes under it once saved).
  const [making, setMaking] = useState(!user.isAdmin);
  const { user: me } = useCurrentUser();
  const { mutateAsync: setAdmin } = useSetAdmin(user.id);
  const isMe = me?.id === user.id;

  const handleAsk = () => {
    setMaking(!user.isAdmin);
    setOpen(true);
  };

  const handleConfirm = async () => {
    await setAdmin({ isAdmin: making });
    notify("success", making ? `${user.name} is now an admin` : `${user.name} is no longer an admin`);
  };

  const message = making
    ? `${user.name} will be able to manage every chapter, user and setting of the network.`
    : isMe
      ? "You will no longer reach the site admin area. Your chapter roles stay."
      : `${user.name} will no longer reach the site admin area. Their chapter roles stay.`;

  return (
    <>
      <Button size="xs" variant="outline" colorPalette={user.isAdmin ? "danger" : "brand"} onClick={handleAsk}>
        {user.isAdmin ? "Remove Admin" : "Make Admin"}
      </Button>
      <ConfirmDialog
        open={open}
        title={making ? `Make ${user.name} an admin?` : isMe ? "Remove your own admin role?" : `Remove ${user.name}'s admin role?`}
        message={message}
        confirmLabel={making ? "Make Admin" : "Remove Admin"}
        confirmPalette={making ? "brand" : "danger"}
        onConfirm={handleConfirm}
        onClose={() => setOpen(false)}
        testId="admin-role-dialog"
      />
    </>
  );
}
