import type { AliasRoutes, RouteInput } from "./types";

/**
 * Mailgun's Routes API (https://api.mailgun.net/v3/routes), which forwards mail for our email aliases.
 * HTTP Basic auth with user "api" and the API key; form-encoded bodies with repeated `action` fields.
 * An alias localPart@domain forwarding to r1, r2 is one route:
 *   expression match_recipient("localPart@domain"), actions forward("r1"), forward("r2"), stop().
 */
export interface MailgunRoute {
  id: string;
  priority: number;
  description: string;
  expression: string;
  actions: string[];
  created_at?: string;
}

export type { RouteInput } from "./types";

export class MailgunError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Mailgun answered 429: too many requests for now. */
export class MailgunRateLimitError extends MailgunError {}

const quote = (s: string) => `"${s.replace(/["\\]/g, "")}"`;

function routeExpression(address: string): string {
  return `match_recipient(${quote(address)})`;
}

function routeActions(recipients: string[]): string[] {
  return [...recipients.map((r) => `forward(${quote(r)})`), "stop()"];
}

export class MailgunRoutes implements AliasRoutes {
  readonly mode = "mailgun" as const;

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Mailgun's documented JSON, read field by field by each call
  private async call(method: string, path: string, form?: URLSearchParams): Promise<any> {
    let res: Response;
    try {
      res = await fetch(this.baseUrl.replace(/\/$/, "") + path, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`api:${this.apiKey}`).toString("base64")}`,
          accept: "application/json",
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form?.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new MailgunError(`Mailgun could not be reached: ${(err as Error).message}`, 0);
    }
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.ok) return json ?? {};
    const message = (json && typeof json.message === "string" && json.message) || text.slice(0, 200) || res.statusText;
    if (res.status === 429) {
      const retry = Number(res.headers.get("retry-after"));
      throw new MailgunRateLimitError(`Mailgun rate limit: ${message}`, 429, Number.isFinite(retry) ? retry * 1000 : undefined);
    }
    throw new MailgunError(`Mailgun answered ${res.status}: ${message}`, res.status);
  }

  private form(input: RouteInput): URLSearchParams {
    const form = new URLSearchParams();
    form.append("priority", "1");
    form.append("description", input.description);
    form.append("expression", routeExpression(input.address));
    for (const action of routeActions(input.recipients)) form.append("action", action);
    return form;
  }

  async create(input: RouteInput): Promise<MailgunRoute> {
    const json = await this.call("POST", "/routes", this.form(input));
    if (!json.route?.id) throw new MailgunError("Mailgun created a route but did not say its id", 502);
    return json.route as MailgunRoute;
  }

  async update(id: string, input: RouteInput): Promise<void> {
    await this.call("PUT", `/routes/${encodeURIComponent(id)}`, this.form(input));
  }

  /** Deletes a route; one that is already gone is fine. */
  async remove(id: string): Promise<void> {
    try {
      await this.call("DELETE", `/routes/${encodeURIComponent(id)}`);
    } catch (err) {
      if (err instanceof MailgunError && err.status === 404) return;
      throw err;
    }
  }

  async list(limit = 1): Promise<{ total: number; items: MailgunRoute[] }> {
    const json = await this.call("GET", `/routes?skip=0&limit=${limit}`);
    return { total: Number(json.total_count ?? 0), items: json.items ?? [] };
  }
}
