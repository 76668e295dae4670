import { FakeService, jsonResponse as json, type FakeRequest, type FakeResponse } from "./server";

/**
 * A fake Brevo v3 API on 127.0.0.1 answering in Brevo's documented shapes: `api-key` header auth (401
 * {code: "unauthorized", message: "Key not found"}), POST /contacts (201 {id} new, 204 updated with
 * updateEnabled, 400 duplicate_parameter without it, 400 invalid_parameter for a bad email),
 * POST /contacts/lists/{id}/contacts/remove, GET and POST /contacts/folders, POST /contacts/lists {name, folderId}
 * (201 {id}; 400 missing_parameter without a name or folder, 400 invalid_parameter for an unknown folder),
 * POST /smtp/email (201 {messageId}; with headers.idempotencyKey,
 * a key seen in the last 30 minutes is refused with 400 duplicate_parameter and nothing is sent; the key is a
 * control parameter, not a header of the email), GET /account, and on demand 429 too_many_requests with the
 * x-sib-ratelimit-* headers or 5xx answers.
 */
export interface FakeBrevoContact {
  id: number;
  email: string;
  listIds: Set<number>;
  /** Successful create/update calls for this address: a test of "at the provider exactly once". */
  writes: number;
}

export type BrevoFailure = { kind: "rateLimit"; resetSeconds?: number } | { kind: "status"; status: number } | { kind: "drop" };

export class FakeBrevo extends FakeService<BrevoFailure> {
  readonly contacts = new Map<string, FakeBrevoContact>();
  readonly emails: {
    to: string;
    sender: { name?: string; email: string };
    replyTo?: { name?: string; email: string };
    subject: string;
    htmlContent: string;
    textContent: string;
    headers: Record<string, string>;
    tags: string[];
    idempotencyKey?: string;
  }[] = [];
  /** idempotencyKey -> when it was first used (ms). */
  readonly idempotencyKeys = new Map<string, number>();
  static readonly IDEMPOTENCY_TTL_MS = 30 * 60_000;
  readonly requests: { method: string; path: string; body: any }[] = [];
  readonly folders = new Map<number, string>();
  /** Lists made through the API: id -> { name, folderId }. */
  readonly lists = new Map<number, { name: string; folderId: number }>();
  private nextId = 1;
  private nextListId = 1001;
  private nextFolderId = 1;

  constructor(readonly apiKey = "test-brevo-key") {
    super("/v3");
  }

  listMembers(listId: number): string[] {
    return [...this.contacts.values()]
      .filter((c) => c.listIds.has(listId))
      .map((c) => c.email)
      .sort();
  }

