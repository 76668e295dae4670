import { createSystem, defaultConfig, type SystemContext } from "@chakra-ui/react";

/**
 * The Chakra system (tokens, recipes). Creating it is the single most expensive step of the first load, so
 * main.tsx runs it in a task of its own (after Chakra's modules are evaluated, before the app renders).
 */
let system: SystemContext | null = null;

/** The one system of the app, created on first use. */
export function initSystem(): SystemContext {
  system ??= createSystem(defaultConfig);
  return system;
}
