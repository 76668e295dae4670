import { platform } from "../platform";

/** A failed API call: status, the server's message and its stable errorId. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorId: string,
    readonly field: string | undefined,
    readonly body: unknown,
  ) {
    super(message);
  }
}

function csrfToken(): string | null {
  const m = document.cookie.match(/(?:^|;\s*)ch_csrf=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : null;
}

interface RequestOptions {
  body?: unknown;
  /** multipart upload */
  form?: FormData;
  signal?: AbortSignal;
}

/** The one way the UI talks to the server. Throws ApiRequestError on any non-2xx answer. */
async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = await platform.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  else if (method !== "GET") {
    const csrf = csrfToken();
    if (csrf) headers["x-csrf-token"] = csrf;
  }
  if (platform.usesBearer) headers["x-session-transport"] = "bearer";
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    // The desktop app signs requests with its Bearer token and sends no cookies to the server.
    const credentials: RequestCredentials = platform.usesBearer ? "omit" : "include";
    res = await (platform.fetch ?? fetch)(platform.apiBase() + path, { method, headers, body, credentials, signal: opts.signal });
  } catch (err) {
    throw new ApiRequestError(0, (err as Error).message || "Network error", "network_error", undefined, null);
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const b = (data && typeof data === "object" ? data : {}) as { error?: string; errorId?: string; field?: string };
    throw new ApiRequestError(res.status, b.error || `${res.status} ${res.statusText}`, b.errorId || "http_error", b.field, data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>("GET", path, { signal }),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, { body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, { body: body ?? {} }),
  delete: <T>(path: string) => request<T>("DELETE", path),
  upload: <T>(path: string, form: FormData) => request<T>("POST", path, { form }),
};
