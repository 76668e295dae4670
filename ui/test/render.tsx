import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import type { CurrentUser } from "../../server/contracts/user";
import { authKeys } from "../api/auth";
import { createQueryClient } from "../api/queryClient";
import { CurrentUserProvider } from "../auth/CurrentUser";
import { initSystem } from "../theme";

export interface RenderWithProvidersOptions extends Omit<RenderOptions, "wrapper"> {
  /** The router's location (a MemoryRouter). */
  route?: string;
  /** Who is signed in (null: nobody), for components that ask useCurrentUser; answered from the cache, not the API. */
  currentUser?: CurrentUser | null;
}

/**
 * Renders a component as the app does (ui/App.tsx): the Chakra system, a fresh query cache with the app's
 * defaults, and a router; answers `user` (user-event) to type and click with, and the query cache.
 */
export function renderWithProviders(ui: ReactElement, { route = "/", currentUser, ...options }: RenderWithProvidersOptions = {}) {
  const queryClient = createQueryClient();
  if (currentUser !== undefined) queryClient.setQueryData(authKeys.user(), currentUser);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ChakraProvider value={initSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{currentUser !== undefined ? <CurrentUserProvider>{children}</CurrentUserProvider> : children}</MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>
  );
  const user = userEvent.setup();
  return { ...render(ui, { wrapper: Wrapper, ...options }), user, queryClient };
}
