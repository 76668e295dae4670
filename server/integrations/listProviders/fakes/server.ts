import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeResponse {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** A tiny HTTP server on 127.0.0.1 with an ephemeral port, for the provider fakes. */
class FakeHttpServer {
  private server: http.Server | null = null;
  port = 0;

  constructor(private readonly handle: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        try {
          const out = await this.handle({
            method: req.method ?? "GET",
            path: url.pathname,
            query: url.searchParams,
            headers: req.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          });
          res.writeHead(out.status, out.headers ?? {});
          res.end(out.body ?? "");
        } catch (err) {
          res.writeHead(500, { "content-type": "text/plain" });
          res.end(`fake failed: ${(err as Error).message}`);
        }
      });
    });
    // Many concurrent clients in the load tests.
    this.server.maxConnections = 10_000;
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }
}

/** A JSON answer (an empty one without a body). */
export const jsonResponse = (status: number, body?: unknown, headers: Record<string, string> = {}): FakeResponse => ({
  status,
  body: body === undefined ? "" : JSON.stringify(body),
  headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
});

/**
 * What every provider fake shares: its own HTTP server on 127.0.0.1 (start, close, the base URL to configure) and a
 * failure plan; a fake adds its provider's state and answers each request in handle().
 */
export abstract class FakeService<F> {
  readonly failures = new FailurePlan<F>();
  private readonly http = new FakeHttpServer((req) => this.handle(req));

  /** `basePath`: what the provider's API URL adds to the server's origin ("/v3"). */
  constructor(private readonly basePath: string) {}

  /** The base URL to configure (BREVO_API_URL, MAILGUN_API_URL, ...). */
  get url(): string {
    return `${this.http.origin}${this.basePath}`;
  }

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  protected abstract handle(req: FakeRequest): FakeResponse | Promise<FakeResponse>;
}

/** A failure plan shared by the fakes: fail the next N calls, or every call until recover(). */
class FailurePlan<F> {
  private failure: F | null = null;
  private remaining = Infinity;
  private skip = 0;
  failedCalls = 0;

  /** Fail every call (or `times` calls) with this failure, after letting `after` calls through. */
  fail(failure: F, times = Infinity, after = 0): void {
    this.failure = failure;
    this.remaining = times;
    this.skip = after;
  }

  recover(): void {
    this.failure = null;
  }

  /** The failure for this call, if any. */
  next(): F | null {
    if (!this.failure || this.remaining <= 0) return null;
    if (this.skip > 0) {
      this.skip--;
      return null;
    }
    this.remaining--;
    this.failedCalls++;
    return this.failure;
  }
}
