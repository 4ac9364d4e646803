import type { RouterContextProvider } from "react-router";
import type { ApiRequestFile } from "../../../api/contract";
import { cloudflareContext } from "../../context";
import { defaultTransport, getApi, jwtExpiry } from "../../.server/api";
import { getLocale } from "../../middleware/i18next";
import { getSession } from "../../middleware/session";

/**
 * The two request calls the typed API client cannot make (it speaks JSON): the attachment upload
 * (multipart) and the attachment download (bytes). Same bearer token and transport as the client;
 * the token is refreshed first when it is known to be expired, so these need no retry of their own.
 */
interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

async function bearer(args: Args): Promise<string | null> {
  const session = getSession(args.context);
  const token = session.get("access_token");
  if (!token) return null;
  const expiry = jwtExpiry(token);
  if (expiry !== null && expiry - 5_000 <= Date.now()) {
    if (!(await getApi(args).refresh())) return null;
  }
  return session.get("access_token") ?? null;
}

async function rawCall(args: Args, path: string, init: RequestInit): Promise<Response | null> {
  const token = await bearer(args);
  if (!token) return null;
  const { env, ctx } = args.context.get(cloudflareContext);
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  headers.set("Language", getLocale(args.context));
  try {
    return await defaultTransport(env, ctx, args.request)(path, { ...init, headers });
  } catch {
    return null;
  }
}

export type UploadResult =
  { ok: true; file: ApiRequestFile } | { ok: false; message: string; status: number };

/**
 * POST /api/requests/files with the chosen file. A refusal of the file itself comes back as its
 * translation key (requests:errors.file.*); anything else as requests:errors.failed.
 */
export async function uploadRequestFile(args: Args, file: File): Promise<UploadResult> {
  const body = new FormData();
  body.set("file", file, file.name || "file");
  const response = await rawCall(args, "/requests/files", {
    method: "POST",
    body,
    headers: { Accept: "application/json" },
  });
  if (!response) return { ok: false, message: "requests:errors.failed", status: 502 };
  const json = (await response.json().catch(() => null)) as {
    data?: ApiRequestFile;
    error?: { field?: string; message?: string };
  } | null;
  if (response.status === 201 && json?.data) return { ok: true, file: json.data };
  const message = json?.error?.message;
  if (
    response.status === 400 &&
    json?.error?.field === "file" &&
    message?.startsWith("requests:")
  ) {
    return { ok: false, message, status: 400 };
  }
  return {
    ok: false,
    message: "requests:errors.failed",
    status: response.status >= 500 ? 502 : 400,
  };
}

/** GET /api/users/{id}/requests/{requestId}/file: the attachment, for its owner only. */
export function fetchRequestFile(args: Args, userId: number, requestId: number) {
  return rawCall(args, `/users/${userId}/requests/${requestId}/file`, {
    method: "GET",
    headers: { Accept: "*/*" },
  });
}
