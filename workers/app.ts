import { createRequestHandler, RouterContextProvider } from "react-router";
import { apiApp } from "../api/app";
import { startTripCount, type TripCounter } from "../api/db/resilient";
import { isDevelopment } from "../core/environment";
import { onWorkerClock, useDevClock } from "./dev-clock";
import { verifyAccessToken } from "../api/lib/jwt";
import { runCleanup } from "../api/services/cleanup";
import { consumeOutbox, requeueStale, useDeliveryEnv } from "../api/messages/delivery";
import { reconcileOrders } from "../api/payments/reconcile";
import { runScheduledNotices } from "../api/notify/scheduled";
import { unknownMethodRefusal } from "../app/.server/refusal-page";
import { cloudflareContext, type CloudflareContext } from "../app/context";
import { logError, logMethod, logRequest, requestId } from "./log";
import { routeMatcher } from "./routes";
import {
  crossSiteRefusal,
  discardBody,
  withApiHeaders,
  withSecurityHeaders,
  withTransportHeaders,
} from "./security";

const loadBuild = () => import("virtual:react-router/server-build");
type RequestHandler = ReturnType<typeof createRequestHandler>;
let builtHandler: RequestHandler | undefined;
/**
 * Given a function, React Router re-derives its route tables on every request (for hot reload);
 * outside development hand it the loaded build once, so each isolate derives them once
 * (a large share of a page's server time, measured by `npm run bench`).
 */
const requestHandler: RequestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : async (request, context) => {
      builtHandler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
      return builtHandler(request, context);
    };

let apiRoute: ReturnType<typeof routeMatcher> | undefined;

/** What the request log needs to know about one request, filled in as it is handled. */
interface Handled {
  response: Response;
  route: string;
  /** The signed-in user (pages: the session; API: a valid bearer token's subject). */
  user?: number | Promise<number | undefined>;
}

/** The user id of a bearer token whose signature and expiry hold (for the log only). */
async function bearerUser(request: Request, env: Env): Promise<number | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  if (!match?.[1] || !env.JWT_SECRET) return undefined;
  const claims = await verifyAccessToken(env.JWT_SECRET, match[1]).catch(() => null);
  return claims?.userId;
}

async function handle(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  url: URL,
  id: string,
): Promise<Handled> {
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
    const answer = await apiApp.fetch(request, env, ctx);
    // A write refused before its body was read (a bad bearer, a role that may not): read the
    // rest of the body before answering, or workerd drops the connection and the client gets a
    // 500 "Network connection lost." instead of the 401/403 (#35).
    if (!request.bodyUsed) await discardBody(request);
    const response = withApiHeaders(answer, { env, url });
    apiRoute ??= routeMatcher(apiApp.routes);
    return {
      response,
      route: apiRoute(request.method, url.pathname),
      user: request.headers.has("Authorization") ? bearerUser(request, env) : undefined,
    };
  }
  if (url.pathname === "/healthz") {
    let response: Response;
    try {
      await env.DB.prepare("select 1 as ok").first();
      response = Response.json({ ok: true, db: "ok" });
    } catch {
      response = Response.json({ ok: false, db: "error" }, { status: 503 });
    }
    return { response: withTransportHeaders(response, env, url), route: "/healthz" };
  }
  const nonce = crypto.randomUUID().replaceAll("-", "");
  const refused = crossSiteRefusal(request, url);
  if (refused) {
    await discardBody(request);
    return { response: withSecurityHeaders(refused, { nonce, env, url }), route: "(refused)" };
  }
  // React Router answers a method it does not know (OPTIONS, PROPFIND…) with a bare 500 before
  // any middleware runs: refuse it here with the translated 405 page.
  const unknownMethod = await unknownMethodRefusal(request);
  if (unknownMethod) {
    await discardBody(request);
    return {
      response: withSecurityHeaders(unknownMethod, { nonce, env, url }),
      route: "(method refused)",
    };
  }
  const context = new RouterContextProvider();
  const page: CloudflareContext["page"] = {
    document: !url.pathname.endsWith(".data"),
    html: new Map<string, string>(),
    requestId: id,
  };
  context.set(cloudflareContext, { env, ctx, nonce, page });
  const response = await requestHandler(request, context);
  return {
    response: withSecurityHeaders(response, { nonce, env, url }),
    // Filled in by the session middleware; a request React Router answered before it ran
    // (an unknown .data request, say) is not named by its path.
    route: page.route ?? "(unmatched)",
    user: page.userId,
  };
}