  protected async handle(req: FakeRequest): Promise<FakeResponse> {
    let body: any = null;
    try {
      body = req.body ? JSON.parse(req.body) : null;
    } catch {
      return json(400, { code: "bad_request", message: "Malformed JSON" });
    }
    this.requests.push({ method: req.method, path: req.path, body });
    if (req.headers["api-key"] !== this.apiKey) return json(401, { code: "unauthorized", message: "Key not found" });

    const failure = this.failures.next();
    if (failure?.kind === "rateLimit") {
      const reset = String(failure.resetSeconds ?? 1);
      return json(
        429,
        { code: "too_many_requests", message: "The expected rate limit is exceeded." },
        { "x-sib-ratelimit-limit": "10", "x-sib-ratelimit-remaining": "0", "x-sib-ratelimit-reset": reset },
      );
    }
    if (failure?.kind === "status") return json(failure.status, { code: "internal_error", message: "Internal server error" });
    if (failure?.kind === "drop") return { status: 502, body: "<html>Bad gateway</html>", headers: { "content-type": "text/html" } };

    if (req.method === "GET" && req.path === "/v3/account") return json(200, { email: "owner@example.org", companyName: "Living Liberally", plan: [] });

    if (req.method === "POST" && req.path === "/v3/contacts") {
      const email = String(body?.email ?? "").toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return json(400, { code: "invalid_parameter", message: "Invalid email address" });
      const listIds: number[] = Array.isArray(body?.listIds) ? body.listIds : [];
      if (listIds.some((id) => !Number.isInteger(id))) return json(400, { code: "invalid_parameter", message: "listIds should be an array of integers" });
      const existing = this.contacts.get(email);
      if (existing) {
        if (!body.updateEnabled) return json(400, { code: "duplicate_parameter", message: "Contact already exist" });
        listIds.forEach((id) => existing.listIds.add(id));
        existing.writes++;
        return json(204);
      }
      const contact = { id: this.nextId++, email, listIds: new Set(listIds), writes: 1 };
      this.contacts.set(email, contact);
      return json(201, { id: contact.id });
    }

    if (req.method === "GET" && req.path === "/v3/contacts/folders") {
      const limit = Number(req.query.get("limit") ?? 10);
      const offset = Number(req.query.get("offset") ?? 0);
      const folders = [...this.folders].map(([id, name]) => ({ id, name, totalBlacklisted: 0, totalSubscribers: 0, uniqueSubscribers: 0 }));
      return json(200, { folders: folders.slice(offset, offset + limit), count: folders.length });
    }

    if (req.method === "POST" && req.path === "/v3/contacts/folders") {
      if (!body?.name) return json(400, { code: "missing_parameter", message: "name is missing" });
      const id = this.nextFolderId++;
      this.folders.set(id, String(body.name));
      return json(201, { id });
    }

    if (req.method === "POST" && req.path === "/v3/contacts/lists") {
      if (!body?.name || body.folderId === undefined) return json(400, { code: "missing_parameter", message: "name and folderId are required" });
      if (!this.folders.has(body.folderId)) return json(400, { code: "invalid_parameter", message: "Folder ID does not exist" });
      const id = this.nextListId++;
      this.lists.set(id, { name: String(body.name), folderId: body.folderId });
      return json(201, { id });
    }

    const remove = /^\/v3\/contacts\/lists\/(\d+)\/contacts\/remove$/.exec(req.path);
    if (req.method === "POST" && remove) {
      const listId = Number(remove[1]);
      const emails: string[] = (body?.emails ?? []).map((e: string) => e.toLowerCase());
      const success = emails.filter((e) => this.contacts.get(e)?.listIds.delete(listId));
      if (!success.length) return json(400, { code: "invalid_parameter", message: "Contact already removed from list and/or does not exist" });
      return json(201, { contacts: { success, failure: emails.filter((e) => !success.includes(e)) } });
    }

    if (req.method === "POST" && req.path === "/v3/smtp/email") {
      if (!body?.sender?.email || !Array.isArray(body?.to) || !body.to.length || !body.subject || !body.htmlContent) {
        return json(400, { code: "missing_parameter", message: "sender, to, subject and htmlContent are required" });
      }
      const to = String(body.to[0].email).toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to)) return json(400, { code: "invalid_parameter", message: "email is not valid in to" });
      const { idempotencyKey, ...headers } = (body.headers ?? {}) as Record<string, string>;
      if (idempotencyKey) {
        const seen = this.idempotencyKeys.get(idempotencyKey);
        if (seen !== undefined && Date.now() - seen < FakeBrevo.IDEMPOTENCY_TTL_MS)
          return json(400, { code: "duplicate_parameter", message: "idempotencyKey has already been used" });
        this.idempotencyKeys.set(idempotencyKey, Date.now());
      }
      this.emails.push({
        to,
        sender: body.sender,
        ...(body.replyTo ? { replyTo: body.replyTo } : {}),
        subject: body.subject,
        htmlContent: body.htmlContent,
        textContent: body.textContent ?? "",
        headers,
        tags: body.tags ?? [],
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
      return json(201, { messageId: `<${Date.now()}.${this.emails.length}@smtp-relay.mailin.fr>` });
    }

    return json(404, { code: "document_not_found", message: `No route ${req.method} ${req.path}` });
  }
}
