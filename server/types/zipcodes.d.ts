/** The parts of the zipcodes package (no bundled types) that the offline geocoder and the scale seeder read. */
declare module "zipcodes" {
  export interface ZipRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    lookup(zip: string): ZipRecord | undefined;
    lookupByState(state: string): ZipRecord[];
    states: { abbr: Record<string, string>; normalize(s: string): string };
  };
  export default zipcodes;
}
