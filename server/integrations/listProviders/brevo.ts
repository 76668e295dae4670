import crypto from "node:crypto";
import { providerFetch, retryAfterMs } from "./http";
import { listHeaders } from "./builtIn";
import { headerText, parseAddress } from "../mail/headers";
import { PartialSendError, ProviderError, type ListEmail, type ListProvider, type Recipient, type SendResult } from "./types";

interface BrevoError {
  code?: string;
  message?: string;
}

/**
 * Brevo drops a repeated POST /smtp/email carrying an idempotencyKey it saw in the last 30 minutes (15 in its
 * first announcement), answering 400 duplicate_parameter. We hand an email over again only within 10 minutes.
 */
const BREVO_RESEND_WINDOW_MS = 10 * 60_000;

/** The Brevo folder chapter lists are made in when BREVO_LIST_FOLDER_ID is not set. */
export const BREVO_FOLDER_NAME = "Chapterhouse";

/** Brevo wants the key as a UUID: a name-based one (RFC 4122 version 5 layout) made from ours, always the same. */
function brevoIdempotencyKey(key: string): string {
  const h = crypto.createHash("sha1").update(`chapterhouse:${key}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Brevo (formerly Send In Blue) over its v3 REST API, authenticated by the `api-key` header.
 * - contacts: POST /contacts {email, listIds, updateEnabled: true} (201 created, 204 updated),
 *   POST /contacts/lists/{listId}/contacts/remove {emails}
 * - list emails: POST /smtp/email, one transactional email per recipient so that each carries its own
 *   unsubscribe link and List-Unsubscribe header, in two parts (htmlContent and textContent), from
 *   "{host} via {chapter}" at our address, with replyTo and List-Id; tagged "chapter-{id}" so webhook events name the chapter;
 *   with headers.idempotencyKey, so an email handed over again after a crash is delivered once.
 * 429 answers are retried after x-sib-ratelimit-reset (or Retry-After); 5xx and network failures are retried
 * with backoff; 400s for an address are permanent.
 */
export class BrevoListProvider implements ListProvider {
  readonly name = "brevo" as const;
  readonly resendWindowMs = BREVO_RESEND_WINDOW_MS;
  readonly sendChunk = 50;
  private readonly sender: { name: string; email: string };

  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string,
    mailFrom: string,
    /** The folder new lists go in; 0: the folder named BREVO_FOLDER_NAME, made when missing. */
    private folderId = 0,
  ) {
    this.sender = parseAddress(mailFrom);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Brevo's documented JSON, read field by field by each call
  private async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await providerFetch("Brevo", this.baseUrl.replace(/\/$/, "") + path, {
      method,
      headers: { "api-key": this.apiKey, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { message: text.slice(0, 200) };
    }
    if (res.ok) return { status: res.status, json };
    const err = (json ?? {}) as BrevoError;
    const what = `Brevo ${method} ${path.split("?")[0]} answered ${res.status}${err.code ? ` ${err.code}` : ""}${err.message ? `: ${err.message}` : ""}`;
    if (res.status === 429) throw new ProviderError(what, { retryable: true, retryAfterMs: retryAfterMs(res.headers) ?? 60_000, status: 429 }, err.code);
    // Bad credentials or a suspended account can be fixed by an admin: keep retrying with backoff.
    if (res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 402)
      throw new ProviderError(what, { retryable: true, status: res.status }, err.code);
    throw new ProviderError(what, { retryable: false, status: res.status }, err.code);
  }

  private listNumber(listId: string): number {
    const n = Number(listId);
    if (!Number.isInteger(n) || n < 1) throw new ProviderError(`Brevo list ids are positive numbers; "${listId}" is not`, { retryable: false });
    return n;
  }

  async upsertContact(listId: string, email: string): Promise<void> {
    await this.call("POST", "/contacts", { email, listIds: [this.listNumber(listId)], updateEnabled: true });
  }

  async removeContact(listId: string, email: string): Promise<void> {
    try {
      await this.call("POST", `/contacts/lists/${this.listNumber(listId)}/contacts/remove`, { emails: [email] });
    } catch (err) {
      // Already off the list, or never there: what we wanted.
      if (err instanceof ProviderError && (err.opts.status === 400 || err.opts.status === 404) && /not exist|already removed|not found/i.test(err.message))
        return;
      throw err;
    }
  }

  async sendBatch(_listId: string, email: ListEmail, recipients: Recipient[], _state: Record<string, string>): Promise<SendResult> {
    const result: SendResult = { sent: [], failed: [] };
    for (const r of recipients) {
      try {
        await this.call("POST", "/smtp/email", {
          sender: { name: headerText(email.fromName) || this.sender.name, email: this.sender.email },
          ...(email.replyTo ? { replyTo: { email: headerText(email.replyTo) } } : {}),
          to: [{ email: r.email }],
          subject: headerText(email.subject),
          htmlContent: email.html(r),
          textContent: email.text(r),
          headers: { ...listHeaders(email, r), idempotencyKey: brevoIdempotencyKey(r.idempotencyKey) },
          tags: [`chapter-${email.chapterId}`, `message-${email.ref}`],
        });
        result.sent.push(r.contactId);
      } catch (err) {
        // The key was used within Brevo's window: this email went out before (we were interrupted).
        if (err instanceof ProviderError && err.opts.status === 400 && err.code === "duplicate_parameter") {
          result.sent.push(r.contactId);
          continue;
        }
        if (err instanceof ProviderError && !err.opts.retryable) {
          result.failed.push({ contactId: r.contactId, error: err.message });
          continue;
        }
        if (result.sent.length || result.failed.length) throw new PartialSendError(result, err);
        throw err;
      }
    }
    return result;
  }

  async ping(): Promise<void> {
    await this.call("GET", "/account");
  }

  /**
   * POST /contacts/lists {name, folderId} (201 {id}). Brevo requires a folder: the configured one, else the
   * folder named "Chapterhouse" (GET /contacts/folders, made with POST /contacts/folders when missing).
   */
  async createList(name: string): Promise<string> {
    const folderId = this.folderId || (await this.ourFolder());
    const { json } = await this.call("POST", "/contacts/lists", { name, folderId });
    if (!Number.isInteger(json?.id)) throw new ProviderError("Brevo created a list but gave no id", { retryable: true });
    return String(json.id);
  }

  private async ourFolder(): Promise<number> {
    for (let offset = 0; offset < 10_000; offset += 50) {
      const { json } = await this.call("GET", `/contacts/folders?limit=50&offset=${offset}`);
      const folders: { id: number; name: string }[] = Array.isArray(json?.folders) ? json.folders : [];
      const ours = folders.find((f) => f.name === BREVO_FOLDER_NAME);
      if (ours) return (this.folderId = ours.id);
      if (folders.length < 50) break;
    }
    const { json } = await this.call("POST", "/contacts/folders", { name: BREVO_FOLDER_NAME });
    if (!Number.isInteger(json?.id)) throw new ProviderError("Brevo created a folder but gave no id", { retryable: true });
    return (this.folderId = json.id);
  }
}
