import path from "node:path";
import type { Config } from "../../config";
import { OutboxTransport } from "./outbox";
import { SmtpTransport } from "./smtp";
import type { MailTransport } from "./types";

export type { MailMessage, MailTransport } from "./types";

export function createMailTransport(config: Pick<Config, "smtpUrl" | "dataDir" | "mailFrom">): MailTransport {
  if (config.smtpUrl) return new SmtpTransport(config.smtpUrl, config.mailFrom);
  return new OutboxTransport(path.join(config.dataDir, "outbox"), config.mailFrom);
}
