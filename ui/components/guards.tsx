import { useEffect, useRef, type ReactNode } from "react";
import { Navigate, useLocation, useNavigate } from "react-router-dom";
import { Center, Spinner } from "@chakra-ui/react";
import { useCurrentUser } from "../auth/CurrentUser";
import type { CurrentUser } from "../../server/contracts/user";
import { notify } from "./Toaster";

/** Signed-in routes send others to signin with returnUrl set to the attempted URL, unless it is the root. */
function signinPathFor(pathWithQuery: string): string {
  return pathWithQuery === "/" || pathWithQuery === "" ? "/signin" : `/signin?returnUrl=${encodeURIComponent(pathWithQuery)}`;
}

/**
 * True once the user has been signed in while this route was on screen. Signing out (Settings) leaves for the
 * home page in a navigation React may still be rendering when the sign-out lands: the route must not then
 * send the user to sign in again.
 */
function useWasSignedInHere(signedIn: boolean): boolean {
  const seen = useRef(false);
  if (signedIn) seen.current = true;
  return seen.current;
}

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  const signedOutHere = useWasSignedInHere(Boolean(user)) && !user;
  if (!user && loading)
    return (
      <Center py="20">
        <Spinner />
      </Center>
    );
  if (signedOutHere) return <Navigate to="/" replace />;
  if (!user) return <Navigate to={signinPathFor(location.pathname + location.search)} replace />;
  return <>{children}</>;
}

/** What a signed-in person who is not an admin is told on the way home from /admin: what they may open instead. */
function adminRefusal(user: Pick<CurrentUser, "isFieldOrganizer" | "hasChapters">): { title: string; description: string; myChapters: boolean } {
  const title = "Admin Tools are for site admins";
  if (user.isFieldOrganizer)
    return { title, description: "As a field organizer, open My Chapters: your chapters' admin, their health and their stats.", myChapters: true };
  if (user.hasChapters) return { title, description: "Open My Chapters for your chapter's admin: its events, members, emails and stats.", myChapters: true };
  return { title, description: "You can open your Settings and your host applications from the menu.", myChapters: false };
}

/** Sends a signed-in non-admin home, with a toast saying what they may open (once, however often React runs effects). */
function LeaveAdmin({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    const { title, description, myChapters } = adminRefusal(user);
    notify("info", title, description, myChapters ? { label: "My Chapters", onClick: () => void navigate("/my_chapters") } : undefined);
  }, [user, navigate]);
  return <Navigate to="/" replace />;
}

/** The site admin area: admins only; everyone else goes home, told what they may open. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  if (!user && loading)
    return (
      <Center py="20">
        <Spinner />
      </Center>
    );
  if (!user) return <Navigate to={signinPathFor(location.pathname + location.search)} replace />;
  if (!user.isAdmin) return <LeaveAdmin user={user} />;
  return <>{children}</>;
}
