import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render";
import { FormField } from "./FormField";

/** A FormField holding its own value, as a form's `field(name)` would. */
function CityField(props: Partial<Parameters<typeof FormField>[0]> & { onValue?: (value: string) => void }) {
  const [value, setValue] = useState("");
  const { onValue, ...rest } = props;
  const handleChange = (next: string) => {
    onValue?.(next);
    setValue(next);
  };
  return <FormField label="City" name="city" value={value} onChange={handleChange} {...rest} />;
}

describe("FormField", () => {
  it("labels its input, and hands each change over as text", async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<CityField onValue={onValue} />);
    const input = screen.getByLabelText<HTMLInputElement>("City");
    expect(input.tagName).toBe("INPUT");
    expect(input.name).toBe("city");
    await user.type(input, "Austin");
    expect(input.value).toBe("Austin");
    expect(onValue).toHaveBeenLastCalledWith("Austin");
  });

  it("shows its error below the field, marks the field invalid and ties the message to it", () => {
    renderWithProviders(<CityField required error="City is Required" />);
    const input = screen.getByRole("textbox", { name: /City/ });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("required")).not.toBeNull();
    expect(input.getAttribute("aria-errormessage")).toBe(screen.getByText("City is Required").id);
  });

  it("without an error is valid and shows its helper", () => {
    renderWithProviders(<CityField helper="Where the chapter meets." />);
    const input = screen.getByRole("textbox", { name: "City" });
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-errormessage")).toBeNull();
    expect(input.getAttribute("aria-describedby")?.split(" ")).toContain(screen.getByText("Where the chapter meets.").id);
    expect(screen.queryByText("City is Required")).toBeNull();
  });

  it("is a text area when multiline, and reports leaving the field", async () => {
    const onBlur = vi.fn();
    const { user } = renderWithProviders(<CityField label="Description" multiline rows={6} onBlur={onBlur} />);
    const area = screen.getByLabelText<HTMLTextAreaElement>("Description");
    expect(area.tagName).toBe("TEXTAREA");
    expect(area.getAttribute("rows")).toBe("6");
    await user.click(area);
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it("takes no typing when disabled", async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<CityField disabled onValue={onValue} />);
    await user.type(screen.getByLabelText("City"), "x");
    expect(onValue).not.toHaveBeenCalled();
  });
});
