import { describe, expect, it } from "vitest";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../models/ChapterHostApplication";
import { ApiError } from "../errors";
import { APPLICATION_NOT_OPEN, checkApprovalWithChapter, checkStatusChange } from "./hostApplicationStatus";

/** The refusal of a change, as [status, message], or "allowed". */
function outcome(from: ApplicationStatus, to: ApplicationStatus): "allowed" | [number, string] {
  try {
    checkStatusChange(from, to);
    return "allowed";
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    expect(err.field).toBe("status");
    return [err.status, err.message];
  }
}

const approveThroughChapter: [number, string] = [400, "Create a chapter from this application to approve it (Add Chapter from this application)."];

describe("host application status machine", () => {
  it("from open: approve without a chapter or deny; approving with a chapter is refused", () => {
    expect(outcome("open", "approved_without_creation")).toBe("allowed");
    expect(outcome("open", "denied")).toBe("allowed");
    expect(outcome("open", "approved")).toEqual(approveThroughChapter);
  });

  it("every status may be reopened or kept", () => {
    for (const from of APPLICATION_STATUSES) {
      expect(outcome(from, "open")).toBe("allowed");
      expect(outcome(from, from)).toBe("allowed");
    }
  });

  it("a decided application must be reopened before another decision", () => {
    expect(outcome("denied", "approved_without_creation")).toEqual([409, "This application is Denied; reopen it first."]);
    expect(outcome("approved", "denied")).toEqual([409, "This application is Approved; reopen it first."]);
    expect(outcome("approved_without_creation", "denied")).toEqual([409, "This application is Approved, No Chapter Created; reopen it first."]);
    expect(outcome("denied", "approved")).toEqual(approveThroughChapter);
  });

  it("approval by creating a chapter is only from open", () => {
    expect(() => checkApprovalWithChapter("open")).not.toThrow();
    for (const from of ["approved", "approved_without_creation", "denied"] as const) {
      expect(() => checkApprovalWithChapter(from)).toThrow(expect.objectContaining({ status: 409, message: APPLICATION_NOT_OPEN[from] }));
    }
    expect(APPLICATION_NOT_OPEN.denied).toBe("This Chapter Host Application has already been denied.");
  });
});
