import type { Config } from "../config";
import type { ActiveListProvider, DeliverabilityInfo } from "../contracts/mailingList";
import { parseAddress } from "../integrations/mail/headers";

/** What the provider that carries list email asks to be named in SPF. */
const PROVIDER_SPF: Record<ActiveListProvider, string> = {
  builtIn: "your SMTP relay (SMTP_URL)",
  brevo: "Brevo (include:spf.brevo.com) and your SMTP relay",
  bronto: "Bronto and your SMTP relay",
};

/**
 * Deliverability at a glance (issue 29, Email Administration): the DNS records the From domain needs so mailboxes
 * trust our mail, and what the running configuration lacks. Every message is From MAIL_FROM's address (a list email
 * only changes the name), so these records are for that one domain.
 */
export function deliverability(
  config: Pick<Config, "mailFrom" | "publicUrl" | "smtpUrl">,
  state: { activeProvider: ActiveListProvider; postalAddress: string },
): DeliverabilityInfo {
  const fromAddress = parseAddress(config.mailFrom).email;
  const fromDomain = fromAddress.split("@")[1] ?? "";
  const records: DeliverabilityInfo["records"] = [
    {
      kind: "SPF",
      name: fromDomain,
      what: `A TXT record "v=spf1 ... ~all" naming every server that sends as ${fromDomain}: ${PROVIDER_SPF[state.activeProvider]}.`,
    },
    {
      kind: "DKIM",
      name: `{selector}._domainkey.${fromDomain}`,
      what: "The public key your SMTP relay or provider gives you (it names the selector), so receivers can check each message's signature.",
    },
    {
      kind: "DMARC",
      name: `_dmarc.${fromDomain}`,
      what: `A TXT record such as "v=DMARC1; p=none; rua=mailto:dmarc@${fromDomain}" to start, then p=quarantine once the reports show SPF and DKIM passing. Mail is always From ${fromAddress}, so it aligns.`,
    },
  ];
  const warnings: string[] = [];
  if (!config.publicUrl.startsWith("https://")) {
    warnings.push(
      `PUBLIC_URL (${config.publicUrl}) is not https: mail clients offer one-click unsubscribe only for https links, and links over http look suspect.`,
    );
  }
  if (!config.smtpUrl) warnings.push("SMTP_URL is not set: mail is written to DATA_DIR/outbox and reaches nobody.");
  if (!fromDomain || /^(localhost|example\.(com|org|net))$/i.test(fromDomain) || fromDomain.endsWith(".local")) {
    warnings.push(`MAIL_FROM (${config.mailFrom}) is not at a domain you can publish records for.`);
  }
  if (!state.postalAddress) warnings.push("No postal address is set (General Settings): anti-spam laws ask for one in every list email.");
  return { fromDomain, records, warnings };
}
