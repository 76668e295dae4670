/**
 * The embeddable chapter finder (docs/embedding.md): `<chapterhouse-finder place="78704" limit="5" type="drinking">`
 * on any site shows the chapters nearest a place with their next meetups and links to their pages here. Plain
 * TypeScript, no framework: the server compiles it into /embed/finder.js (server/web/embedFinder.ts), which must
 * stay small (EMBED_FINDER_BUDGET_BYTES). Everything from the data goes in as text (textContent, attributes), never
 * as HTML, and the styles live in the element's own shadow root, so neither side's CSS leaks into the other.
 */
import { chapterTypeTitle, type NearChaptersAnswer, type NearChapter } from "../../server/contracts/chapter";
import { chapterPath, formatDate } from "../lib/format";

/** This site's address (PUBLIC_URL): left a free name when compiled, written in when the server first sends the script. */
declare const __CHAPTERHOUSE_ORIGIN__: string;
const ORIGIN = __CHAPTERHOUSE_ORIGIN__;

export const FINDER_TAG = "chapterhouse-finder";
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 50;

const STYLE = `
:host{display:block;color-scheme:light dark;--ch-fg:#1a202c;--ch-muted:#4a5568;--ch-bg:#fff;--ch-border:#cbd5e0;--ch-link:#1f5fa8;--ch-focus:#1f5fa8;--ch-error:#b3261e;font:inherit;line-height:1.45}
@media (prefers-color-scheme:dark){:host{--ch-fg:#edf2f7;--ch-muted:#cbd5e0;--ch-bg:#1a202c;--ch-border:#4a5568;--ch-link:#90cdf4;--ch-focus:#90cdf4;--ch-error:#feb2b2}}
:host([hidden]){display:none}
section{color:var(--ch-fg);background:var(--ch-bg);border:1px solid var(--ch-border);border-radius:8px;padding:12px 16px}
h2{font-size:1.15em;margin:0 0 8px}
h3{font-size:1em;margin:0}
ol{list-style:none;margin:0;padding:0}
li{padding:8px 0;border-top:1px solid var(--ch-border)}
li:first-child{border-top:0}
p{margin:2px 0}
.muted{color:var(--ch-muted);font-size:.9em}
.error{color:var(--ch-error)}
a{color:var(--ch-link)}
a:focus-visible,button:focus-visible{outline:3px solid var(--ch-focus);outline-offset:2px;border-radius:2px}
button{font:inherit;margin-top:4px}
`;

/** An element with attributes and children (strings become text nodes): nothing here is ever parsed as HTML. */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The limit attribute as a whole number from 1 to 50; anything else is the default. */
export function limitOf(value: string | null): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_LIMIT) : DEFAULT_LIMIT;
}

/** The search's URL for the element's attributes. */
export function searchUrl(place: string, limit: number, type: string): string {
  const query = new URLSearchParams({ place, limit: String(limit) });
  if (type) query.set("type", type);
  return `${ORIGIN}/api/chapters/near?${query}`;
}

function chapterItem(c: NearChapter): HTMLLIElement {
  const miles = `${c.distanceMiles} ${c.distanceMiles === 1 ? "mile" : "miles"} away`;
  const next = c.next ? `Next meetup: ${formatDate(c.next.date)}${c.next.name ? `, ${c.next.name}` : ""}` : "No meetup scheduled yet";
  return el("li", {}, el("h3", {}, el("a", { href: new URL(chapterPath(c), ORIGIN).href }, c.name)), el("p", { class: "muted" }, miles), el("p", {}, next));
}

/** A search that failed: what to say, and whether asking again may help (not for a place the site does not know). */
class Failure extends Error {
  constructor(
    message: string,
    readonly mayRetry = true,
  ) {
    super(message);
  }
}

/** The server's own message for a request it refused (an unknown place or type), else a plain one. */
async function failureOf(res: Response): Promise<Failure> {
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  if (res.status < 500 && typeof body?.error === "string") return new Failure(body.error, false);
  return new Failure(`The chapter finder could not load chapters (error ${res.status}). Please try again later.`);
}

/** Why a search threw: the network (fetch's TypeError), an answer that was not the search's, or a Failure. */
const failureFrom = (err: unknown): Failure =>
  err instanceof Failure
    ? err
    : new Failure(
        err instanceof TypeError
          ? `Could not reach ${new URL(ORIGIN).host}. Check your connection and try again.`
          : "The chapter finder could not read the answer. Please try again later.",
      );

export class ChapterhouseFinder extends HTMLElement {
  static readonly observedAttributes = ["place", "limit", "type"];
  private readonly heading = el("h2", { id: "chapterhouse-finder-heading" });
  private readonly body = el("div");
  private readonly section = el("section", { "aria-labelledby": "chapterhouse-finder-heading" }, this.heading, this.body);
  private loading: AbortController | null = null;
  private queued = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    root.append(el("style", {}, STYLE), this.section);
  }

  connectedCallback() {
    this.queueLoad();
  }

  disconnectedCallback() {
    this.loading?.abort();
    this.loading = null;
  }

  attributeChangedCallback() {
    if (this.isConnected) this.queueLoad();
  }

  /** One search for all the attributes changed in the same task (setting place, limit and type in a row). */
  private queueLoad() {
    if (this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      if (this.isConnected) void this.load();
    });
  }

  private show(heading: string, ...content: Node[]) {
    this.heading.textContent = heading;
    this.body.replaceChildren(...content);
  }

  private async load() {
    this.loading?.abort();
    const place = (this.getAttribute("place") ?? "").trim();
    const type = (this.getAttribute("type") ?? "").trim();
    const title = type ? `${chapterTypeTitle(type.toLowerCase())} chapters` : "Chapters";
    if (!place) {
      this.loading = null;
      this.show(title, el("p", { class: "error", role: "alert" }, 'Set the place attribute to a ZIP code or "City, ST".'));
      return;
    }
    const loading = new AbortController();
    this.loading = loading;
    this.section.setAttribute("aria-busy", "true");
    this.show(`${title} near ${place}`, el("p", { role: "status" }, `Finding chapters near ${place}…`));
    try {
      const res = await fetch(searchUrl(place, limitOf(this.getAttribute("limit")), type), {
        credentials: "omit",
        headers: { accept: "application/json" },
        signal: loading.signal,
      });
      if (!res.ok) throw await failureOf(res);
      const answer = (await res.json()) as NearChaptersAnswer;
      if (loading.signal.aborted) return;
      const heading = `${title} near ${answer.place.label}`;
      if (answer.chapters.length === 0) this.show(heading, el("p", { role: "status" }, `No chapters near ${answer.place.label}.`));
      else
        this.show(
          heading,
          el("ol", { role: "list" }, ...answer.chapters.map(chapterItem)),
          el("p", { class: "muted" }, el("a", { href: `${ORIGIN}/` }, "All chapters")),
        );
    } catch (err) {
      if (loading.signal.aborted) return;
      const failure = failureFrom(err);
      const shown: Node[] = [el("p", { class: "error", role: "alert" }, failure.message)];
      if (failure.mayRetry) {
        const retry = el("button", { type: "button" }, "Try again");
        retry.addEventListener("click", () => this.queueLoad());
        shown.push(retry);
      }
      this.show(`${title} near ${place}`, ...shown);
    } finally {
      if (this.loading === loading) {
        this.loading = null;
        this.section.removeAttribute("aria-busy");
      }
    }
  }
}

if (!customElements.get(FINDER_TAG)) customElements.define(FINDER_TAG, ChapterhouseFinder);
