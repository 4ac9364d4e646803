import { Hono } from "hono";

export type ApiEnv = { Bindings: Env };

export const apiApp = new Hono<ApiEnv>().basePath("/api");

apiApp.get("/ping", (c) => c.json({ ok: true }));
