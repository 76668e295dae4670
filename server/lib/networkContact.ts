import type { Services } from "../services";

export interface NetworkContact {
  name: string;
  email: string;
}

/** "Name <address>" or a bare address, as MAIL_FROM is written. */
function parseMailbox(mailbox: string): NetworkContact {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailbox);
  if (match) return { name: match[1].trim(), email: match[2].trim() };
  return { name: "", email: mailbox.trim() };
}

/** Where people write to the network when no one nearer answers: the address mail is sent from (MAIL_FROM). */
export async function networkContact(s: Pick<Services, "config">): Promise<NetworkContact> {
  return parseMailbox(s.config.mailFrom);
}
