import type { Knex } from "knex";
import type { Config } from "./config";
import type { MailTransport } from "./integrations/mail";
import { ListProviders } from "./integrations/listProviders";
import { createAliasRoutes, type AliasRoutes } from "./integrations/mailgun";
import { JobQueue, type QueueOptions } from "./jobs/queue";
import { registerJobHandlers } from "./jobs/handlers";
import { createGeocoder, type Geocoder } from "./integrations/geocoder";
import { createLogger, type Logger } from "./lib/log";

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
  /** The server's logger (server/lib/log.ts); background parts log through a child naming them. */
  log: Logger;
}

export interface ServiceOptions {
  /** The job queue's clock, lease (over JOB_LEASE_MS) and worker id (tests). */
  queue?: Omit<QueueOptions, "log">;
  /** Replaces the configured geocoder (tests). */
  geocoder?: Geocoder;
  /** Replaces the logger at LOG_LEVEL on standard output (tests that read the log). */
  log?: Logger;
}

/** Builds the integrations over an opened database and registers the job handlers. */
export function createServices(config: Config, knex: Knex, mail: MailTransport, opts: ServiceOptions = {}): Services {
  const log = opts.log ?? createLogger(config.logLevel);
  const services: Services = {
    config,
    knex,
    mail,
    geocoder: opts.geocoder ?? createGeocoder(config, log.child({ component: "geocoder" })),
    jobs: new JobQueue(knex, { leaseMs: config.jobLeaseMs, ...opts.queue, log: log.child({ component: "jobs" }) }),
    listProviders: new ListProviders(config, mail),
    mailgun: createAliasRoutes(config),
    log,
  };
  registerJobHandlers(services);
  return services;
}
