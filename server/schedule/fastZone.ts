import { IANAZone, Zone } from "luxon";

/** Offsets change only at whole quarter hours (UTC) since 1970, whatever the zone, and at most once a day. */
const BUCKET_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const MAX_REMEMBERED = 100_000;
/**
 * Offsets are also remembered by spans of SPAN_DAYS days: a span whose two ends have the same offset has it
 * throughout. That holds while no zone changes its offset and back within a span: since 1970 (and in the rules
 * to 2100) the closest such pair is 7 days apart (Brazil in October 2000, Gaza's Ramadan rules), and
 * fastZone.test.ts checks the zone there.
 */
export const SPAN_DAYS = 4;

/**
 * An IANA zone that remembers the offsets it has looked up: by span of days when the offset holds all through
 * it, else by day, and by quarter hour on the days it changes. luxon asks Intl for every
 * offset, which made a network calendar feed (tens of thousands of dates) spend most of its time there.
 * It is the same zone to luxon (type "iana", same name), so dates in it format and compare as before.
 */
export class RememberingZone extends Zone {
  /** By span of SPAN_DAYS days since 1970: the offset all through it, or null when it changes within. */
  private readonly spans = new Map<number, number | null>();
  /** By UTC day: the offset at its midnight (UTC), shared by the day before, which ends there. */
  private readonly midnights = new Map<number, number>();
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
    const span = Math.floor(day / SPAN_DAYS);
    let throughout = this.spans.get(span);
    if (throughout === undefined) {
      const first = this.atMidnight(span * SPAN_DAYS);
      throughout = first === this.atMidnight((span + 1) * SPAN_DAYS) ? first : null;
      if (this.spans.size >= MAX_REMEMBERED) this.spans.clear();
      this.spans.set(span, throughout);
    }
    if (throughout !== null) return throughout;
    let allDay = this.days.get(day);
    if (allDay === undefined) {
      // A day whose two midnights have the same offset has it all day (at most one change a day); one that
      // changes exactly at its end is read by quarter hour, still exactly.
      const first = this.atMidnight(day);
      allDay = first === this.atMidnight(day + 1) ? first : null;
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
  private atMidnight(day: number): number {
    let offset = this.midnights.get(day);
    if (offset === undefined) {
      offset = this.inner.offset(day * DAY_MS);
      if (this.midnights.size >= MAX_REMEMBERED) this.midnights.clear();
      this.midnights.set(day, offset);
    }
    return offset;
  }
  override equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name;
  }
}
