import type { Knex } from "knex";
import type { Config } from "../../config";
import type { EmailServiceName } from "../../contracts/mailingList";
import { EmailSettings } from "../../models/EmailSettings";
import type { MailTransport } from "../mail";
import { BrevoListProvider } from "./brevo";
import { BrontoListProvider } from "./bronto";
import { BuiltInListProvider } from "./builtIn";
import type { ListProvider } from "./types";

export type { ListProvider, ListEmail, Recipient, SendResult } from "./types";
export { ProviderError, PartialSendError } from "./types";

/**
 * The list providers, chosen in one place: the email_settings row names the service (sendInBlue or bronto);
 * when no key is configured for it, the built-in provider carries the lists.
 */
export class ListProviders {
  readonly builtIn: BuiltInListProvider;
  readonly brevo: BrevoListProvider | null;
  readonly bronto: BrontoListProvider | null;

  constructor(config: Pick<Config, "brevo" | "bronto" | "mailFrom">, mail: MailTransport) {
    this.builtIn = new BuiltInListProvider(mail);
    this.brevo = config.brevo.apiKey ? new BrevoListProvider(config.brevo.apiKey, config.brevo.baseUrl, config.mailFrom, config.brevo.folderId) : null;
    this.bronto = config.bronto.apiToken ? new BrontoListProvider(config.bronto.apiToken, config.bronto.url, config.mailFrom) : null;
  }

  configured(serviceName: EmailServiceName): boolean {
    return Boolean(serviceName === "bronto" ? this.bronto : this.brevo);
  }

  forService(serviceName: EmailServiceName): ListProvider {
    return (serviceName === "bronto" ? this.bronto : this.brevo) ?? this.builtIn;
  }

  /** The selected service; pass the transaction when reading inside one. */
  async serviceName(trx?: Knex.Transaction): Promise<EmailServiceName> {
    const settings = await EmailSettings.query(trx).findById(1);
    return settings?.serviceName === "bronto" ? "bronto" : "sendInBlue";
  }

  /** The selected service and the adapter that carries it right now. */
  async current(): Promise<{ serviceName: EmailServiceName; provider: ListProvider }> {
    const serviceName = await this.serviceName();
    return { serviceName, provider: this.forService(serviceName) };
  }
}

/** The chapter's list id for a service: sendInBlueListId or brontoListId (spec 000 section 7). */
export function listIdColumn(serviceName: EmailServiceName): "sendInBlueListId" | "brontoListId" {
  return serviceName === "bronto" ? "brontoListId" : "sendInBlueListId";
}
