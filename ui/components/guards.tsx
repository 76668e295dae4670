import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { Center, Spinner } from "@chakra-ui/react";
import { useCurrentUser } from "../auth/CurrentUser";

/** Signed-in routes send others to signin with returnUrl set to the attempted URL, unless it is the root. */
export function signinPathFor(pathWithQuery: string): string {
  return pathWithQuery === "/" || pathWithQuery === "" ? "/signin" : `/signin?returnUrl=${encodeURIComponent(pathWithQuery)}`;
}

export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  if (!user && loading) return <Center py="20"><Spinner /></Center>;
  if (!user) return <Navigate to={signinPathFor(location.pathname + location.search)} replace />;
  return <>{children}</>;
}

/** The site admin area: admins only; everyone else goes home. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading } = useCurrentUser();
  const location = useLocation();
  if (!user && loading) return <Center py="20"><Spinner /></Center>;
  if (!user) return <Navigate to={signinPathFor(location.pathname + location.search)} replace />;
  if (!user.isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
