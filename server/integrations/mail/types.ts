export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Where mail goes: SMTP when configured, otherwise the outbox folder. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}
