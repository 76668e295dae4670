import fs from "node:fs";
import path from "node:path";
import Koa from "koa";
import Router from "@koa/router";
import { koaBody } from "koa-body";
import helmet from "koa-helmet";
import { errorMiddleware, notFound } from "./errors";
import { sessionMiddleware, type SessionOptions } from "./auth/session";
import { registerApiRoutes } from "./routes";
import { chapterCalendarRouter } from "./routes/chapterCalendar";
import { staticUi } from "./lib/staticUi";
import { seoRoutes } from "./web/seoRoutes";
import { embedFinderRoutes } from "./web/embedFinder";
import { indexPageFor, islandsEntryOf } from "./web/indexPage";
import { joinListRoutes } from "./web/joinList";
import { signInFormRoutes } from "./web/signInForm";
import { accountFormRoutes } from "./web/accountForms";
import { startChapterFormRoutes } from "./web/startChapterForm";
import { reviveChapterRoutes } from "./web/reviveChapter";
import { rsvpFormRoutes } from "./web/rsvpForm";
import { chooseStateRoutes } from "./web/chooseState";
import { PageCache } from "./web/pageCache";
import { uploadedImages } from "./routes/uploads";
import { removeUploadsAfterRequest } from "./lib/images";
import { cors } from "./lib/cors";
import { refuseNulInBody, refuseNulInUrl } from "./lib/inputGuard";
import { endBodyDecodingWithRequest } from "./lib/bodyDecoding";
import { compressKeptAnswers } from "./lib/compressKept";
import { keptLane } from "./lib/hotLane";
import { readCacheOf } from "./lib/readCache";
import { requestLog, routeOf } from "./lib/requestLog";
import type { Services } from "./services";

export interface AppOptions {
  /** Folder of the built UI (dist/ui); omitted in API-only tests. */
  uiDir?: string | null;
}

function contentSecurityPolicy(s: Services) {
  const google = s.config.googleMapsApiKey
    ? ["https://maps.googleapis.com", "https://maps.gstatic.com", "https://*.googleapis.com", "https://*.gstatic.com"]
    : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...google],
      styleSrc: ["'self'", "'unsafe-inline'", ...(google.length ? ["https://fonts.googleapis.com"] : [])],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:", ...(google.length ? ["https://fonts.gstatic.com"] : [])],
      connectSrc: ["'self'", ...google],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  };
}

/** The routers each app mounts, so tests can list every route (see apiRoutes). */
const mountedRouters = new WeakMap<Koa, Router[]>();

/** Every route the app serves through its routers: method and path pattern (e.g. POST /api/chapter_note). */
export function apiRoutes(app: Koa): { method: string; path: string }[] {
  return (mountedRouters.get(app) ?? []).flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((m) => m !== "HEAD").map((method) => ({ method, path: String(layer.path) }))),
  );
}

/** The whole site in one Koa app: security headers, the JSON API under /api, uploads and the UI. */
export function createApp(s: Services, opts: AppOptions = {}): Koa {
  const app = new Koa();
  // Behind TRUST_PROXY proxies ctx.ip is the address the nearest of them saw, not what the client claims.
  app.proxy = s.config.trustProxyHops > 0;
  app.maxIpsCount = s.config.trustProxyHops;
  // Errors Koa met itself, after our error middleware (a response body's stream failing while it is sent).
  app.on("error", (err, ctx?: Koa.Context) => {
    if ((err as { status?: number }).status && (err as { status: number }).status < 500) return;
    // A client that goes away mid-response is not a server fault, nor one that hangs up mid-body (Node's HTTP
    // parser then fails with HPE_INVALID_EOF_STATE; every HPE_ error is about the bytes the client sent).
    const code = (err as { code?: string }).code ?? "";
    if (["ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "EPIPE", "ECONNABORTED"].includes(code) || code.startsWith("HPE_")) return;
    (ctx?.state.log ?? s.log).error({ err, ...(ctx ? { method: ctx.method, route: routeOf(ctx) } : {}) }, "unhandled error");
  });

  const sessionOptions: SessionOptions = { secret: s.config.sessionSecret, secureCookies: s.config.publicUrl.startsWith("https://") };

  // First: anonymous GETs of kept answers the app already sent are answered at once while current (lib/hotLane.ts).
  app.use(keptLane(readCacheOf(s.knex), s.log));
  app.use(requestLog(s.log));
  app.use(helmet({ contentSecurityPolicy: contentSecurityPolicy(s), crossOriginEmbedderPolicy: false }));
  app.use(errorMiddleware());
  app.use(compressKeptAnswers());
  app.use(cors());
  // Before the calendar lane and the API: no NUL reaches a route, whatever the route (see the module).
  app.use(refuseNulInUrl());
  app.use(endBodyDecodingWithRequest());
  app.use(async (ctx, next) => {
    ctx.state.sessionOptions = sessionOptions;
    ctx.state.services = s;
    await next();
  });

  // Calendar feeds, polled by calendar apps, take a light lane ahead of the API router (see the module).
  const calendar = chapterCalendarRouter(s, sessionOptions);
  app.use(calendar.routes());

  const api = new Router({ prefix: "/api" });
  api.use(async (ctx, next) => {
    ctx.set("Cache-Control", "no-store");
    await next();
  });
  // JSON, form and text bodies. Multipart bodies are read only by the upload routes, after authorization (lib/upload.ts).
  api.use(koaBody({ jsonLimit: s.config.jsonLimit, formLimit: "256kb", textLimit: "256kb", multipart: false }));
  api.use(removeUploadsAfterRequest());
  api.use(refuseNulInBody());
  api.use(sessionMiddleware(sessionOptions));
  registerApiRoutes(api, s);
  api.all("/{*rest}", () => {
    throw notFound("API endpoint");
  });
  app.use(api.routes());
  app.use(api.allowedMethods({ throw: false }));
  mountedRouters.set(app, [calendar, api]);
  app.use(uploadedImages());
  const seo = seoRoutes(s.config.publicUrl);
  app.use(seo.routes());
  app.use(embedFinderRoutes(s.config.publicUrl).routes());
  // The public forms as plain form posts and GETs, for visitors without JavaScript.
  for (const router of [
    joinListRoutes(s, sessionOptions),
    signInFormRoutes(s, sessionOptions),
    accountFormRoutes(s, sessionOptions),
    startChapterFormRoutes(s, sessionOptions),
    reviveChapterRoutes(s, sessionOptions),
    rsvpFormRoutes(s, sessionOptions),
    chooseStateRoutes(),
  ])
    app.use(router.routes());

  if (opts.uiDir && fs.existsSync(path.join(opts.uiDir, "index.html"))) {
    const cache = s.config.serverRendering ? new PageCache(s.knex) : null;
    app.use(
      staticUi(
        opts.uiDir,
        indexPageFor({
          publicUrl: s.config.publicUrl,
          sessionSecret: s.config.sessionSecret,
          render: s.config.serverRendering,
          cache,
          islandsScript: islandsEntryOf(opts.uiDir),
          places: {
            finds: async (place) => (await s.geocoder.geocodePlace(place)) !== null,
            newPagesPerHour: s.config.rateLimits.placePages,
          },
        }),
      ),
    );
  }
  return app;
}
