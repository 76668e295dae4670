/** The parts of the zipcodes package (no bundled types) that the scale seeder reads. */
declare module "zipcodes" {
  interface ZipRecord {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { lookupByState(state: string): ZipRecord[] };
  export default zipcodes;
}
