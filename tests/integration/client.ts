import { fetchWorker } from "../support/fetch-worker";
import type { ApiErrorBody, ApiTokens } from "../../core/contract/index.ts";
import { checkAnswer } from "./response-contract";

export const DEMO_PASSWORD = "Demo2026!";

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Bearer token. */
  token?: string;
  /** Basic credentials [username, password]. */
  basic?: [string, string];
  /** Send `Origin: <baseUrl>` (default true for non-GET calls, so the CSRF rule passes). */
  origin?: boolean;
  lang?: "el" | "en";
  headers?: Record<string, string>;
}

export interface CallResult<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  /** The error code of an error body, if any. */
  code: string | undefined;
  field: string | undefined;
}

export function createClient(baseUrl: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read many response shapes; they assert them at runtime
  async function call<T = any>(path: string, options: CallOptions = {}): Promise<CallResult<T>> {
    const method = options.method ?? (options.body === undefined ? "GET" : "POST");
    // A fresh connection per call: wrangler's proxy closes idle keep-alive sockets after a few
    // seconds, and reusing one at that moment fails the request ("other side closed").
    const headers: Record<string, string> = { connection: "close", ...options.headers };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.basic)
      headers.authorization = `Basic ${Buffer.from(options.basic.join(":")).toString("base64")}`;
    if (options.origin ?? method !== "GET") headers.origin = baseUrl;
    if (options.lang) headers.language = options.lang;
    const response = await fetchWorker(`${baseUrl}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: "manual",
    });
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    // Every JSON answer matches the API description (its route's schema for that status).
    if (response.headers.get("content-type")?.startsWith("application/json")) {
      await checkAnswer(method, response.url || `${baseUrl}/api${path}`, response.status, body);
    }
    const error = (body as Partial<ApiErrorBody> | null)?.error;
    return {
      status: response.status,
      body: body as T,
      headers: response.headers,
      code: error?.code,
      field: error?.field,
    };
  }

  async function login(vat: string, password = DEMO_PASSWORD): Promise<ApiTokens> {
    const result = await call<{ data: ApiTokens }>("/v2/auth/login", {
      method: "POST",
      basic: [vat, password],
    });
    if (result.status !== 200)
      throw new Error(`login ${vat} failed: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body.data;
  }

  async function outbox(): Promise<
    Array<{
      recipient: string;
      subject: string;
      body: string;
      link: string | null;
      user_id: number | null;
    }>
  > {
    const result = await call("/dev/outbox");
    if (result.status !== 200) throw new Error(`outbox: ${result.status}`);
    return result.body.data;
  }

  return { call, login, outbox };
}

/** The token at the end of an outbox link such as /activate/{token}. */
export const tokenOf = (link: string | null | undefined) => link?.split("/").pop() ?? "";

/** Signs in through the portal's login form (POST /login): its status and the cookies it set. */
export async function signInPage(baseUrl: string, vat: string, password = DEMO_PASSWORD) {
  const response = await fetchWorker(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: baseUrl,
      connection: "close",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "login", username: vat, password }).toString(),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: response.status, cookie };
}
