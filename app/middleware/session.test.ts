import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { cloudflareContext } from "../context";
import {
  getSession,
  getSessionStorage,
  getToast,
  IDLE_TIMEOUT_MS,
  sessionExpired,
  sessionMiddleware,
  type PortalSession,
} from "./session";

const SECRET = "test-secret";

function contextFor(): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, {
    // Local development: production (the default) marks every cookie Secure, even on http.
    env: { SESSION_SECRET: SECRET, ENVIRONMENT: "development" } as unknown as Env,
    ctx: {} as ExecutionContext,
    nonce: "n",
    page: { document: true, html: new Map() },
  });
  return context;
}

async function cookieWith(
  data: Record<string, unknown>,
  flash?: Record<string, unknown>,
  secure = false,
) {
  const storage = getSessionStorage(SECRET, secure);
  const session = await storage.getSession();
  for (const [key, value] of Object.entries(data)) session.set(key as never, value as never);
  for (const [key, value] of Object.entries(flash ?? {}))
    session.flash(key as never, value as never);
  return (await storage.commitSession(session)).split(";")[0] as string;
}

async function run(
  url: string,
  cookie: string | null,
  handler: (session: PortalSession, context: RouterContextProvider) => void = () => {},
) {
  const context = contextFor();
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const middleware = sessionMiddleware as unknown as (
    args: { request: Request; context: RouterContextProvider; params: object },
    next: () => Promise<Response>,
  ) => Promise<Response>;
  const response = await middleware({ request, context, params: {} }, async () => {
    handler(getSession(context), context);
    return new Response("ok");
  });
  return { response, context };
}

describe("sessionMiddleware", () => {
  it("writes nothing when there is no session and nothing changed", async () => {
    const { response } = await run("http://127.0.0.1:8821/", null);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBeNull();
  });

  it("commits a changed session as an HttpOnly, SameSite=Lax cookie; Secure outside local http", async () => {
    const signIn = (session: PortalSession) => {
      session.set("access_token", "a");
      session.set("refresh_token", "r");
      session.set("user_id", 7);
    };
    const local = (await run("http://127.0.0.1:8821/login", null, signIn)).response;
    const cookie = local.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(local.headers.get("Cache-Control")).toBe("no-store");
    const remote = (await run("https://my.nrg.gr/login", null, signIn)).response;
    expect(remote.headers.get("Set-Cookie")).toMatch(/^__Host-session=.*; Secure/);
  });

  it("leaves an unchanged signed-in session alone but marks the page no-store", async () => {
    const now = Date.now();
    const cookie = await cookieWith({
      access_token: "a",
      refresh_token: "r",
      user_id: 7,
      created_at: now - 1000,
      last_seen: now - 1000,
    });
    const { response } = await run("http://127.0.0.1:8821/b2b/episkopisi", cookie);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refreshes last_seen at most once a minute", async () => {
    const now = Date.now();
    const cookie = await cookieWith({
      access_token: "a",
      refresh_token: "r",
      user_id: 7,
      created_at: now - 120_000,
      last_seen: now - 90_000,
    });
    const { response } = await run("http://127.0.0.1:8821/b2b/episkopisi", cookie);
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=/);
  });

  it("destroys a session idle for more than 30 minutes", async () => {
    const now = Date.now();
    const cookie = await cookieWith({
      access_token: "a",
      refresh_token: "r",
      user_id: 7,
      created_at: now - IDLE_TIMEOUT_MS * 2,
      last_seen: now - IDLE_TIMEOUT_MS - 5000,
    });
    let tokenSeen: unknown = "unset";
    const { response, context } = await run(
      "http://127.0.0.1:8821/b2b/episkopisi",
      cookie,
      (session) => {
        tokenSeen = session.get("access_token");
      },
    );
    expect(tokenSeen).toBeUndefined();
    expect(sessionExpired(context)).toBe(true);
    expect(response.headers.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("reads a flash toast once for every loader and removes it from the cookie", async () => {
    const cookie = await cookieWith(
      { skin: 2 },
      { toast: { type: "success", key: "auth:notice.loggedOut" } },
    );
    const { response, context } = await run("http://127.0.0.1:8821/", cookie);
    expect(getToast(context)).toEqual({ type: "success", key: "auth:notice.loggedOut" });
    expect(getToast(context)).toEqual({ type: "success", key: "auth:notice.loggedOut" });
    const next = await run(
      "http://127.0.0.1:8821/",
      (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? null,
    );
    expect(getToast(next.context)).toBeUndefined();
  });

  it("ignores a cookie with a bad signature and expires it", async () => {
    const { response, context } = await run("http://127.0.0.1:8821/", "__session=forged.value");
    expect(getSession(context).data).toEqual({});
    expect(response.headers.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
  });
});
