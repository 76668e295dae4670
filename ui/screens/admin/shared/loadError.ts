/** The site admin screens' text for a list or record that could not be loaded. */
export const loadError = (what: string) => `${what} could not be loaded. Please try again.`;
