import type { Server } from "node:http";
import type { Config } from "./config";
import { createApp } from "./app";
import { closeAdminEventStreams } from "./events/adminEventStream";
import { bindModels, migrateLatest, openDatabase } from "./db";
import { createMailTransport, type MailTransport } from "./integrations/mail";
import { seedDemoIfEmpty } from "./seed/demo";
import { syncChapterTypeDomains } from "./seed/chapterTypes";
import { createServices, type Services } from "./services";
import { JobWorker } from "./jobs/worker";
import { ensureRecurringJobs } from "./jobs/handlers";
import { warmUpRenderer } from "./web/ssr";
import { warmUpNetworkFeed } from "./calendar/feedCache";
import { warmUpFeedWriter } from "./calendar/feed";

export interface RunningServer {
  services: Services;
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Builds the services from configuration and serves the app. */
async function buildServices(config: Config, mail: MailTransport = createMailTransport(config)): Promise<Services> {
  const knex = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  bindModels(knex);
  await migrateLatest(knex);
  await syncChapterTypeDomains(config.chapterEmailDomains);
  return createServices(config, knex, mail);
}

/**
 * `mail` replaces the configured transport (tests wrap it). What a new process prepares (the home page's renderer,
 * the network calendar feed) is prepared in the background after the port opens; `warmUp: "before-listening"`
 * prepares it before (the production start, server/main.ts), so the first requests after a start answer as fast as
 * any and nothing competes with them; `warmUp: false` leaves it to the first request, as benchmarks of first builds
 * need.
 */
export async function startServer(
  config: Config,
  opts: { uiDir?: string | null; mail?: MailTransport; warmUp?: boolean | "before-listening" } = {},
): Promise<RunningServer> {
  const services = await buildServices(config, opts.mail);
  if (config.seedDemo) await seedDemoIfEmpty(services);
  const app = createApp(services, { uiDir: opts.uiDir });
  // Before listening, whatever `warmUp` says: code set up once per process, not data (calendar/feed.ts).
  warmUpFeedWriter();
  const rendersPages = Boolean(opts.uiDir) && config.serverRendering;
  if (opts.warmUp === "before-listening") {
    // The home page rendered once (in process, web/ssr.ts): the renderer's modules are loaded and its code run.
    await Promise.all([rendersPages ? warmUpRenderer(app) : undefined, warmUpNetworkFeed(services.knex, config.publicUrl)]);
  }
  const server = await new Promise<Server>((resolve) => {
    const srv = app.listen(config.port, () => resolve(srv));
  });
  // The background worker of this process (RUN_JOBS=false for processes that should only serve requests).
  const worker = config.runJobs ? new JobWorker(services.jobs) : null;
  if (worker) {
    await ensureRecurringJobs(services);
    worker.start();
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  if (opts.warmUp === undefined || opts.warmUp === true) {
    if (rendersPages) void warmUpRenderer(app);
    void warmUpNetworkFeed(services.knex, config.publicUrl);
  }
  return {
    services,
    server,
    port,
    async close() {
      closeAdminEventStreams();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await worker?.stop();
      await services.knex.destroy();
    },
  };
}
