import type { Page } from "@playwright/test";

/** What `click` makes the browser download (Playwright's download event): the file's suggested name and its text. */
export async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ fileName: string; text: string }> {
  const download = page.waitForEvent("download");
  await click();
  const file = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(Buffer.from(chunk));
  return { fileName: file.suggestedFilename(), text: Buffer.concat(chunks).toString("utf8") };
}
