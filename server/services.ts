import type { Knex } from "knex";
import type { Config } from "./config";
import type { MailTransport } from "./integrations/mail";
import { ListProviders } from "./integrations/listProviders";
import { createAliasRoutes, type AliasRoutes } from "./integrations/mailgun";
import { JobQueue, type QueueOptions } from "./jobs/queue";
import { registerJobHandlers } from "./jobs/handlers";
import { createGeocoder, type Geocoder } from "./integrations/geocoder";

/** Everything a route needs from the outside world, built once in main.ts (or a test). */
export interface Services {
  config: Config;
  knex: Knex;
  mail: MailTransport;
  /** Turns event addresses into coordinates: offline by default, Google's geocoder with a key. */
  geocoder: Geocoder;
  /** The durable job queue (server/jobs): provider deliveries, list sends. */
  jobs: JobQueue;
  /** The email-marketing providers; `current()` gives the one the email settings select. */
  listProviders: ListProviders;
  /** Where email aliases forward mail: Mailgun's routes with MAILGUN_API_KEY, else the built-in local aliases. */
  mailgun: AliasRoutes;
}

/** Builds the integrations over an opened database and registers the job handlers. */
export function createServices(
  config: Config,
  knex: Knex,
  mail: MailTransport,
  queueOptions: QueueOptions = {},
  geocoder: Geocoder = createGeocoder(config),
): Services {
  const services: Services = {
    config,
    knex,
    mail,
    geocoder,
    jobs: new JobQueue(knex, queueOptions),
    listProviders: new ListProviders(config, mail),
    mailgun: createAliasRoutes(config),
  };
  registerJobHandlers(services);
  return services;
}
