import type { Knex } from "knex";
import type { Config } from "./config";
import type { MailTransport } from "./integrations/mail";
import type { Geocoder } from "./integrations/geocoder";

/** Everything a route needs from the outside world, built once in main.ts (or a test). */
export interface Services {
  config: Config;
  knex: Knex;
  mail: MailTransport;
  geocoder: Geocoder;
}
