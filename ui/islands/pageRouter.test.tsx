import { renderToString } from "react-dom/server";
import { ChakraProvider, Link as ChakraLink } from "@chakra-ui/react";
import { Link as RouterLink, StaticRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import { initSystem } from "../theme";
import { Link, useLocation, useNavigate, useSearchParams } from "./pageRouter";

describe("the islands' router (page loads)", () => {
  it("renders a link as react-router renders it on the server, so an island's links hydrate as they are", () => {
    const cases: [string, Record<string, string>][] = [
      ["/chapter/tx/austin", { className: "chakra-link" }],
      ["/?place=78704", { "aria-label": "Search again", target: "_self" }],
      ["/start_chapter?city=Austin&state=TX", {}],
    ];
    for (const [to, props] of cases) {
      const server = renderToString(
        <StaticRouter location="/">
          <RouterLink to={to} {...props}>
            Go
          </RouterLink>
        </StaticRouter>,
      );
      expect(
        renderToString(
          <Link to={to} {...props}>
            Go
          </Link>,
        ),
      ).toBe(server);
    }
  });

  it("passes a Chakra link's props on (asChild)", () => {
    expect(
      renderToString(
        <ChakraProvider value={initSystem()}>
          <ChakraLink asChild color="link">
            <Link to="/about">About</Link>
          </ChakraLink>
        </ChakraProvider>,
      ),
    ).toMatch(/^<a class="chakra-link [^"]+" href="\/about" data-discover="true">About<\/a>$/);
  });

  describe("in the browser", () => {
    afterEach(() => vi.restoreAllMocks());

    it("reads the address", () => {
      window.history.replaceState(null, "", "/?place=78704#map");
      const { result } = renderHook(() => ({ location: useLocation(), params: useSearchParams()[0] }));
      expect(result.current.location).toMatchObject({ pathname: "/", search: "?place=78704", hash: "#map" });
      expect(result.current.params.get("place")).toBe("78704");
    });

    it("navigates by loading the page", () => {
      const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
      const replace = vi.spyOn(window.location, "replace").mockImplementation(() => undefined);
      const { result } = renderHook(() => useNavigate());
      result.current("/chapters/tx");
      result.current({ pathname: "/", search: "?place=Austin" }, { replace: true });
      expect(assign).toHaveBeenCalledWith("/chapters/tx");
      expect(replace).toHaveBeenCalledWith("/?place=Austin");
    });
  });
});
