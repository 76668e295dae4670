/**
 * Stands in for Electron's type definitions when npm left the optional `electron` package out (a plain
 * `npm install` on a machine that cannot download its binary), so `npm run typecheck` still passes there.
 * tsconfig.json maps "electron" to the real package first; this file is only the fallback, and it checks
 * nothing about Electron's API. Install with ELECTRON_SKIP_BINARY_DOWNLOAD=1 (as CI does) to check
 * electron/ against the real types. Add here whatever else electron/ starts to import.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Unchecked = any;

export declare const app: Unchecked;
export declare const BrowserWindow: Unchecked;
export type BrowserWindow = Unchecked;
export declare const contextBridge: Unchecked;
export declare const ipcMain: Unchecked;
export declare const ipcRenderer: Unchecked;
export declare const Menu: Unchecked;
export declare const net: Unchecked;
export declare const Notification: Unchecked;
export declare const powerMonitor: Unchecked;
export declare const protocol: Unchecked;
export declare const safeStorage: Unchecked;
export declare const session: Unchecked;
export declare const shell: Unchecked;

export type IpcMainEvent = Unchecked;
export type IpcMainInvokeEvent = Unchecked;
export type IpcRendererEvent = Unchecked;
export type MenuItemConstructorOptions = Unchecked;
export type WebContents = Unchecked;
export type WebPreferences = Unchecked;
