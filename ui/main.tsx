import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { ServerAddressGate } from "./components/ServerAddressGate";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ServerAddressGate>
      <App />
    </ServerAddressGate>
  </StrictMode>,
);
