import { childText, childrenNamed, escapeXml, find, parseXml, toXml, type XmlNode, type XmlObject } from "../xml";
import { FakeService, type FakeRequest, type FakeResponse } from "./server";

/**
 * A fake Bronto SOAP API (v4) on 127.0.0.1: login(apiToken) -> sessionId, then calls carrying
 * <sessionHeader><sessionId>; faults as SOAP Faults with Bronto's "code: text" faultstrings (102 bad token,
 * 103 invalid session, 101 unknown error, 108 maintenance, 116 throttled); writeResult answers
 * ({results: [{id, isNew, isError, errorCode, errorString}]}) for addOrUpdateContacts, addToList,
 * removeFromList, addMessages, addDeliveries and addLists (list names are unique: a taken name is an error
 * result); readContacts by email or by status and modified date; readLists by name.
 */
export interface FakeBrontoContact {
  id: string;
  email: string;
  status: string;
  lists: Set<string>;
  modified: string;
  /** addToList calls that put this contact on a list. */
  listAdds: number;
}

export type BrontoFailure = { kind: "fault"; code: number; message: string } | { kind: "status"; status: number };

const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;

const faultResponse = (code: number, message: string, status = 500): FakeResponse => ({
  status,
  headers: { "content-type": "text/xml; charset=utf-8" },
  body: envelope(`<soap:Fault><faultcode>soap:Server</faultcode><faultstring>${escapeXml(`${code}: ${message}`)}</faultstring></soap:Fault>`),
});

const ok = (method: string, inner: string): FakeResponse => ({
  status: 200,
  headers: { "content-type": "text/xml; charset=utf-8" },
  body: envelope(`<ns2:${method}Response xmlns:ns2="http://api.bronto.com/v4">${inner}</ns2:${method}Response>`),
});

const writeResult = (results: { id?: string; isNew?: boolean; isError?: boolean; errorCode?: number; errorString?: string }[]) =>
  toXml({
    return: {
      ...(results.some((r) => r.isError) ? { errors: results.map((r, i) => (r.isError ? i : null)).filter((i) => i !== null) } : {}),
      results: results.map((r) => ({
        id: r.id ?? "",
        isNew: Boolean(r.isNew),
        isError: Boolean(r.isError),
        ...(r.isError ? { errorCode: r.errorCode ?? 0, errorString: r.errorString ?? "" } : {}),
      })) as XmlObject[],
    },
  });

export class FakeBronto extends FakeService<BrontoFailure> {
  readonly contacts = new Map<string, FakeBrontoContact>();
  readonly messages = new Map<string, { name: string; content: { type: string; subject: string; content: string }[] }>();
  readonly deliveries: {
    messageId: string;
    contactId: string;
    email: string;
    fields: Record<string, string>;
    fromEmail: string;
    fromName: string;
    replyEmail: string;
  }[] = [];
  readonly calls: string[] = [];
  /** Lists: id -> name. */
  readonly lists = new Map<string, string>();
  private readonly sessions = new Set<string>();
  private seq = 1;

  constructor(readonly apiToken = "TEST-BRONTO-TOKEN") {
    super("/v4");
  }

  /** Ends every session, as Bronto does after a while: the next call gets fault 103. */
  expireSessions(): void {
    this.sessions.clear();
  }

  listMembers(listId: string): string[] {
    return [...this.contacts.values()]
      .filter((c) => c.lists.has(listId))
      .map((c) => c.email)
      .sort();
  }

  /** What Bronto does when someone unsubscribes or bounces there. */
  setStatus(email: string, status: string, modified = new Date()): void {
    const c = this.contacts.get(email.toLowerCase());
    if (c) Object.assign(c, { status, modified: modified.toISOString() });
  }

  private id(prefix: string): string {
    return `${prefix}${String(this.seq++).padStart(32, "0")}`;
  }

  private contactById(id: string) {
    return [...this.contacts.values()].find((c) => c.id === id);
  }

