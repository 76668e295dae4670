import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { AuthResponse, CurrentUser } from "../../server/contracts/user";
import { applySignIn, authQueries, signOut } from "../api/auth";

const STORAGE_KEY = "currentUser";

interface CurrentUserState {
  user: CurrentUser | null;
  /** True until the server has confirmed who is signed in. */
  loading: boolean;
  setSignedIn(res: AuthResponse): Promise<void>;
  signOut(): Promise<void>;
}

const Ctx = createContext<CurrentUserState | null>(null);

function readStored(): CurrentUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as CurrentUser) : null;
  } catch {
    return null;
  }
}

function store(user: CurrentUser | null) {
  try {
    if (user) localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage may be unavailable */
  }
}

/**
 * Keeps the signed-in user (spec: kept in local storage as currentUser), confirmed by GET /api/auth/user
 * through the query cache. Until the server answers, and when it cannot (offline), the stored user stands in.
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [stored] = useState(readStored);
  const confirmed = useQuery(authQueries.currentUser());
  const user = confirmed.data !== undefined ? confirmed.data : stored;

  // Local storage follows what the server says.
  useEffect(() => {
    if (confirmed.data !== undefined) store(confirmed.data);
  }, [confirmed.data]);

  const setSignedIn = useCallback((res: AuthResponse) => applySignIn(queryClient, res), [queryClient]);
  const handleSignOut = useCallback(() => signOut(queryClient), [queryClient]);

  const value = useMemo<CurrentUserState>(
    () => ({ user, loading: confirmed.isPending, setSignedIn, signOut: handleSignOut }),
    [user, confirmed.isPending, setSignedIn, handleSignOut],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useCurrentUser(): CurrentUserState {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("useCurrentUser needs CurrentUserProvider");
  return ctx;
}
