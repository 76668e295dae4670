import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test/render";
import { SelectField, type Choice } from "./SelectField";

const TYPES: Choice<number>[] = [
  { value: 1, label: "Drinking Liberally" },
  { value: 2, label: "Screening Liberally" },
  { value: 6, label: "Reading Liberally" },
];

function ChapterTypeField({ onValue, error }: { onValue: (value: number) => void; error?: string }) {
  const [value, setValue] = useState(1);
  const handleChange = (next: number) => {
    onValue(next);
    setValue(next);
  };
  return <SelectField label="Chapter Type" name="chapterTypeId" value={value} onChange={handleChange} options={TYPES} error={error} />;
}

describe("SelectField", () => {
  it("labels its select, shows the current choice and hands over the chosen value as it was (a number stays a number)", async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<ChapterTypeField onValue={onValue} />);
    const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Chapter Type" });
    expect(select.name).toBe("chapterTypeId");
    expect(screen.getByRole<HTMLOptionElement>("option", { name: "Drinking Liberally" }).selected).toBe(true);
    await user.selectOptions(select, "Reading Liberally");
    expect(onValue).toHaveBeenCalledWith(6);
    expect(select.value).toBe("6");
  });

  it("shows its error, tied to the select", () => {
    renderWithProviders(<ChapterTypeField onValue={() => {}} error="Chapter type not found" />);
    const select = screen.getByRole("combobox", { name: "Chapter Type" });
    expect(select.getAttribute("aria-invalid")).toBe("true");
    expect(select.getAttribute("aria-errormessage")).toBe(screen.getByText("Chapter type not found").id);
  });
});
