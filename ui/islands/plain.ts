import { currentColorMode, subscribeColorMode, toggleColorMode } from "../lib/colorMode";
import { closeWhenLeft } from "../lib/disclosure";

/**
 * The islands whose part is a few lines of DOM code (the header's): on a page that starts by its islands they wire
 * the server's markup of their component, and React never runs for them. A page whose only islands are these (an
 * about page, a blog post) starts with no React at all (ui/islands/entry.ts). The app renders their components.
 */
export const plainIslands = {
  /** ColorModeToggle's button: switches the mode; aria-pressed follows the mode the page shows. */
  colorMode(place: HTMLElement) {
    const button = place.querySelector("button");
    if (!button) return;
    const show = () => button.setAttribute("aria-pressed", String(currentColorMode() === "dark"));
    show();
    subscribeColorMode(show);
    button.addEventListener("click", toggleColorMode);
  },
  /** PhoneMenu's <details>: closed on Escape and on a click elsewhere (its links load pages). */
  phoneMenu(place: HTMLElement) {
    const details = place.querySelector("details");
    if (details) closeWhenLeft(details);
  },
} satisfies Record<string, (place: HTMLElement) => void>;

export type PlainIslandName = keyof typeof plainIslands;

export const isPlainIslandName = (name: string | undefined): name is PlainIslandName => name !== undefined && Object.hasOwn(plainIslands, name);
