/** The IPC channels between electron/preload.ts and electron/main.ts, and what they carry. */
export const IPC = {
  /** sync: DesktopConfigSnapshot */
  getConfig: "chapterhouse:config:get",
  /** invoke(address): SetServerAddressAnswer */
  setServerAddress: "chapterhouse:config:set-server-address",
  /** invoke(): string | null */
  getToken: "chapterhouse:token:get",
  /** invoke(token | null): void */
  setToken: "chapterhouse:token:set",
  /** send(url) */
  openExternal: "chapterhouse:open-external",
  /** main -> renderer: AdminNotice */
  notice: "chapterhouse:notice",
  /** main -> renderer: path inside the app */
  navigate: "chapterhouse:navigate",
} as const;

export interface DesktopConfigSnapshot {
  serverAddress: string | null;
}

export interface SetServerAddressAnswer {
  error: string | null;
  serverAddress: string | null;
}
