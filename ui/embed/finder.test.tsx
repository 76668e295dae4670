/** The finder element in a simulated browser (a .tsx name only to run among the DOM tests: there is no JSX). */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { NearChapter, NearChaptersAnswer } from "../../server/contracts/chapter";

const ORIGIN = "https://chapters.example.org";

beforeAll(async () => {
  // What the server's compile writes in (server/web/embedFinder.ts).
  (globalThis as { __CHAPTERHOUSE_ORIGIN__?: string }).__CHAPTERHOUSE_ORIGIN__ = ORIGIN;
  await import("./finder");
});

const austin: NearChapter = {
  id: 1,
  slug: "austin",
  title: "Austin",
  name: "Austin Drinking Liberally",
  city: "Austin",
  state: "tx",
  chapterTypeId: 1,
  distanceMiles: 2.3,
  next: { date: "2026-12-01", name: "Scholz Garten" },
};
const answer = (chapters: NearChapter[]): NearChaptersAnswer => ({ place: { label: "Austin, TX 78704", lat: 30.24, lng: -97.77 }, chapters });
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function mount(attributes: Record<string, string>) {
  const finder = document.createElement("chapterhouse-finder");
  for (const [name, value] of Object.entries(attributes)) finder.setAttribute(name, value);
  document.body.append(finder);
  return { finder, root: finder.shadowRoot! };
}

describe("<chapterhouse-finder>", () => {
  it("lists the nearest chapters with headings, absolute links and next meetups, as text", async () => {
    const fetch = vi.fn(async () => json(answer([austin, { ...austin, id: 2, slug: "evil", name: '<img src=x onerror="alert(1)">', next: null }])));
    vi.stubGlobal("fetch", fetch);
    const { root } = mount({ place: "78704", limit: "2", type: "drinking" });
    await vi.waitFor(() => expect(root.querySelectorAll("li")).toHaveLength(2));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toMatchObject([`${ORIGIN}/api/chapters/near?place=78704&limit=2&type=drinking`, { credentials: "omit" }]);
    expect(root.querySelector("h2")!.textContent).toBe("Drinking Liberally chapters near Austin, TX 78704");
    const links = [...root.querySelectorAll("li h3 a")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([`${ORIGIN}/chapter/tx/austin`, `${ORIGIN}/chapter/tx/evil`]);
    // Each chapter by its name with its type.
    expect(links[0].textContent).toBe("Austin Drinking Liberally");
    expect(root.querySelector("li")!.textContent).toContain("2.3 miles away");
    expect(root.querySelector("li")!.textContent).toContain("Next meetup: Tuesday, December 1, 2026, Scholz Garten");
    // Markup in the data stays text: no element is made from it.
    expect(links[1].textContent).toBe('<img src=x onerror="alert(1)">');
    expect(root.querySelector("img")).toBeNull();
    expect(root.querySelectorAll("li")[1].textContent).toContain("No meetup scheduled yet");
    expect(root.querySelector("style")!.textContent).toContain("prefers-color-scheme:dark");
  });

  it("shows a loading state, then says when no chapter is near", async () => {
    let answerWith: (res: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answerWith = resolve))),
    );
    const { root } = mount({ place: "78704" });
    await vi.waitFor(() => expect(root.querySelector("[role=status]")?.textContent).toBe("Finding chapters near 78704…"));
    expect(root.querySelector("section")!.getAttribute("aria-busy")).toBe("true");
    answerWith(json(answer([])));
    await vi.waitFor(() => expect(root.querySelector("[role=status]")?.textContent).toBe("No chapters near Austin, TX 78704."));
    expect(root.querySelector("section")!.hasAttribute("aria-busy")).toBe(false);
  });

  it("shows the server's message for a place it does not know, and a plain one when it cannot be reached", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json({ error: 'Unknown place: "Atlantis". Try a ZIP code or "City, ST".', errorId: "bad_request" }, 400)),
    );
    const { root } = mount({ place: "Atlantis" });
    await vi.waitFor(() => expect(root.querySelector("[role=alert]")?.textContent).toBe('Unknown place: "Atlantis". Try a ZIP code or "City, ST".'));
    expect(root.querySelector("button")).toBeNull();

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("Bad gateway", { status: 502 })),
    );
    const down = mount({ place: "78704" }).root;
    await vi.waitFor(() =>
      expect(down.querySelector("[role=alert]")?.textContent).toBe("The chapter finder could not load chapters (error 502). Please try again later."),
    );
    expect(down.querySelector("button")?.textContent).toBe("Try again");

    const failing = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", failing);
    const other = mount({ place: "78704" }).root;
    await vi.waitFor(() =>
      expect(other.querySelector("[role=alert]")?.textContent).toBe("Could not reach chapters.example.org. Check your connection and try again."),
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(answer([austin]))),
    );
    (other.querySelector("button") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(other.querySelectorAll("li")).toHaveLength(1));
  });

  it("asks for a place when it has none", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { root } = mount({});
    await vi.waitFor(() => expect(root.querySelector("[role=alert]")?.textContent).toBe('Set the place attribute to a ZIP code or "City, ST".'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it("searches again, once, when its attributes change", async () => {
    const fetch = vi.fn(async () => json(answer([austin])));
    vi.stubGlobal("fetch", fetch);
    const { finder, root } = mount({ place: "78704" });
    await vi.waitFor(() => expect(root.querySelectorAll("li")).toHaveLength(1));
    finder.setAttribute("place", "Houston, TX");
    finder.setAttribute("limit", "99");
    finder.setAttribute("type", "laughing");
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      `${ORIGIN}/api/chapters/near?place=78704&limit=5`,
      `${ORIGIN}/api/chapters/near?place=Houston%2C+TX&limit=50&type=laughing`,
    ]);
  });
});
