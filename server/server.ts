import type { Server } from "node:http";
import type { Config } from "./config";
import { createApp } from "./app";
import { bindModels, migrateLatest, openDatabase } from "./db";
import { createMailTransport } from "./integrations/mail";
import { createGeocoder } from "./integrations/geocoder";
import { seedDemoIfEmpty } from "./seed/demo";
import { syncChapterTypeDomains } from "./seed/chapterTypes";
import type { Services } from "./services";

export interface RunningServer {
  services: Services;
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Builds the services from configuration and serves the app. */
export async function buildServices(config: Config): Promise<Services> {
  const knex = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  bindModels(knex);
  await migrateLatest(knex);
  await syncChapterTypeDomains(config.chapterEmailDomains);
  return { config, knex, mail: createMailTransport(config), geocoder: createGeocoder(config) };
}

export async function startServer(config: Config, opts: { uiDir?: string | null } = {}): Promise<RunningServer> {
  const services = await buildServices(config);
  if (config.seedDemo) await seedDemoIfEmpty(services);
  const app = createApp(services, { uiDir: opts.uiDir });
  const server = await new Promise<Server>((resolve) => {
    const srv = app.listen(config.port, () => resolve(srv));
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return {
    services,
    server,
    port,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.knex.destroy();
    },
  };
}
