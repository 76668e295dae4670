import { ChakraProvider } from "@chakra-ui/react";
import { CacheProvider } from "@emotion/react";
import type { EmotionCache } from "@emotion/cache";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createQueryClient } from "./api/queryClient";
import { createEmotionCache } from "./lib/emotionCache";
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
 * The app's one route table: the browser's router and the server's renderer both use it, the server to find the
 * reads of the page's route (its handle, see ui/screens/public/routes.tsx) before it renders the page.
 */
export function appRoutes() {
  return (
    <Route element={<Layout />}>
      {publicRoutes()}
      {accountRoutes()}
      {chapterAdminRoutes()}
      {adminRoutes()}
      <Route path="*" element={<NotFound />} />
    </Route>
  );
}

/**
 * Every route of spec 000 section 2; the admin areas are split into their own lazily loaded bundles. One query
 * cache per page load: the server renders public pages into the one it prefetched into (`location` set, see
 * ui/entry-server.tsx), and the browser hydrates them with that cache's state (ui/main.tsx). Likewise one Emotion
 * cache: the server collects the page's styles in the one it passes and puts them into <head> (ui/lib/emotionCache.ts).
 */
export function App({ queryClient, location, emotionCache }: { queryClient?: QueryClient; location?: string; emotionCache?: EmotionCache }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [styles] = useState(() => emotionCache ?? createEmotionCache());
  const routes = (
    <>
      <PlatformNavigation />
      <AdminNotices />
      <Routes>{appRoutes()}</Routes>
    </>
  );
  return (
    <CacheProvider value={styles}>
      <ChakraProvider value={initSystem()}>
        <QueryClientProvider client={client}>
          <CurrentUserProvider>
            {location === undefined ? <BrowserRouter>{routes}</BrowserRouter> : <StaticRouter location={location}>{routes}</StaticRouter>}
            <Toaster />
          </CurrentUserProvider>
        </QueryClientProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
