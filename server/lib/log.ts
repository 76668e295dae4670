import { pino, stdSerializers, stdTimeFunctions, type DestinationStream, type Logger } from "pino";

export type { Logger };

/** LOG_LEVEL's values (server/config.ts), most severe first; `silent` logs nothing. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Keys whose values never reach the log, at the top of an entry or one level down (`headers.authorization`).
 * Nothing logs headers, bodies or sessions today; this keeps a later `log.info({ headers })` from leaking them.
 */
const SECRET_KEYS = ["authorization", "cookie", "cookies", "password", "passwordHash", "token", "apiKey", "apiToken", "secret", "sessionSecret"];
const REDACT = [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`)];

/**
 * JSON escapes line breaks and the C0 control characters; these few it leaves as they are, and some viewers
 * take them for line ends (U+2028, U+2029, NEL U+0085) or terminal commands (the C1 range). They can only
 * stand inside JSON strings, where \uXXXX means the same character.
 */
const UNESCAPED = /[\u007f-\u009f\u2028\u2029]/g;
const escapeRest = (line: string) => line.replace(UNESCAPED, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** Standard output, shared by every logger of the process. */
let stdout: DestinationStream | undefined;

/**
 * The server's logger: one JSON object a line (pino), on standard output unless a test gives a destination.
 * Each entry has `level` (a word), `time` (ISO 8601), `pid`, `msg` and its fields; an error goes under `err`
 * with its type, message and stack. Text a user wrote (a path, a value a database refused) stays inside a JSON
 * string, so it cannot start a line of its own. Components take a child: `log.child({ component: "jobs" })`.
 */
export function createLogger(level: LogLevel = "info", destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: stdSerializers.err },
      redact: { paths: REDACT, censor: "[redacted]" },
      hooks: { streamWrite: escapeRest },
    },
    destination ?? (stdout ??= pino.destination({ dest: 1, sync: false })),
  );
}

let fallback: Logger | undefined;

/** For parts built without the server's services (a script, a unit test): info on standard output. */
export function defaultLogger(): Logger {
  return (fallback ??= createLogger("info"));
}

/** A logger that writes nothing (tests that do not look at the log). */
export const silentLogger: Logger = createLogger("silent", { write: () => {} });
