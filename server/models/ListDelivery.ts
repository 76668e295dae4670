import { BaseModel } from "./BaseModel";

/**
 * One recipient of one list email. pending: not handed over yet; sending: being handed to the provider (a
 * worker that dies leaves it here); sent; failed (refused for good); unknown (interrupted while handed to a
 * provider that cannot tell us whether it went out: reported, never sent again); skipped (left the list first).
 */
export type DeliveryState = "pending" | "sending" | "sent" | "failed" | "unknown" | "skipped";

export class ListDelivery extends BaseModel {
  static override tableName = "list_deliveries";
  listMessageId!: number;
  contactId!: number;
  /** `list-message-{messageId}-contact-{contactId}`; providers that take a key receive it (or a UUID made from it). */
  idempotencyKey!: string;
  state!: DeliveryState;
  provider!: string | null;
  attempts!: number;
  /**
   * Times handed over again after a hand-over a stopped worker left undecided (`sending`), under the same key:
   * the recipient may have the first copy too, which the outbox, Brevo (within its window) or, over SMTP, the
   * receiving mail servers (the same Message-ID) drop.
   */
  retries!: number;
  /** When it was last handed to the provider (state sending). */
  handedAt!: string | null;
  error!: string | null;
}
