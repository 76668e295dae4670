import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Button } from "@chakra-ui/react";
import { LinkButton } from "./LinkButton";
import { renderWithProviders } from "../test/render";

describe("LinkButton", () => {
  it("is the link it wraps, styled as a button, with no type attribute (Button asChild gives one)", () => {
    renderWithProviders(
      <>
        <LinkButton colorPalette="brand">
          <a href="/intro_start_chapter">Start One</a>
        </LinkButton>
        <Button asChild>
          <a href="/other">Other</a>
        </Button>
      </>,
    );
    const link = screen.getByRole("link", { name: "Start One" });
    expect(link.getAttribute("href")).toBe("/intro_start_chapter");
    expect(link.hasAttribute("type")).toBe(false);
    expect(link.className).toContain("chakra-button");
    // What it replaces does carry one, which is why it exists.
    expect(screen.getByRole("link", { name: "Other" }).getAttribute("type")).toBe("button");
  });
});
