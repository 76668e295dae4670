import { createSystem, defaultConfig } from "@chakra-ui/react";

/**
 * The Chakra system (tokens, recipes). Built in a module of its own so the start-up can evaluate it in a
 * task of its own (see main.tsx): creating it is the single most expensive step of the first load.
 */
export const system = createSystem(defaultConfig);
