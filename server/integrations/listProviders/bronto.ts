import { providerFetch, retryAfterMs } from "./http";
import { headerText, parseAddress } from "../mail/headers";
import { childText, childrenNamed, find, parseXml, soapEnvelope, toXml, type XmlNode, type XmlObject } from "./xml";
import { PartialSendError, ProviderError, type ListEmail, type ListProvider, type ProviderStatusChange, type Recipient, type SendResult } from "./types";

const BRONTO_NS = "http://api.bronto.com/v4";

/** Bronto fault codes (the number before the colon in faultstring). */
const INVALID_SESSION = 103;
/** Unknown error, maintenance, read error, throttled: worth trying again later. */
const RETRYABLE_FAULTS = new Set([101, 108, 113, 116]);
/** Bad token, no access, IP not allowed: an admin can fix them, so keep retrying with backoff. */
const CREDENTIAL_FAULTS = new Set([102, 104, 111]);

/** Where the personal unsubscribe link goes in a Bronto message: an API message tag filled per delivery. */
export const BRONTO_UNSUBSCRIBE_TAG = "%%#unsubscribe_url%%";
const UNSUBSCRIBE_FIELD = "unsubscribe_url";

interface WriteResult {
  id: string;
  isNew: boolean;
  isError: boolean;
  errorCode: number;
  errorString: string;
}

function writeResults(ret: XmlNode | undefined): WriteResult[] {
  if (!ret) return [];
  return childrenNamed(ret, "results").map((r) => ({
    id: childText(r, "id"),
    isNew: childText(r, "isNew") === "true",
    isError: childText(r, "isError") === "true",
    errorCode: Number(childText(r, "errorCode") || 0),
    errorString: childText(r, "errorString"),
  }));
}

/**
 * Bronto over its SOAP API (v4): login(apiToken) gives a sessionId sent in the sessionHeader of every call;
 * an expired session (fault 103) logs in again once. Contacts: addOrUpdateContacts, then addToList /
 * removeFromList on the chapter's list. List emails: addMessages once per email (content with the
 * %%#unsubscribe_url%% tag), then addDeliveries with one delivery per recipient whose message field carries
 * that recipient's unsubscribe link. Unsubscribes and bounces come back by polling readContacts.
 */
export class BrontoListProvider implements ListProvider {
  readonly name = "bronto" as const;
  /** addDeliveries takes no idempotency key: a delivery interrupted while handed over is never sent again. */
  readonly resendWindowMs = 0;
  /** One addDeliveries call per batch (Bronto throttles many small calls). */
  readonly sendChunk = 50;
  private sessionId: string | null = null;
  private readonly sender: { name: string; email: string };

  constructor(
    private readonly apiToken: string,
    private readonly url: string,
    mailFrom: string,
  ) {
    this.sender = parseAddress(mailFrom);
  }

  private async post(body: string, header = ""): Promise<XmlNode> {
    const res = await providerFetch("Bronto", this.url, {
      method: "POST",
      headers: { "content-type": "text/xml; charset=utf-8", soapaction: '""' },
      body: soapEnvelope(BRONTO_NS, body, header),
    });
    const text = await res.text();
    if (res.status === 429 || res.status === 503) {
      throw new ProviderError(`Bronto answered ${res.status}`, { retryable: true, retryAfterMs: retryAfterMs(res.headers) ?? 60_000, status: res.status });
    }
    let doc: XmlNode;
    try {
      doc = parseXml(text);
    } catch {
      throw new ProviderError(`Bronto answered ${res.status} with something that is not XML`, { retryable: true, status: res.status });
    }
    const fault = find(doc, "Fault");
    if (fault) {
      const faultString = childText(fault, "faultstring");
      const code = Number(/^\s*(\d+)\s*:/.exec(faultString)?.[1] ?? 0);
      const err = new ProviderError(`Bronto fault ${faultString}`, {
        retryable: RETRYABLE_FAULTS.has(code) || CREDENTIAL_FAULTS.has(code) || code === INVALID_SESSION || code === 0,
        status: res.status,
      });
      (err as ProviderError & { faultCode: number }).faultCode = code;
      throw err;
    }
    if (!res.ok) throw new ProviderError(`Bronto answered ${res.status}`, { retryable: res.status >= 500, status: res.status });
    return doc;
  }

  private async login(): Promise<string> {
    const doc = await this.post(`<v4:login>${toXml({ apiToken: this.apiToken })}</v4:login>`);
    const session = find(doc, "return")?.text.trim();
    if (!session) throw new ProviderError("Bronto login gave no session id", { retryable: true });
    this.sessionId = session;
    return session;
  }

  /** Calls a method with the session header; logs in first, and again once if the session expired. */
  private async call(method: string, args: XmlObject): Promise<XmlNode | undefined> {
    for (let attempt = 0; ; attempt++) {
      const session = this.sessionId ?? (await this.login());
      try {
        const doc = await this.post(`<v4:${method}>${toXml(args)}</v4:${method}>`, `<v4:sessionHeader>${toXml({ sessionId: session })}</v4:sessionHeader>`);
        return find(doc, `${method}Response`);
      } catch (err) {
        if (attempt === 0 && (err as { faultCode?: number }).faultCode === INVALID_SESSION) {
          this.sessionId = null;
          continue;
        }
        throw err;
      }
    }
  }

  private async write(method: string, args: XmlObject): Promise<WriteResult[]> {
    const response = await this.call(method, args);
    return writeResults(response ? find(response, "return") : undefined);
  }

