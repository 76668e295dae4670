import { Center, ChakraProvider, Spinner } from "@chakra-ui/react";
import { initSystem } from "../theme";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { markHydrated } from "../lib/hydration";
import { platform } from "../platform";

const ServerAddress = lazy(() => import("../screens/desktop/ServerAddress").then((m) => ({ default: m.ServerAddress })));

/**
 * Shows the app once the platform knows its server: always in the browser; in the desktop app after the
 * first-run prompt for the server address. Nothing calls the API before that.
 */
export function ServerAddressGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => platform.hasServerAddress());
  // From here on the page answers clicks: a page the server rendered is hydrated (browser tests wait for this).
  useEffect(() => {
    markHydrated();
    document.documentElement.dataset.ready = "true";
  }, []);
  if (ready) return <>{children}</>;
  return (
    <ChakraProvider value={initSystem()}>
      <Suspense
        fallback={
          <Center py="20">
            <Spinner />
          </Center>
        }
      >
        <ServerAddress onConnected={() => setReady(true)} />
      </Suspense>
    </ChakraProvider>
  );
}
