/**
 * The desktop implementation of the UI's platform interface (ui/platform/types.ts), exposed to the page
 * as window.chapterhouseDesktop. It runs sandboxed and only relays to the main process over IPC.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from "electron";
import type { AdminNotice, Platform, ServerAddressResult } from "../ui/platform/types";
import { IPC, type DesktopConfigSnapshot, type SetServerAddressAnswer } from "./ipc";

let config = (ipcRenderer.sendSync(IPC.getConfig) as DesktopConfigSnapshot | undefined) ?? { serverAddress: null };
/** undefined until read once from the main process. */
let token: string | null | undefined;

function subscribe<T>(channel: string, handler: (value: T) => void): () => void {
  const listener = (_event: IpcRendererEvent, value: T) => handler(value);
  ipcRenderer.on(channel, listener);
  return () => {
    ipcRenderer.removeListener(channel, listener);
  };
}

const desktopPlatform = {
  apiBase: () => config.serverAddress ?? "",
  hasServerAddress: () => Boolean(config.serverAddress),
  async setServerAddress(address: string): Promise<ServerAddressResult> {
    const answer = (await ipcRenderer.invoke(IPC.setServerAddress, String(address))) as SetServerAddressAnswer;
    if (!answer.error) {
      config = { serverAddress: answer.serverAddress };
      token = null;
    }
    return { error: answer.error };
  },
  async getToken() {
    if (token === undefined) token = ((await ipcRenderer.invoke(IPC.getToken)) as string | null) ?? null;
    return token;
  },
  async setToken(next: string | null) {
    token = next;
    await ipcRenderer.invoke(IPC.setToken, next);
  },
  usesBearer: true,
  openExternal(url: string) {
    ipcRenderer.send(IPC.openExternal, String(url));
  },
  onAdminNotice: (handler: (notice: AdminNotice) => void) => subscribe<AdminNotice>(IPC.notice, handler),
  onNavigate: (handler: (path: string) => void) => subscribe<string>(IPC.navigate, handler),
} satisfies Platform;

contextBridge.exposeInMainWorld("chapterhouseDesktop", desktopPlatform);