  private async contactIds(emails: string[]): Promise<WriteResult[]> {
    // No status: an existing contact keeps its own; a missing one is created.
    const results = await this.write("addOrUpdateContacts", { contacts: emails.map((email) => ({ email })) });
    if (results.length !== emails.length)
      throw new ProviderError(`Bronto addOrUpdateContacts gave ${results.length} results for ${emails.length} contacts`, { retryable: true });
    return results;
  }

  async upsertContact(listId: string, email: string): Promise<void> {
    const [result] = await this.write("addOrUpdateContacts", { contacts: [{ email, status: "active" }] });
    if (!result || result.isError) throw new ProviderError(`Bronto refused ${email}: ${result?.errorCode} ${result?.errorString}`, { retryable: false });
    const [added] = await this.write("addToList", { list: { id: listId }, contacts: [{ id: result.id }] });
    if (added?.isError) throw new ProviderError(`Bronto addToList failed: ${added.errorCode} ${added.errorString}`, { retryable: false });
  }

  async removeContact(listId: string, email: string): Promise<void> {
    const response = await this.call("readContacts", {
      filter: { email: { operator: "EqualTo", value: email } },
      includeLists: false,
      pageNumber: 1,
    });
    const found = response
      ? childrenNamed(response, "return")
          .map((c) => childText(c, "id"))
          .filter(Boolean)
      : [];
    if (!found.length) return;
    const [removed] = await this.write("removeFromList", { list: { id: listId }, contacts: found.map((id) => ({ id })) });
    if (removed?.isError) throw new ProviderError(`Bronto removeFromList failed: ${removed.errorCode} ${removed.errorString}`, { retryable: false });
  }

  async sendBatch(_listId: string, email: ListEmail, recipients: Recipient[], state: Record<string, string>): Promise<SendResult> {
    if (!state.brontoMessageId) {
      const tag = { unsubscribePageUrl: BRONTO_UNSUBSCRIBE_TAG };
      const subject = headerText(email.subject);
      const [msg] = await this.write("addMessages", {
        messages: [
          {
            name: `Chapter email ${email.ref} (${new Date().toISOString()})`,
            content: [
              { type: "html", subject, content: email.html(tag) },
              { type: "text", subject, content: email.text(tag) },
            ],
          },
        ],
      });
      if (!msg || msg.isError || !msg.id) throw new ProviderError(`Bronto addMessages failed: ${msg?.errorCode} ${msg?.errorString}`, { retryable: false });
      state.brontoMessageId = msg.id;
    }
    const ids = await this.contactIds(recipients.map((r) => r.email));
    const result: SendResult = { sent: [], failed: [] };
    const deliverable = recipients
      .map((r, i) => ({ r, contact: ids[i] }))
      .filter(({ r, contact }) => {
        if (contact.isError || !contact.id) result.failed.push({ contactId: r.contactId, error: `${contact.errorCode} ${contact.errorString}` });
        return !contact.isError && contact.id;
      });
    if (!deliverable.length) return result;
    const start = new Date().toISOString();
    const deliveries = await this.write("addDeliveries", {
      deliveries: deliverable.map(({ r, contact }) => ({
        start,
        messageId: state.brontoMessageId,
        type: "normal",
        fromEmail: this.sender.email,
        fromName: headerText(email.fromName) || this.sender.name,
        ...(email.replyTo ? { replyEmail: headerText(email.replyTo) } : {}),
        recipients: [{ type: "contact", id: contact.id }],
        fields: [{ name: UNSUBSCRIBE_FIELD, type: "html", content: r.unsubscribePageUrl }],
      })),
    });
    if (deliveries.length !== deliverable.length) {
      const err = new ProviderError(`Bronto addDeliveries gave ${deliveries.length} results for ${deliverable.length} deliveries`, { retryable: true });
      if (result.failed.length) throw new PartialSendError(result, err);
      throw err;
    }
    deliveries.forEach((d, i) => {
      const { r } = deliverable[i];
      if (d.isError) result.failed.push({ contactId: r.contactId, error: `${d.errorCode} ${d.errorString}` });
      else result.sent.push(r.contactId);
    });
    return result;
  }

  async statusChangesSince(since: Date): Promise<ProviderStatusChange[]> {
    const changes: ProviderStatusChange[] = [];
    for (let page = 1; page <= 100; page++) {
      const response = await this.call("readContacts", {
        filter: { type: "AND", status: ["unsub", "bounce"], modified: { operator: "After", value: since.toISOString() } },
        includeLists: false,
        pageNumber: page,
      });
      const contacts = response ? childrenNamed(response, "return") : [];
      if (!contacts.length) break;
      for (const c of contacts) {
        const status = childText(c, "status");
        const email = childText(c, "email").toLowerCase();
        if (email && (status === "unsub" || status === "bounce")) changes.push({ email, status: status === "unsub" ? "unsub" : "blocked" });
      }
    }
    return changes;
  }

  /**
   * addLists [{name, label}] answers the new list's id. Bronto list names are unique: when the name is taken
   * (an earlier attempt whose answer was lost), readLists finds that list by name and its id is used.
   */
  async createList(name: string): Promise<string> {
    const [added] = await this.write("addLists", { lists: [{ name, label: name }] });
    if (added && !added.isError && added.id) return added.id;
    const response = await this.call("readLists", { filter: { name: { operator: "EqualTo", value: name } }, pageNumber: 1 });
    const existing = response
      ? childrenNamed(response, "return")
          .map((l) => childText(l, "id"))
          .find(Boolean)
      : undefined;
    if (existing) return existing;
    throw new ProviderError(`Bronto addLists failed: ${added?.errorCode} ${added?.errorString}`, { retryable: false });
  }

  async ping(): Promise<void> {
    this.sessionId = null;
    await this.login();
  }
}
