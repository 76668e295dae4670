import { ChakraProvider } from "@chakra-ui/react";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createQueryClient } from "./api/queryClient";
import { initSystem } from "./theme";
import { BrowserRouter, Route, Routes, StaticRouter } from "react-router-dom";
import { CurrentUserProvider } from "./auth/CurrentUser";
import { Layout } from "./components/Layout";
import { Toaster } from "./components/Toaster";
import { AdminNotices } from "./components/AdminNotices";
import { PlatformNavigation } from "./components/PlatformNavigation";
import { accountRoutes } from "./screens/account/routes";
import { NotFound } from "./screens/NotFound";
import { publicRoutes } from "./screens/public/routes";
import { chapterAdminRoutes } from "./screens/chapterAdmin/routes";
import { adminRoutes } from "./screens/admin/routes";

/**
 * Every route of spec 000 section 2; the admin areas are split into their own lazily loaded bundles. One query
 * cache per page load: the server renders public pages into the one it prefetched into (`location` set, see
 * ui/entry-server.tsx), and the browser hydrates them with that cache's state (ui/main.tsx).
 */
export function App({ queryClient, location }: { queryClient?: QueryClient; location?: string }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const routes = (
    <>
      <PlatformNavigation />
      <AdminNotices />
      <Routes>
        <Route element={<Layout />}>
          {publicRoutes()}
          {accountRoutes()}
          {chapterAdminRoutes()}
          {adminRoutes()}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </>
  );
  return (
    <ChakraProvider value={initSystem()}>
      <QueryClientProvider client={client}>
        <CurrentUserProvider>
          {location === undefined ? <BrowserRouter>{routes}</BrowserRouter> : <StaticRouter location={location}>{routes}</StaticRouter>}
          <Toaster />
        </CurrentUserProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
