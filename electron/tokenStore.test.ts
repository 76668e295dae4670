import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTokenStore, type SafeStorageLike } from "./tokenStore";

const TOKEN = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";
let dir: string;
let file: string;

/** Encrypts by XOR and a marker, like a keychain it never yields the plaintext. */
function fakeSafeStorage(over: Partial<SafeStorageLike> = {}): SafeStorageLike & { encrypted: number } {
  const s = {
    encrypted: 0,
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => "gnome_libsecret",
    encryptString(plain: string) {
      s.encrypted += 1;
      return Buffer.concat([Buffer.from("v10"), Buffer.from(plain).map((b) => b ^ 0x33)]);
    },
    decryptString(buf: Buffer) {
      if (buf.subarray(0, 3).toString() !== "v10") throw new Error("bad ciphertext");
      return Buffer.from(buf.subarray(3).map((b) => b ^ 0x33)).toString();
    },
    ...over,
  };
  return s;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "chapterhouse-token-"));
  file = path.join(dir, "session.bin");
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("token storage", () => {
  it("round-trips through the keychain and survives a restart", () => {
    const safe = fakeSafeStorage();
    createTokenStore({ safeStorage: safe, file, platform: "linux" }).set(TOKEN);
    expect(safe.encrypted).toBe(1);
    const restarted = createTokenStore({ safeStorage: safe, file, platform: "linux" });
    expect(restarted.get()).toBe(TOKEN);
    expect(restarted.persistent()).toBe(true);
  });

  it("never writes the plaintext", () => {
    createTokenStore({ safeStorage: fakeSafeStorage(), file, platform: "darwin" }).set(TOKEN);
    const bytes = fs.readFileSync(file);
    expect(bytes.includes(Buffer.from(TOKEN))).toBe(false);
    expect(bytes.includes(Buffer.from(TOKEN.slice(0, 12)))).toBe(false);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });

  it("keeps the token in memory only when there is no real keychain", () => {
    for (const safe of [fakeSafeStorage({ isEncryptionAvailable: () => false }), fakeSafeStorage({ getSelectedStorageBackend: () => "basic_text" })]) {
      const store = createTokenStore({ safeStorage: safe, file, platform: "linux" });
      store.set(TOKEN);
      expect(store.get()).toBe(TOKEN);
      expect(store.persistent()).toBe(false);
      expect(fs.existsSync(file)).toBe(false);
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });

  it("signing out removes the stored token", () => {
    const store = createTokenStore({ safeStorage: fakeSafeStorage(), file, platform: "win32" });
    store.set(TOKEN);
    store.set(null);
    expect(store.get()).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
  });

  it("forgets a token it cannot decrypt", () => {
    fs.writeFileSync(file, "garbage");
    const store = createTokenStore({ safeStorage: fakeSafeStorage(), file, platform: "linux" });
    expect(store.get()).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
  });
});
