/**
 * Strings kept between requests in one piece. V8 builds the text of `+=` and of template literals as a rope (a
 * "cons string": a tree of the pieces it was made of, a heap object each), and keeps it so until something reads
 * it whole. The calendar feeds' events (calendar/feed.ts) hold tens of thousands of such texts at network scale:
 * as ropes they were several hundred thousand small objects that every full garbage collection had to mark, which
 * on a busy core held the event loop up for 50 ms and more. (The text of JSON.stringify was a rope too in Node 20;
 * Node 24's V8 writes it flat, so the kept lists no longer need this.) Turning a text into a number reads it whole, which makes V8 flatten it into one
 * string (the rope's pieces are then garbage); the text itself is unchanged.
 */
export function keptString(text: string): string {
  // The number is not wanted: reading the text whole is what flattens it.
  Number(text);
  return text;
}
