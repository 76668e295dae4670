/** One alias as a forwarding route: mail to `address` goes to each of `recipients`. */
export interface RouteInput {
  address: string;
  recipients: string[];
  description: string;
}

/**
 * Where email aliases forward mail. "mailgun" (MailgunRoutes, with MAILGUN_API_KEY): one route per alias
 * at Mailgun. "local" (LocalAliasRoutes, the built-in default): aliases are kept in our database only and
 * no mail is forwarded; it holds no routes and never fails.
 */
export interface AliasRoutes {
  readonly mode: "mailgun" | "local";
  /** Creates the route of an alias; null when there is none to create (local). */
  create(input: RouteInput): Promise<{ id: string } | null>;
  update(id: string, input: RouteInput): Promise<void>;
  /** Deletes a route; one that is already gone is fine. */
  remove(id: string): Promise<void>;
  /** How many routes there are (total), with at most `limit` of them. */
  list(limit?: number): Promise<{ total: number }>;
}
