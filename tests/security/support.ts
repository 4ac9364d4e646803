/**
 * Shared helpers of the security suite: a cookie-carrying portal client (the real login form),
 * route discovery from app/routes.ts and api/app.ts, and a database fingerprint that tells
 * whether a request changed anything.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEMO } from "../../seed/accounts.ts";
import type { TestServer } from "../integration/server.ts";
import { fetchWorker } from "../support/fetch-worker";
import { runLocalD1 } from "../support/local-d1.ts";

export { fetchWorker };

export const root = path.resolve(import.meta.dirname, "../..");
export const EVIL_ORIGIN = "https://evil.example";

export interface PortalResponse {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
}

/** A browser-like client for the portal's pages: one cookie jar, no redirects followed. */
export function createPortal(baseUrl: string) {
  let cookie = "";
  const origin = baseUrl;

  function keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(";");
      if (!pair) continue;
      const name = pair.slice(0, pair.indexOf("="));
      const expired = /max-age=0|expires=thu, 01 jan 1970/i.test(line);
      const others = cookie
        .split("; ")
        .filter((c) => c && !c.startsWith(`${name}=`))
        .concat(expired ? [] : [pair]);
      cookie = others.join("; ");
    }
  }

  async function request(
    pathname: string,
    init: { method?: string; form?: URLSearchParams; headers?: Record<string, string> } = {},
  ): Promise<PortalResponse> {
    const method = init.method ?? (init.form ? "POST" : "GET");
    const headers: Record<string, string> = { connection: "close" };
    if (cookie) headers.cookie = cookie;
    if (method !== "GET" && method !== "HEAD") headers.origin = origin;
    if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
    Object.assign(headers, init.headers);
    for (const [key, value] of Object.entries(headers)) if (value === "") delete headers[key];
    const response = await fetchWorker(new URL(pathname, baseUrl), {
      method,
      headers,
      body: init.form?.toString(),
      redirect: "manual",
    });
    keepCookies(response.headers);
    return {
      status: response.status,
      headers: response.headers,
      text: await response.text(),
      location: response.headers.get("location"),
    };
  }

  return {
    request,
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
    /** Signs in through the login form (POST /login), as a browser would. */
    async login(vat: string, password = "Demo2026!") {
      const response = await request("/login", {
        form: new URLSearchParams({ intent: "login", username: vat, password }),
      });
      if (response.status !== 302 && response.status !== 303)
        throw new Error(`portal login ${vat}: ${response.status}\n${response.text.slice(0, 500)}`);
      return response;
    },
  };
}
export type Portal = ReturnType<typeof createPortal>;

// ---------------------------------------------------------------------------------------------
// Route discovery

export interface PageRoute {
  /** URL pattern such as "/b2b/logariasmoi/:invoiceId". */
  path: string;
  file: string;
  id: string;
  /** The module exports an action (it accepts POST). */
  hasAction: boolean;
  /** The module has no default export (a resource route: PDF, CSV, image, JSON). */
  isResource: boolean;
}

interface RouteConfigEntry {
  id?: string;
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteConfigEntry[];
}

/** Every route of app/routes.ts with its full path, read from the route config itself. */
export async function pageRoutes(): Promise<PageRoute[]> {
  const config = (await import("../../app/routes.ts")).default as unknown as RouteConfigEntry[];
  const out: PageRoute[] = [];
  const walk = (entries: RouteConfigEntry[], parent: string) => {
    for (const entry of entries) {
      const full = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
      if (entry.children) walk(entry.children, full);
      if (entry.children && !entry.path && !entry.index) continue; // a pathless layout
      const source = readFileSync(path.join(root, "app", entry.file), "utf8");
      out.push({
        path: full || "/",
        file: entry.file,
        id: entry.id ?? entry.file,
        hasAction: /export\s+(async\s+)?(function\s+action\b|const\s+action\b)/.test(source),
        isResource: !/export\s+default\b/.test(source),
      });
    }
  };
  walk(config, "");
  return out;
}

export interface ApiRoute {
  method: string;
  path: string;
}

