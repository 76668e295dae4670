import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";
import { NewPasswordFields } from "./NewPasswordFields";

function ResetForm() {
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  return (
    <NewPasswordFields
      label="New Password"
      password={{ name: "password", value: password, onChange: setPassword }}
      confirmPassword={{ name: "confirmPassword", value: confirmPassword, onChange: setConfirmPassword }}
    />
  );
}

/** The field whose label starts with `name` (a required field's label ends with its marker). */
const field = (name: string) => screen.getByLabelText<HTMLInputElement>(new RegExp(`^${name}`));

describe("NewPasswordFields", () => {
  it("names both fields after the label, as password fields for a new password, with the rules as help", () => {
    renderWithProviders(<ResetForm />);
    for (const name of ["New Password", "Confirm New Password"]) {
      expect(field(name).type).toBe("password");
      expect(field(name).autocomplete).toBe("new-password");
    }
    expect(screen.getByText("At least 6 characters, at most 72 bytes.")).toBeTruthy();
    expect(screen.queryByText(/must be|do not match/)).toBeNull();
  });

  it("says what is wrong with the password once something is typed, until it is right", async () => {
    const { user } = renderWithProviders(<ResetForm />);
    await user.type(field("New Password"), "abc");
    expect(screen.getByText("Password must be at least 6 characters")).toBeTruthy();
    expect(field("New Password").getAttribute("aria-invalid")).toBe("true");
    await user.type(field("New Password"), "def");
    expect(screen.queryByText("Password must be at least 6 characters")).toBeNull();
    expect(field("New Password").getAttribute("aria-invalid")).toBeNull();
  });

  it("counts bytes, not characters, against the limit of 72", async () => {
    const { user } = renderWithProviders(<ResetForm />);
    await user.type(field("New Password"), "é".repeat(37));
    expect(screen.getByText("Password must be at most 72 bytes")).toBeTruthy();
  });

  it("says the confirmation does not match until it does", async () => {
    const { user } = renderWithProviders(<ResetForm />);
    await user.type(field("New Password"), "correct horse");
    await user.type(field("Confirm New Password"), "correct hors");
    expect(screen.getByText("Passwords do not match")).toBeTruthy();
    await user.type(field("Confirm New Password"), "e");
    expect(screen.queryByText("Passwords do not match")).toBeNull();
    expect(field("Confirm New Password").getAttribute("aria-invalid")).toBeNull();
  });
});
