/** From here on the page answers clicks: its islands run (browser tests wait for this, as for the app: ServerAddressGate). */
export function markPageReady() {
  document.documentElement.dataset.ready = "true";
}
