import { fireEvent, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ColorModeToggle } from "../components/ColorModeToggle";
import { PhoneMenu } from "../components/SiteMenu";
import { renderWithProviders } from "../test/render";
import { plainIslands } from "./plain";

/** A component's markup as the server sends it: rendered, then copied into the page with no React behind it. */
function serverMarkup(ui: ReactElement): HTMLElement {
  const view = renderWithProviders(ui, { currentUser: null });
  const html = view.container.innerHTML;
  view.unmount();
  const place = document.createElement("div");
  place.innerHTML = html;
  document.body.append(place);
  return place;
}

afterEach(() => {
  document.body.innerHTML = "";
  document.documentElement.className = "";
  document.cookie = "ch_color_mode=; Max-Age=0; Path=/";
});

describe("the header's plain islands, wired to their components' server markup", () => {
  it("dark mode: a click switches the page's mode and keeps it in the cookie; aria-pressed follows", () => {
    const place = serverMarkup(<ColorModeToggle />);
    plainIslands.colorMode(place);
    const button = within(place).getByRole("button", { name: "Dark mode" });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    button.click();
    expect(document.documentElement.classList.contains("dark")).toBe(true);
    expect(button.getAttribute("aria-pressed")).toBe("true");
    expect(document.cookie).toContain("ch_color_mode=dark");
    button.click();
    expect(document.documentElement.className).toBe("light");
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(document.cookie).toContain("ch_color_mode=light");
  });

  it("dark mode: a page the server sent dark says so at once, and both toggles of the header follow one click", () => {
    // The server renders the toggle unpressed whatever the mode (it renders without the reader's cookie).
    const places = [serverMarkup(<ColorModeToggle />), serverMarkup(<ColorModeToggle />)];
    expect(places.map((place) => within(place).getByRole("button").getAttribute("aria-pressed"))).toEqual(["false", "false"]);
    document.documentElement.classList.add("dark");
    for (const place of places) plainIslands.colorMode(place);
    const buttons = places.map((place) => within(place).getByRole("button", { name: "Dark mode" }));
    expect(buttons.map((b) => b.getAttribute("aria-pressed"))).toEqual(["true", "true"]);
    buttons[1].click();
    expect(buttons.map((b) => b.getAttribute("aria-pressed"))).toEqual(["false", "false"]);
  });

  it("the phone menu closes on Escape (the focus back on Menu) and on a click elsewhere, not on one inside", () => {
    const place = serverMarkup(<PhoneMenu />);
    plainIslands.phoneMenu(place);
    const details = place.querySelector("details")!;
    const summary = details.querySelector("summary")!;
    const about = within(place).getByRole("link", { name: "About", hidden: true });

    details.open = true;
    fireEvent.keyDown(about, { key: "Escape" });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(summary);

    details.open = true;
    fireEvent.pointerDown(about);
    expect(details.open).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(details.open).toBe(false);
  });
});
