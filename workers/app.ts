import { createRequestHandler, RouterContextProvider } from "react-router";
import { apiApp } from "../api/app";
import { cloudflareContext } from "../app/context";
import { crossSiteRefusal, discardBody, withApiHeaders, withSecurityHeaders } from "./security";

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

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
      return withApiHeaders(await apiApp.fetch(request, env, ctx));
    }
    if (url.pathname === "/healthz") {
      try {
        await env.DB.prepare("select 1 as ok").first();
        return Response.json({ ok: true, db: "ok" });
      } catch {
        return Response.json({ ok: false, db: "error" }, { status: 503 });
      }
    }
    const nonce = crypto.randomUUID().replaceAll("-", "");
    const refused = crossSiteRefusal(request, url);
    if (refused) {
      await discardBody(request);
      return withSecurityHeaders(refused, { nonce, env, url });
    }
    const context = new RouterContextProvider();
    const page = { document: !url.pathname.endsWith(".data"), html: new Map<string, string>() };
    context.set(cloudflareContext, { env, ctx, nonce, page });
    const response = await requestHandler(request, context);
    return withSecurityHeaders(response, { nonce, env, url });
  },
} satisfies ExportedHandler<Env>;
