import type { MouseEvent } from "react";
import { ApiRequestError } from "../api/client";
import { fetchMemberExport } from "../api/memberExport";
import { platform } from "../platform";
import { saveFile } from "../lib/saveFile";
import { LinkButton } from "./LinkButton";
import { notify } from "./Toaster";

/** The desktop app's way: the CSV fetched with its token, then saved from memory. */
async function saveFetched(path: string, fileName: string) {
  try {
    saveFile(await fetchMemberExport(path), fileName, "text/csv");
  } catch (err) {
    notify("error", "The export failed", err instanceof ApiRequestError ? err.message : "Please try again.");
  }
}

/**
 * "Export CSV": a plain link with the download attribute to a CSV the server streams, so the browser saves it as it
 * arrives (a list of 50,000 members never sits in the page's memory); the session cookie authenticates it and the
 * server names the file. The desktop app, whose links carry no session, fetches the file with its token instead.
 */
export function ExportCsvLink({ path, fileName, label = "Export CSV", testId }: { path: string; fileName: string; label?: string; testId?: string }) {
  const handleClick = (e: MouseEvent) => {
    if (!platform.usesBearer) return;
    e.preventDefault();
    void saveFetched(path, fileName);
  };
  return (
    <LinkButton size="sm" variant="outline" alignSelf="flex-start">
      <a href={(platform.apiBase() || window.location.origin) + path} download onClick={handleClick} data-testid={testId}>
        {label}
      </a>
    </LinkButton>
  );
}
