import type { Locator, Page } from "@playwright/test";

/** The toasts at the top right (ui/components/ToastList.tsx): each says its type; some carry an action button. */
export class Toasts {
  constructor(private readonly page: Page) {}

  of(type: "success" | "error" | "warning" | "info"): Locator {
    return this.page.getByTestId(`toast-${type}`);
  }

  /** A toast's action button ("My Chapters"). */
  action(toast: Locator, name: string): Locator {
    return toast.getByRole("button", { name, exact: true });
  }
}