  protected handle(req: FakeRequest): FakeResponse {
    if (req.method !== "POST" || req.path !== "/v4") return { status: 404, body: "Not found" };
    let doc: XmlNode;
    try {
      doc = parseXml(req.body);
    } catch {
      return faultResponse(107, "There was an error in your soap request. Please examine the request and try again.");
    }
    const body = find(doc, "Body");
    const call = body?.children[0];
    if (!call) return faultResponse(107, "There was an error in your soap request. Please examine the request and try again.");
    this.calls.push(call.name);

    if (call.name === "login") {
      if (childText(call, "apiToken") !== this.apiToken) return faultResponse(102, `Authentication failed for token: ${childText(call, "apiToken")}`);
      const session = crypto.randomUUID();
      this.sessions.add(session);
      return ok("login", toXml({ return: session }));
    }

    const header = find(doc, "sessionHeader");
    const session = header ? childText(header, "sessionId") : "";
    if (!this.sessions.has(session)) return faultResponse(103, "Your session is invalid. Please log in again.");

    const failure = this.failures.next();
    if (failure?.kind === "fault") return faultResponse(failure.code, failure.message);
    if (failure?.kind === "status") return { status: failure.status, body: "Too Many Requests", headers: { "retry-after": "1", "content-type": "text/plain" } };

    switch (call.name) {
      case "addOrUpdateContacts": {
        const results = childrenNamed(call, "contacts").map((c) => {
          const email = childText(c, "email").toLowerCase();
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { isError: true, errorCode: 303, errorString: `Invalid email address: ${email}` };
          const status = childText(c, "status");
          let contact = this.contacts.get(email);
          const isNew = !contact;
          if (!contact) {
            contact = { id: this.id("0bbe03ec"), email, status: status || "transactional", lists: new Set(), modified: new Date().toISOString(), listAdds: 0 };
            this.contacts.set(email, contact);
          } else if (status) {
            Object.assign(contact, { status, modified: new Date().toISOString() });
          }
          return { id: contact.id, isNew };
        });
        return ok(call.name, writeResult(results));
      }
      case "addToList":
      case "removeFromList": {
        const list = childText(find(call, "list") ?? call, "id");
        const results = childrenNamed(call, "contacts").map((c) => {
          const contact = this.contactById(childText(c, "id")) ?? this.contacts.get(childText(c, "email").toLowerCase());
          if (!contact) return { isError: true, errorCode: 302, errorString: "The contact does not exist." };
          if (call.name === "addToList") {
            if (!contact.lists.has(list)) contact.listAdds++;
            contact.lists.add(list);
          } else contact.lists.delete(list);
          return { id: contact.id };
        });
        return ok(call.name, writeResult(results));
      }
      case "readContacts": {
        const filter = find(call, "filter");
        const page = Number(childText(call, "pageNumber") || 1);
        let found = [...this.contacts.values()];
        const byEmail = filter && find(filter, "email");
        if (byEmail) found = found.filter((c) => c.email === childText(byEmail, "value").toLowerCase());
        const statuses = filter ? childrenNamed(filter, "status").map((s) => s.text.trim()) : [];
        if (statuses.length) found = found.filter((c) => statuses.includes(c.status));
        const modified = filter && find(filter, "modified");
        if (modified) found = found.filter((c) => c.modified > childText(modified, "value"));
        if (page > 1) found = [];
        return ok(call.name, toXml({ return: found.map((c) => ({ id: c.id, email: c.email, status: c.status, modified: c.modified })) }));
      }
      case "addLists": {
        const results = childrenNamed(call, "lists").map((l) => {
          const name = childText(l, "name");
          if (!name) return { isError: true, errorCode: 1, errorString: "A list needs a name." };
          if ([...this.lists.values()].includes(name)) return { isError: true, errorCode: 1, errorString: "A list with this name already exists." };
          const id = this.id("0bbb03ec");
          this.lists.set(id, name);
          return { id, isNew: true };
        });
        return ok(call.name, writeResult(results));
      }
      case "readLists": {
        const byName = find(call, "filter") && find(find(call, "filter")!, "name");
        const wanted = byName ? childText(byName, "value") : null;
        const found = [...this.lists].filter(([, name]) => wanted === null || name === wanted);
        return ok(call.name, toXml({ return: found.map(([id, name]) => ({ id, name, label: name })) }));
      }
      case "addMessages": {
        const results = childrenNamed(call, "messages").map((m) => {
          const id = this.id("0bba03eb");
          this.messages.set(id, {
            name: childText(m, "name"),
            content: childrenNamed(m, "content").map((c) => ({
              type: childText(c, "type"),
              subject: childText(c, "subject"),
              content: childText(c, "content"),
            })),
          });
          return { id, isNew: true };
        });
        return ok(call.name, writeResult(results));
      }
      case "addDeliveries": {
        const results = childrenNamed(call, "deliveries").map((d) => {
          const messageId = childText(d, "messageId");
          if (!this.messages.has(messageId)) return { isError: true, errorCode: 401, errorString: "The message does not exist." };
          const recipients = childrenNamed(d, "recipients");
          const contact = this.contactById(childText(recipients[0] ?? d, "id"));
          if (!contact) return { isError: true, errorCode: 302, errorString: "The contact does not exist." };
          const fields: Record<string, string> = {};
          for (const f of childrenNamed(d, "fields")) fields[childText(f, "name")] = childText(f, "content");
          const id = this.id("0bc403e9");
          this.deliveries.push({
            messageId,
            contactId: contact.id,
            email: contact.email,
            fields,
            fromEmail: childText(d, "fromEmail"),
            fromName: childText(d, "fromName"),
            replyEmail: childText(d, "replyEmail"),
          });
          return { id, isNew: true };
        });
        return ok(call.name, writeResult(results));
      }
      default:
        return faultResponse(107, `Unknown method ${call.name}`);
    }
  }
}
