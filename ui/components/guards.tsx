import { useRef, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { Center, Spinner } from "@chakra-ui/react";
import { useCurrentUser } from "../auth/CurrentUser";

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

/** The site admin area: admins only; everyone else goes home. */
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
  if (!user.isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
