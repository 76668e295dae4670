import { inspect } from "node:util";

/**
 * Log lines that user text cannot forge. Messages and error texts carry user input (a request path, a value
 * a database refused, a provider's answer naming an address): their line breaks and other control
 * characters are escaped (\r, \n, \u0007), so one log entry is one line plus the stack frames of its error,
 * each indented. Nothing typed into a form can start a line of its own.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Record<string, string> = { "\r": "\\r", "\n": "\\n", "\t": "\\t" };

export function logText(text: string): string {
  return String(text).replace(CONTROL, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** An error as log text: "Name: message [code]" on one line, then its stack frames, indented. */
export function logError(err: unknown): string {
  if (!(err instanceof Error)) return logText(typeof err === "string" ? err : inspect(err, { breakLength: Infinity }));
  const code = (err as { code?: unknown }).code;
  const head = logText(`${err.name}: ${err.message}${code !== undefined ? ` [${String(code)}]` : ""}`);
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  return [head, ...frames.map((frame) => `    ${logText(frame.trim())}`)].join("\n");
}

/** The default log of the server: one escaped line, and the error's frames under it. */
export function writeLog(message: string, err?: unknown): void {
  console.error(err === undefined || err === "" ? logText(message) : `${logText(message)}: ${logError(err)}`);
}

/** A warning (no error object), escaped the same way. */
export function writeWarning(message: string): void {
  console.warn(logText(message));
}
