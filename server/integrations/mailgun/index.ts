import type { Config } from "../../config";
import { LocalAliasRoutes } from "./local";
import { MailgunRoutes } from "./routes";
import type { AliasRoutes } from "./types";

export type { AliasRoutes } from "./types";

/** Mailgun's Routes API when MAILGUN_API_KEY is set, otherwise the built-in local aliases (no forwarding). */
export function createAliasRoutes(config: Pick<Config, "mailgun">): AliasRoutes {
  if (config.mailgun.apiKey) return new MailgunRoutes(config.mailgun.apiKey, config.mailgun.baseUrl);
  return new LocalAliasRoutes();
}
