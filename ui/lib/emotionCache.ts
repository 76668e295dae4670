import createCache, { type EmotionCache } from "@emotion/cache";

/**
 * The Emotion cache Chakra writes its styles into, on both sides of a server-rendered page (one module, so the key is
 * the same). On the server (a new cache per render, see ui/entry-server.tsx) `compat` keeps Emotion from writing
 * `<style>` elements into the markup: the styles stay in the cache and the server puts those the page uses into
 * <head>, as `<style data-emotion="css …">`. In the browser, a cache of the same key reads those elements at
 * start-up, so hydration inserts none of those styles again.
 */
const EMOTION_KEY = "css";

export function createEmotionCache(): EmotionCache {
  const cache = createCache({ key: EMOTION_KEY });
  if (typeof document === "undefined") cache.compat = true;
  return cache;
}
