import type { Context, Next } from "koa";
import {
  DBError,
  NotFoundError as ObjectionNotFound,
  UniqueViolationError,
  ForeignKeyViolationError,
  CheckViolationError,
  NotNullViolationError,
  ValidationError as ObjectionValidationError,
} from "objection";
import { ZodError } from "zod";

/**
 * The one error shape every API answer uses:
 *   { "error": "human message", "errorId": "stable_machine_id", "field"?: "name" }
 * The UI branches on errorId, never on the message text.
 */
export interface ErrorBody {
  error: string;
  errorId: string;
  field?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorId: string,
    message: string,
    readonly field?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  /** Seconds after which the same request may succeed: sent as Retry-After. */
  retryAfterSeconds?: number;
}

export const badRequest = (message: string, field?: string) => new ApiError(400, "validation_failed", message, field);
export const unauthorized = (message = "Please sign in to continue.") => new ApiError(401, "authentication_required", message);
export const forbidden = (message = "You do not have permission to do that.") => new ApiError(403, "forbidden", message);
export const notFound = (what = "Resource") => new ApiError(404, "not_found", `${what} not found`);
export const conflict = (message: string, field?: string) => new ApiError(409, "conflict", message, field);
export const tooManyRequests = (message: string) => new ApiError(429, "rate_limited", message);
export const payloadTooLarge = (message = "Request body is too large") => new ApiError(413, "payload_too_large", message);
/** Too much of one kind of work at once, from everyone together: a 429 saying when to try again. */
export function busy(message: string, retryAfterSeconds: number): ApiError {
  const error = new ApiError(429, "busy", message);
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}
const badBodyEncoding = (encoding: string) => new ApiError(400, "bad_body_encoding", `The request body could not be decoded as ${encoding}`);
export const unsupportedBodyEncoding = (message = "The request body's Content-Encoding is not supported: send it as it is, or as gzip, deflate or br") =>
  new ApiError(415, "unsupported_body_encoding", message);
export const jsonRequired = (what: string) => new ApiError(415, "json_required", `Send the ${what} as JSON (Content-Type: application/json)`);
export const crossSiteRequest = (message: string) => new ApiError(403, "cross_site_request", message);

/** Turns a zod failure into the first problem, naming the field. */
export function fromZod(err: ZodError): ApiError {
  const issue = err.issues[0];
  const field = issue?.path.map(String).join(".") || undefined;
  let message = issue?.message ?? "Invalid input";
  // Our schemas carry their own messages; zod's generic ones ("Invalid input: ...") get the field name.
  if (field && /^(Invalid|Expected|Too (small|big)|Unrecognized)/.test(message)) {
    message = `${field}: ${message}`;
  }
  return badRequest(message, field);
}

function columnFrom(err: { columns?: string[]; column?: string }): string | undefined {
  const col = err.columns?.[0] ?? err.column;
  return col ? col.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) : undefined;
}

/**
 * Postgres refusals of a value that got past validation (SQLSTATE class 22, data exception): the client's input
 * is at fault, so a 400, never a 500. Each route should refuse such input at its boundary with a clearer
 * message; these are logged (not expected) so a missing check is noticed. SQLite accepts all of them.
 */
const POSTGRES_DATA_ERRORS: Record<string, string> = {
  "22021": "Text may not contain NUL characters or invalid characters",
  "22P05": "Text may not contain NUL characters or invalid characters",
  "22003": "A number is out of range",
  "22P02": "A value is not in the expected form",
  "22001": "A value is too long",
};

function postgresDataError(err: unknown): string | undefined {
  const e = err as { code?: unknown; nativeError?: { code?: unknown } } | null;
  const code = e?.nativeError?.code ?? e?.code;
  return typeof code === "string" ? POSTGRES_DATA_ERRORS[code] : undefined;
}

/** Maps any thrown value to a status and the public body. Unknown errors reveal nothing. */
export function toHttpError(err: unknown): { status: number; body: ErrorBody; expected: boolean; headers?: Record<string, string> } {
  if (err instanceof ApiError) {
    const body: ErrorBody = { error: err.message, errorId: err.errorId, ...err.extra };
    if (err.field) body.field = err.field;
    return { status: err.status, body, expected: true };
  }
  if (err instanceof ZodError) return toHttpError(fromZod(err));
  if (err instanceof UniqueViolationError) {
    const field = columnFrom(err);
    return toHttpError(conflict(field ? `That ${field} is already taken` : "That record already exists", field));
  }
  if (err instanceof ForeignKeyViolationError) return toHttpError(badRequest("A referenced record does not exist"));
  if (err instanceof NotNullViolationError) {
    const field = columnFrom(err);
    return toHttpError(badRequest(field ? `${field} is required` : "A required field is missing", field));
  }
  if (err instanceof CheckViolationError) return toHttpError(badRequest("A value is out of range"));
  if (err instanceof ObjectionNotFound) return toHttpError(notFound());
  if (err instanceof ObjectionValidationError) return toHttpError(badRequest(err.message));
  const dataError = postgresDataError(err);
  if (dataError) return { ...toHttpError(badRequest(dataError)), expected: false };
  const e = err as { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string };
  const status = e?.status ?? e?.statusCode;
  if (status === 413 || e?.type === "entity.too.large") return toHttpError(payloadTooLarge());
  if (status === 400 && (e?.type === "entity.parse.failed" || /JSON|parse/i.test(e?.message ?? ""))) {
    return toHttpError(badRequest("Request body is not valid JSON"));
  }
  // The body parser (co-body's inflation) decodes gzip, deflate and br only.
  if (status === 415 && /Content-Encoding/.test(e?.message ?? "")) return toHttpError(unsupportedBodyEncoding());
  if (status === 415) return { status: 415, body: { error: "Unsupported content type", errorId: "unsupported_media_type" }, expected: true };
  if (typeof status === "number" && status >= 400 && status < 500) {
    return { status, body: { error: e.expose && e.message ? e.message : "Bad request", errorId: "bad_request" }, expected: true };
  }
  if (err instanceof DBError) {
    return { status: 500, body: { error: "Something went wrong", errorId: "internal_error" }, expected: false };
  }
  return { status: 500, body: { error: "Something went wrong", errorId: "internal_error" }, expected: false };
}

/**
 * zlib's refusal of a request body that is not in the format its Content-Encoding names (Z_DATA_ERROR, "unexpected
 * end of file", brotli's ERR__ERROR_FORMAT_...) is the client's fault: a 400 naming the encoding. Only the three
 * encodings the body parser knows reach zlib, so the header's value is one of them.
 */
function undecodableBody(err: unknown, contentEncoding: string): ApiError | null {
  const e = err as { errno?: unknown; code?: unknown } | null;
  const fromZlib = typeof e?.errno === "number" && typeof e.code === "string" && /^(Z_|ERR__ERROR_)/.test(e.code);
  return fromZlib && contentEncoding ? badBodyEncoding(contentEncoding) : null;
}

/**
 * Every error becomes the one JSON shape. Unexpected ones are kept in `ctx.state.failure`, which the request log
 * (server/lib/requestLog.ts, outside this middleware) writes with its stack; the answer carries no details.
 */
export function errorMiddleware() {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const { status, body, expected } = toHttpError(undecodableBody(err, ctx.get("content-encoding")) ?? err);
      if (!expected) ctx.state.failure = err;
      if (err instanceof ApiError && err.retryAfterSeconds !== undefined) ctx.set("Retry-After", String(err.retryAfterSeconds));
      ctx.status = status;
      ctx.type = "application/json";
      ctx.body = body;
    }
  };
}
