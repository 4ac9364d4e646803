import { createRequestHandler, RouterContextProvider } from "react-router";
import { apiApp } from "../api/app";
import { cloudflareContext } from "../app/context";
import { withSecurityHeaders } from "./security";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
      return apiApp.fetch(request, env, ctx);
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
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx, nonce });
    const response = await requestHandler(request, context);
    return withSecurityHeaders(response, { nonce, env, url });
  },
} satisfies ExportedHandler<Env>;
