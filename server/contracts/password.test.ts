import { describe, expect, it } from "vitest";
import { newPasswordProblem, passwordBytes } from "./password";

describe("new password rules", () => {
  it("count UTF-8 bytes, not characters", () => {
    expect(passwordBytes("abc")).toBe(3);
    expect(passwordBytes("é")).toBe(2);
    expect(passwordBytes("🔒")).toBe(4);
  });

  it("take 6 characters up to 72 bytes", () => {
    expect(newPasswordProblem("abcde")).toBe("Password must be at least 6 characters");
    expect(newPasswordProblem("abcdef")).toBeNull();
    expect(newPasswordProblem("x".repeat(72))).toBeNull();
    expect(newPasswordProblem("x".repeat(73))).toBe("Password must be at most 72 bytes");
    expect(newPasswordProblem("🔒".repeat(18))).toBeNull();
    expect(newPasswordProblem("🔒".repeat(18) + "x")).toBe("Password must be at most 72 bytes");
  });
});
