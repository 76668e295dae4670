import { describe, expect, it } from "vitest";
import type { ChapterEventInfo } from "../../server/contracts/chapter";
import { googleCalendarUrl } from "./googleCalendar";

const event = {
  name: "Scholz Garten",
  description: "Upstairs & ask for the host",
  address1: "1607 San Jacinto Blvd",
  address2: "",
  city: "Austin",
  state: "TX",
  postalCode: "78701",
} as ChapterEventInfo;

describe("googleCalendarUrl", () => {
  it("names the meetup, gives its start and end in UTC, its place and the chapter's page", () => {
    const url = new URL(
      googleCalendarUrl(
        { start: "2026-12-08T19:00:00.000-06:00", end: "2026-12-08T21:30:00.000-06:00" },
        event,
        "Austin Drinking Liberally",
        "https://livingliberally.org/chapter/tx/austin",
      ),
    );
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("text")).toBe("Austin Drinking Liberally at Scholz Garten");
    // 7 pm in Austin (UTC-6) is 01:00 the next day in UTC.
    expect(url.searchParams.get("dates")).toBe("20261209T010000Z/20261209T033000Z");
    expect(url.searchParams.get("location")).toBe("Scholz Garten, 1607 San Jacinto Blvd, Austin, TX 78701");
    expect(url.searchParams.get("details")).toBe("Upstairs & ask for the host\n\nhttps://livingliberally.org/chapter/tx/austin");
  });

  it("keeps what people typed inside its own parameter", () => {
    const url = new URL(
      googleCalendarUrl({ start: "2026-12-08T19:00:00Z", end: "2026-12-08T20:00:00Z" }, { ...event, name: "Bar & Grill?x=1#top" }, "Reno", "https://x.org/c"),
    );
    expect(url.searchParams.get("text")).toBe("Reno at Bar & Grill?x=1#top");
    expect(url.searchParams.get("dates")).toBe("20261208T190000Z/20261208T200000Z");
    expect([...url.searchParams.keys()]).toEqual(["action", "text", "dates", "location", "details"]);
  });
});
