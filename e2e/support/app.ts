import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO } from "../../seed/accounts";
import { ROOT } from "./server";

export { DEMO };

export type Lng = "el" | "en";

const cache = new Map<string, unknown>();

function namespace(lng: Lng, ns: string): unknown {
  const key = `${lng}/${ns}`;
  if (!cache.has(key)) {
    const file = join(ROOT, "locales", lng, `${ns}.json`);
    cache.set(key, JSON.parse(readFileSync(file, "utf8")));
  }
  return cache.get(key);
}

/**
 * The text of a translation key exactly as locales/ has it ("auth:login.errors.no_user";
 * no namespace = "common"), with {{name}} placeholders filled from `values`.
 */
export function tr(lng: Lng, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  let node: unknown = namespace(lng, ns);
  for (const part of path.split(".")) {
    node = (node as Record<string, unknown> | undefined)?.[part];
  }
  if (typeof node !== "string") throw new Error(`no translation ${lng}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** Greek (the default) unless the test asks for English. */
export const el = (key: string, values?: Record<string, string | number>) => tr("el", key, values);

/** A regular expression matching the text literally. */
export function exact(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
}

export function contains(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

// ---------------------------------------------------------------------------------------------
// The API, called directly as another client would (bearer tokens), for set-up and checks.

export interface Tokens {
  access_token: string;
  refresh_token: string;
  user_id: number;
}

function origin(): string {
  const base = process.env.BASE_URL;
  if (!base) throw new Error("BASE_URL is not set (global-setup starts the server)");
  return new URL(base).origin;
}

export async function apiLogin(
  request: APIRequestContext,
  vat: string,
  password: string,
): Promise<Tokens> {
  const response = await request.post("/api/v2/auth/login", {
    headers: { Authorization: `Basic ${Buffer.from(`${vat}:${password}`).toString("base64")}` },
  });
  expect(response.status(), `API login ${vat}`).toBe(200);
  return ((await response.json()) as { data: Tokens }).data;
}

/** A failed API login (counts towards the daily limit of the VAT). */
export async function apiLoginStatus(
  request: APIRequestContext,
  vat: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const response = await request.post("/api/v2/auth/login", {
    headers: {
      Authorization: `Basic ${Buffer.from(`${vat}:${password}`).toString("base64")}`,
      ...headers,
    },
  });
  return response.status();
}

/**
 * A client address of a test's own, sent as CF-Connecting-IP (wrangler dev keeps the one a client
 * sends; Cloudflare's edge would overwrite it). The API limits sign-in failures, sign-ups, reset
 * requests, contact messages and direct-debit set-ups per client address and hour; without this,
 * every test of a run would be one client (127.0.0.1) sharing one allowance.
 */
export function ownClientAddress(): Record<string, string> {
  const n = () => Math.floor(Math.random() * 250) + 1;
  return { "cf-connecting-ip": `10.${n()}.${n()}.${n()}` };
}

export async function apiGet<T>(request: APIRequestContext, path: string, token: string) {
  const response = await request.get(`/api${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), `GET /api${path}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

export async function apiPost(
  request: APIRequestContext,
  path: string,
  body: unknown,
  token?: string,
) {
  return request.post(`/api${path}`, {
    data: body,
    headers: token ? { Authorization: `Bearer ${token}` } : { Origin: origin() },
  });
}

export interface ApiMeterLite {
  id: number;
  status: string;
  division: number;
  sap_id: string;
  per_code: string | null;
  pod: string | null;
  phys_street: string;
  package_print_descr: string;
  meter_type: "home" | "shared" | "professional";
  running_total: number;
}

export interface ApiUserLite {
  id: number;
  name: string;
  welcome_name: string;
  sap_id: string;
  nrg_skin: number;
}

export interface ApiMessageLite {
  id: number;
  title: string;
  read_status: number;
}

/**
 * On the pay page, pays only the given supplies: every other ticked row is unticked. The page
 * ticks every overdue supply besides the one asked for (#35 §1), as a customer sees it; a test
 * that pays one supply's amount then pays just that one.
 */
export async function payOnly(page: Page, meterIds: readonly number[]): Promise<void> {
  const rows = page.locator("table.pay-table tbody tr");
  await rows.first().waitFor();
  for (const row of await rows.all()) {
    const id = Number(await row.locator('input[type="hidden"][name$=".meter_id"]').inputValue());
    const box = row.getByRole("checkbox");
    if (!meterIds.includes(id) && (await box.isChecked())) await box.uncheck();
  }
}