/** Every endpoint the Hono app registers (api/app.ts), middleware entries removed. */
export async function apiRoutes(): Promise<ApiRoute[]> {
  // Imported by path at run time: the API's types need the Workers runtime types, which the
  // Node typecheck of the tests does not load.
  const modulePath = path.join(root, "api", "app.ts");
  const { apiApp } = (await import(/* @vite-ignore */ modulePath)) as {
    apiApp: { routes: Array<{ method: string; path: string }> };
  };
  const seen = new Map<string, ApiRoute>();
  for (const r of apiApp.routes) {
    if (r.method === "ALL" || r.path.endsWith("*")) continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

/** Every endpoint with the action its `permit` names (api/middleware/permit.ts), if any. */
export async function apiRouteActions(): Promise<Array<ApiRoute & { action?: string }>> {
  const { apiApp } = (await import(/* @vite-ignore */ path.join(root, "api", "app.ts"))) as {
    apiApp: { routes: Array<{ method: string; path: string; handler: unknown }> };
  };
  const { permittedActionOf } = (await import(
    /* @vite-ignore */ path.join(root, "api", "middleware", "permit.ts")
  )) as { permittedActionOf: (handler: unknown) => string | undefined };
  const seen = new Map<string, ApiRoute & { action?: string }>();
  for (const r of apiApp.routes) {
    if (r.method === "ALL" || r.path.endsWith("*")) continue;
    const key = `${r.method} ${r.path}`;
    const entry = seen.get(key) ?? { method: r.method, path: r.path };
    entry.action ??= permittedActionOf(r.handler);
    seen.set(key, entry);
  }
  return [...seen.values()];
}

// ---------------------------------------------------------------------------------------------
// The people of one account, one per role (#18, #38 §4)

/** Every role but the master's, from the contract: a new role is probed without anyone listing it. */
export async function delegatedRoles(): Promise<string[]> {
  const { roleSchema } = (await import(
    /* @vite-ignore */ path.join(root, "core", "contract", "users.ts")
  )) as { roleSchema: { options: readonly string[] } };
  return roleSchema.options.filter((role) => role !== "master");
}

export interface RolePerson {
  role: string;
  userId: number;
  email: string;
  meterIds: number[];
}

/**
 * A signed-up person of ΒΗΤΑ ΑΛΥΣΙΔΑ (210000002) with `role`: the demo's own (its admin, its user),
 * or, for a role the demo data has none of (the viewer of #38 §4), one made for this server as a
 * copy of the demo user (the same password and supplies) under `<role>@beta.example`.
 */
export function personOfRole(server: TestServer, role: string): RolePerson {
  const { customerId, people } = DEMO.largeCompany;
  const find = () =>
    server.query<{ id: number; email: string }>(
      `SELECT id, registration_email AS email FROM users WHERE customer_id = ${customerId} AND test_role = '${role}' AND removed_at IS NULL AND needs_activation = 0 ORDER BY id LIMIT 1`,
    )[0];
  let found = find();
  if (!found) {
    const email = `${role}@beta.example`;
    server.query(
      `INSERT INTO users (customer_id, username, name, welcome_name, lang, nrg_skin, registration_email, needs_activation, password_hash, password_changed_at, test_role, all_supplies, invited_by, last_login_at)
       SELECT customer_id, '${email}', 'Δοκιμή ${role}', 'Δοκιμή', lang, nrg_skin, '${email}', 0, password_hash, password_changed_at, '${role}', 0, invited_by, last_login_at FROM users WHERE id = ${people.user.userId};
       INSERT INTO user_meters (user_id, meter_id) SELECT (SELECT id FROM users WHERE username = '${email}'), meter_id FROM user_meters WHERE user_id = ${people.user.userId};`,
    );
    found = find();
  }
  if (!found) throw new Error(`no person of role ${role}`);
  const meterIds = server
    .query<{ meter_id: number }>(
      `SELECT meter_id FROM user_meters WHERE user_id = ${found.id} ORDER BY meter_id`,
    )
    .map((r) => r.meter_id);
  return { role, userId: found.id, email: found.email, meterIds };
}

/** The path parameters of a pattern: "/users/:userId/meters/:meterId?" → ["userId", "meterId"]. */
export const paramsOf = (pattern: string) =>
  [...pattern.matchAll(/:([A-Za-z0-9_]+)\??/g)].map((m) => m[1] as string);

/** The key an owner lookup is registered under: "segment/:param" (":id" needs its segment). */
export function paramKey(pattern: string, param: string): string {
  const segments = pattern.split("/");
  const index = segments.findIndex((s) => s === `:${param}` || s === `:${param}?`);
  return `${segments[index - 1] ?? ""}/:${param}`;
}

export function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)\??/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ""),
  );
}

// ---------------------------------------------------------------------------------------------
// Database fingerprint

/** Tables whose rows change as a side effect of merely being asked (counters, logs). */
const VOLATILE = new Set(["d1_migrations", "_cf_KV", "_cf_METADATA", "sqlite_sequence"]);

/** Runs several statements on the server's local D1 file; one result set per statement. */
function queryAll(server: TestServer, sql: string): Array<Array<Record<string, unknown>>> {
  return runLocalD1(server.persistDir, sql);
}

/** One hash per table over every row. */
export function dbFingerprint(server: TestServer): Record<string, string> {
  const tables = server
    .query<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .map((t) => t.name)
    .filter((t) => !VOLATILE.has(t));
  // Every row as JSON text: any insert, update or delete changes the hash.
  const sets = queryAll(server, tables.map((t) => `SELECT * FROM "${t}"`).join("; "));
  return Object.fromEntries(
    tables.map((t, i) => {
      const rows = sets[i] ?? [];
      return [
        t,
        `${rows.length}:${createHash("sha256").update(JSON.stringify(rows)).digest("hex")}`,
      ];
    }),
  );
}

/** Visible text of an HTML page: scripts (hydration data) and tags removed, entities decoded. */
export function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
      .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
      .replace(/<[^>]+>/g, " "),
  );
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** An untranslated i18next key shown to the user, e.g. "auth:login.errors.no_user". */
export const RAW_KEY =
  /\b[a-z][a-zA-Z]*:[a-zA-Z_]+\.[a-zA-Z_.]+\b|\bforms\.validate\.|\bvalidate\.[a-z]/;
