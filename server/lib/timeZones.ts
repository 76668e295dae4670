/** The usual time zone of each state (a new chapter's default; chapter settings can change it). */
const ZONES: Record<string, string> = {
  al: "America/Chicago", ak: "America/Anchorage", az: "America/Phoenix", ar: "America/Chicago", ca: "America/Los_Angeles",
  co: "America/Denver", ct: "America/New_York", de: "America/New_York", dc: "America/New_York", fl: "America/New_York",
  ga: "America/New_York", hi: "Pacific/Honolulu", id: "America/Boise", il: "America/Chicago", in: "America/Indiana/Indianapolis",
  ia: "America/Chicago", ks: "America/Chicago", ky: "America/New_York", la: "America/Chicago", me: "America/New_York",
  md: "America/New_York", ma: "America/New_York", mi: "America/Detroit", mn: "America/Chicago", ms: "America/Chicago",
  mo: "America/Chicago", mt: "America/Denver", ne: "America/Chicago", nv: "America/Los_Angeles", nh: "America/New_York",
  nj: "America/New_York", nm: "America/Denver", ny: "America/New_York", nc: "America/New_York", nd: "America/Chicago",
  oh: "America/New_York", ok: "America/Chicago", or: "America/Los_Angeles", pa: "America/New_York", pr: "America/Puerto_Rico",
  ri: "America/New_York", sc: "America/New_York", sd: "America/Chicago", tn: "America/Chicago", tx: "America/Chicago",
  ut: "America/Denver", vt: "America/New_York", va: "America/New_York", wa: "America/Los_Angeles", wv: "America/New_York",
  wi: "America/Chicago", wy: "America/Denver",
};

export function timeZoneForState(state: string): string {
  return ZONES[state.toLowerCase()] ?? "America/New_York";
}
