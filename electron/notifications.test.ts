import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { createNoticeRouter, type NotificationOptionsLike } from "./notifications";
import type { AdminNotice } from "../server/contracts/adminNotice";

class FakeNotification extends EventEmitter {
  static made: FakeNotification[] = [];
  shown = false;
  constructor(readonly options: NotificationOptionsLike) {
    super();
    FakeNotification.made.push(this);
  }
  show() {
    this.shown = true;
  }
}

const notice: AdminNotice = {
  id: 9,
  type: "host_application_created",
  title: "New host application",
  body: "Sam wants to host a chapter in Reno, NV.",
  path: "/admin/chapter_host_applications/sam-reno",
};

describe("notice routing", () => {
  it("shows one OS notification; its click opens the notice's screen; the window gets it for a toast", () => {
    FakeNotification.made = [];
    const openPath = vi.fn();
    const forwardToWindow = vi.fn();
    const router = createNoticeRouter({ Notification: FakeNotification, isSupported: () => true, openPath, forwardToWindow, icon: "/app/icon.png" });
    router.show(notice);
    expect(FakeNotification.made).toHaveLength(1);
    expect(FakeNotification.made[0].options).toEqual({
      title: "New host application",
      body: "Sam wants to host a chapter in Reno, NV.",
      icon: "/app/icon.png",
    });
    expect(FakeNotification.made[0].shown).toBe(true);
    expect(forwardToWindow).toHaveBeenCalledWith(notice);
    expect(openPath).not.toHaveBeenCalled();
    FakeNotification.made[0].emit("click");
    expect(openPath).toHaveBeenCalledWith("/admin/chapter_host_applications/sam-reno");
  });

  it("without OS notifications the window still gets the notice", () => {
    FakeNotification.made = [];
    const forwardToWindow = vi.fn();
    createNoticeRouter({ Notification: FakeNotification, isSupported: () => false, openPath: vi.fn(), forwardToWindow }).show(notice);
    expect(FakeNotification.made).toHaveLength(0);
    expect(forwardToWindow).toHaveBeenCalledTimes(1);
  });

  it("a click never leaves the app", () => {
    FakeNotification.made = [];
    const openPath = vi.fn();
    createNoticeRouter({ Notification: FakeNotification, isSupported: () => true, openPath, forwardToWindow: vi.fn() }).show({
      ...notice,
      path: "//evil.example/x",
    });
    FakeNotification.made[0].emit("click");
    expect(openPath).toHaveBeenCalledWith("/admin");
  });
});
