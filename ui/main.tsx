import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

// The first render runs as a transition, so React renders in small slices and never blocks the main
// thread for long (Total Blocking Time); nothing shows before the first paint anyway.
const root = createRoot(document.getElementById("root")!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
