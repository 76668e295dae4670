import { describe, expect, it } from "vitest";
import { listStatusText } from "./NoMailingList";

describe("listStatusText", () => {
  it("tells hosts the list is being made at the selected service and that the page updates by itself", () => {
    const text = listStatusText({ listStatus: "creating", serviceName: "bronto" });
    expect(text).toContain("being created at Bronto");
    expect(text).toContain("we keep trying");
    expect(text).toContain("This page updates by itself.");
  });

  it("points to Email Administration when the service refused, and to Chapter Settings when nothing is under way", () => {
    expect(listStatusText({ listStatus: "failed", serviceName: "sendInBlue" })).toMatch(/^Send In Blue refused .* Email Administration/);
    expect(listStatusText({ listStatus: "none", serviceName: "sendInBlue" })).toContain("typing its id in Chapter Settings");
  });
});
