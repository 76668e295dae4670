/**
 * The desktop app's settings file (config.json in the user data folder): which server it talks to.
 * The address is asked for on first run; tokens are kept elsewhere (tokenStore.ts), encrypted.
 */
import { CURRENT_USER_PATH } from "./constants";
import { readJsonFile, writeJsonFile } from "./jsonFile";

interface DesktopSettings {
  serverAddress: string | null;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const SERVER_ADDRESS_MESSAGES = {
  required: "Please enter the address of your Chapterhouse server.",
  invalid: "That is not a web address. It looks like https://chapters.example.org.",
  https: "The address must start with https:// (http:// is only allowed for this computer).",
  credentials: "The address must not contain a user name or password.",
  unreachable: (origin: string) => `Could not reach a Chapterhouse server at ${origin}. Check the address and your connection.`,
  notChapterhouse: (origin: string) => `${origin} answered, but it is not a Chapterhouse server.`,
};

/**
 * Turns what the user typed into the server's origin: https:// is assumed when no scheme is given,
 * http:// is only accepted for this computer (tokens must not cross the network in clear), and any path is dropped.
 */
export function normalizeServerAddress(input: string): { origin: string } | { error: string } {
  const raw = String(input ?? "").trim();
  if (!raw) return { error: SERVER_ADDRESS_MESSAGES.required };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return { error: SERVER_ADDRESS_MESSAGES.invalid };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { error: SERVER_ADDRESS_MESSAGES.https };
  if (!url.hostname || !/^[a-z0-9.[\]:-]+$/i.test(url.hostname)) return { error: SERVER_ADDRESS_MESSAGES.invalid };
  if (url.username || url.password) return { error: SERVER_ADDRESS_MESSAGES.credentials };
  if (url.protocol === "http:" && !LOOPBACK.has(url.hostname)) return { error: SERVER_ADDRESS_MESSAGES.https };
  return { origin: url.origin };
}

/** Asks GET /api/auth/user, which every Chapterhouse server answers with { user, error }. Null when it is one. */
export async function probeServer(origin: string, fetchFn: (url: string, init?: RequestInit) => Promise<Response>, timeoutMs = 10_000): Promise<string | null> {
  let res: Response;
  try {
    res = await fetchFn(origin + CURRENT_USER_PATH, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    return SERVER_ADDRESS_MESSAGES.unreachable(origin);
  }
  try {
    const body = (await res.json()) as Record<string, unknown>;
    if (res.ok && body && typeof body === "object" && "user" in body) return null;
  } catch {
    /* not JSON */
  }
  return SERVER_ADDRESS_MESSAGES.notChapterhouse(origin);
}

export interface SettingsStore {
  get(): DesktopSettings;
  setServerAddress(origin: string | null): void;
}

export function createSettingsStore(file: string): SettingsStore {
  let current: DesktopSettings = { serverAddress: null, ...readJsonFile<Partial<DesktopSettings>>(file, {}) };
  const checked = current.serverAddress ? normalizeServerAddress(current.serverAddress) : null;
  if (checked && "error" in checked) current = { ...current, serverAddress: null };
  return {
    get: () => ({ ...current }),
    setServerAddress(origin) {
      current = { ...current, serverAddress: origin };
      writeJsonFile(file, current);
    },
  };
}
