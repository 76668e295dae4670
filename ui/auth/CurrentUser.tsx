import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { AuthResponse, CurrentUser } from "../../server/contracts/user";
import { api } from "../api/client";
import { platform } from "../platform";

const STORAGE_KEY = "currentUser";

interface CurrentUserState {
  user: CurrentUser | null;
  /** True until the server has confirmed who is signed in. */
  loading: boolean;
  setSignedIn(res: AuthResponse): Promise<void>;
  signOut(): Promise<void>;
  refresh(): Promise<void>;
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

/** Keeps the signed-in user (spec: kept in local storage as currentUser), confirmed by GET /api/auth/user. */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<CurrentUser | null>(readStored);
  const [loading, setLoading] = useState(true);

  const apply = useCallback((u: CurrentUser | null) => {
    store(u);
    setUser(u);
  }, []);

  const refresh = useCallback(async () => {
    try {
      const res = await api.get<AuthResponse>("/api/auth/user");
      apply(res.user);
    } catch {
      /* keep what we have when offline */
    } finally {
      setLoading(false);
    }
  }, [apply]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo<CurrentUserState>(
    () => ({
      user,
      loading,
      refresh,
      async setSignedIn(res) {
        if (res.token) await platform.setToken(res.token);
        apply(res.user);
        setLoading(false);
      },
      async signOut() {
        try {
          await api.get("/api/auth/signout");
        } catch (err) {
          console.error("Sign-out failed", err);
        }
        await platform.setToken(null);
        apply(null);
      },
    }),
    [user, loading, refresh, apply],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useCurrentUser(): CurrentUserState {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error("useCurrentUser needs CurrentUserProvider");
  return ctx;
}
