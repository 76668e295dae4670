import { IANAZone, Zone } from "luxon";

/** Offsets change only at whole quarter hours (UTC) since 1970, whatever the zone, and at most once a day. */
const BUCKET_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const MAX_REMEMBERED = 100_000;

/**
 * An IANA zone that remembers the offsets it has looked up, by day (by quarter hour on the days they change). luxon asks Intl for every
 * offset, which made a network calendar feed (tens of thousands of dates) spend most of its time there.
 * It is the same zone to luxon (type "iana", same name), so dates in it format and compare as before.
 */
export class RememberingZone extends Zone {
  /** By UTC day: the offset all day long, or null on a day the offset changes. */
  private readonly days = new Map<number, number | null>();
  /** By quarter hour, on days the offset changes. */
  private readonly offsets = new Map<number, number>();

  constructor(private readonly inner: IANAZone) {
    super();
  }

  override get type(): string {
    return this.inner.type;
  }
  override get name(): string {
    return this.inner.name;
  }
  get ianaName(): string {
    return this.inner.name;
  }
  override get isUniversal(): boolean {
    return this.inner.isUniversal;
  }
  override get isValid(): boolean {
    return this.inner.isValid;
  }
  override offsetName(ts: number, opts: Parameters<Zone["offsetName"]>[1]): string | null {
    return this.inner.offsetName(ts, opts);
  }
  override formatOffset(ts: number, format: Parameters<Zone["formatOffset"]>[1]): string {
    return this.inner.formatOffset(ts, format);
  }
  override offset(ts: number): number {
    // Before 1970 some zones changed at odd minutes (local mean time): ask every time.
    if (!(ts >= 0)) return this.inner.offset(ts);
    const day = Math.floor(ts / DAY_MS);
    let allDay = this.days.get(day);
    if (allDay === undefined) {
      const first = this.inner.offset(day * DAY_MS);
      allDay = first === this.inner.offset((day + 1) * DAY_MS - 1) ? first : null;
      if (this.days.size >= MAX_REMEMBERED) this.days.clear();
      this.days.set(day, allDay);
    }
    if (allDay !== null) return allDay;
    const key = Math.floor(ts / BUCKET_MS);
    let offset = this.offsets.get(key);
    if (offset === undefined) {
      offset = this.inner.offset(ts);
      if (this.offsets.size >= MAX_REMEMBERED) this.offsets.clear();
      this.offsets.set(key, offset);
    }
    return offset;
  }
  override equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name;
  }
}
