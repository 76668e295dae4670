/**
 * Keeps the user's session token between runs, encrypted by the operating system's keychain through
 * Electron's safeStorage (Keychain on macOS, DPAPI on Windows, libsecret or KWallet on Linux).
 * It is never written in clear: when no real keychain is available the token lives in memory only and
 * the user signs in again at the next start.
 */
import fs from "node:fs";
import { removeFile, writeFileAtomic } from "./jsonFile";

/** The parts of Electron's safeStorage used here (injectable for tests). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means a hard-coded key, which is no protection. */
  getSelectedStorageBackend?(): string;
}

export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
  /** True when the token survives a restart (a real keychain is available). */
  persistent(): boolean;
}

function keychainAvailable(safeStorage: SafeStorageLike, platform: NodeJS.Platform = process.platform): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  if (platform === "linux" && safeStorage.getSelectedStorageBackend) {
    const backend = safeStorage.getSelectedStorageBackend();
    if (backend === "basic_text" || backend === "unknown") return false;
  }
  return true;
}

export function createTokenStore(opts: { safeStorage: SafeStorageLike; file: string; platform?: NodeJS.Platform }): TokenStore {
  const { safeStorage, file } = opts;
  const persistent = () => keychainAvailable(safeStorage, opts.platform);
  let memory: string | null | undefined;

  const load = (): string | null => {
    if (!persistent()) return null;
    let encrypted: Buffer;
    try {
      encrypted = fs.readFileSync(file);
    } catch {
      return null;
    }
    try {
      return safeStorage.decryptString(encrypted) || null;
    } catch {
      // Another user's keychain or a damaged file: forget it, the user signs in again.
      removeFile(file);
      return null;
    }
  };

  return {
    persistent,
    get() {
      if (memory === undefined) memory = load();
      return memory;
    },
    set(token) {
      memory = token;
      if (!token || !persistent()) {
        removeFile(file);
        return;
      }
      writeFileAtomic(file, safeStorage.encryptString(token));
    },
  };
}