/**
 * Development only: the request's sequential D1 round trips (api/db/resilient.ts TripCounter) as
 * `Server-Timing: d1;desc="trips=N"` and `x-d1-round-trips`, so tests and the benchmark can count
 * them without timing anything. Production never counts nor says.
 */
function withTrips(response: Response, trips: TripCounter): Response {
  const copy = new Response(response.body, response);
  copy.headers.append(
    "Server-Timing",
    `d1;desc="trips=${trips.trips} calls=${trips.calls} bookmarked=${trips.bookmarked}"`,
  );
  copy.headers.set("x-d1-round-trips", String(trips.trips));
  return copy;
}

export default {
  async fetch(request, env, ctx) {
    useDevClock(env); // development and tests only (./dev-clock.ts)
    const started = Date.now();
    const url = new URL(request.url);
    const id = requestId(request.headers);
    // Development counts every request's D1 calls (headers below); the back office everywhere,
    // so a batch stays within D1's queries per invocation (api/backoffice/batch.ts).
    const trips =
      isDevelopment(env) || url.pathname.startsWith("/api/backoffice/")
        ? startTripCount(ctx)
        : undefined;
    let handled: Handled;
    try {
      handled = await handle(request, env, ctx, url, id);
    } catch (error) {
      logError(error, { id, where: "worker" });
      handled = {
        response: withTransportHeaders(
          new Response("Internal Server Error", {
            status: 500,
            headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
          }),
          env,
          url,
        ),
        route: "(error)",
      };
    }
    const { route, user } = handled;
    const response =
      trips && isDevelopment(env) ? withTrips(handled.response, trips) : handled.response;
    const ms = Date.now() - started;
    // Written once the answer is on its way: the bearer check of an API request's user id
    // (one HMAC) never delays it.
    ctx.waitUntil(
      Promise.resolve(user).then((userId) =>
        logRequest({
          id,
          method: logMethod(request.method),
          route,
          status: response.status,
          ms,
          ...(userId !== undefined ? { user: userId } : {}),
        }),
      ),
    );
    return response;
  },

  /** The outbox queue and its dead-letter queue: delivers each email and SMS (api/messages). */
  async queue(batch, env) {
    useDevClock(env);
    await consumeOutbox(batch, env);
  },

  /** The hourly clean-up (cron trigger in wrangler.toml; api/services/cleanup.ts). */
  async scheduled(controller, env) {
    useDevClock(env);
    // The trigger's instant on the Worker's clock (the dev clock's in tests; real in production).
    const scheduledAt = new Date(onWorkerClock(controller.scheduledTime));
    const started = Date.now();
    const id = crypto.randomUUID();
    useDeliveryEnv(env); // receipts of orders the reconciliation settles are delivered too
    // Viva orders still pending after 30 minutes are settled first (api/payments/reconcile.ts).
    const reconciled = await reconcileOrders(env, scheduledAt).catch((error: unknown) => {
      logError(error, { id, route: "payment_orders", where: "reconcile" });
      return null;
    });
    if (reconciled?.checked) console.log(JSON.stringify({ type: "reconcile", id, ...reconciled }));
    const report = await runCleanup(env.DB, env.FILES, scheduledAt);
    // Messages a lost queue send left behind (api/messages/delivery.ts).
    const outbox = await requeueStale(env, scheduledAt).catch((error) => {
      report.failed.push({ table: "outbox-delivery", error });
      return null;
    });
    // Notices no call triggers: reading periods, their reminders, overdue bills (#36 §2).
    const notices = await runScheduledNotices(env).catch((error: unknown) => {
      report.failed.push({ table: "notices", error });
      return null;
    });
    for (const failure of report.failed) {
      logError(failure.error, { id, route: failure.table, where: "scheduled" });
    }
    console.log(
      JSON.stringify({
        type: "cleanup",
        id,
        cron: controller.cron,
        deleted: report.deleted,
        ...(outbox ? { outbox } : {}),
        ...(notices ? { notices } : {}),
        failed: report.failed.map((f) => f.table),
        ms: Date.now() - started,
      }),
    );
    // A failed rule marks the run as failed in the dashboard's Cron Events (and retries next hour).
    if (report.failed.length > 0) {
      throw new Error(`cleanup failed for ${report.failed.map((f) => f.table).join(", ")}`);
    }
  },
} satisfies ExportedHandler<Env>;
