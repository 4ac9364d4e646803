import type {
  ApiRequest,
  ApiRequestFile,
  ApiRequestKind,
  CancellationPayload,
  NameChangePayload,
} from "../../../core/contract";
import type { ApiClient } from "./client";

/** Name-change and cancellation requests (api/requests/routes.ts): one function per endpoint. */

export type UploadResult =
  { ok: true; file: ApiRequestFile } | { ok: false; message: string; status: number };

/**
 * POST /requests/files with the chosen file. A refusal of the file itself comes back as its
 * translation key (requests:errors.file.*); anything else as requests:errors.failed.
 */
export async function uploadRequestFile(api: ApiClient, file: File): Promise<UploadResult> {
  const body = new FormData();
  body.set("file", file, file.name || "file");
  const response = await api.file("POST", "/requests/files", { body, accept: "application/json" });
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

/** GET /users/{id}/requests/{requestId}/file: the attachment, for its owner only. */
export function requestFile(api: ApiClient, userId: number, requestId: number) {
  return api.file("GET", `/users/${userId}/requests/${requestId}/file`, { accept: "*/*" });
}

/** GET /users/{id}/requests: the customer's requests (throws ApiError). */
export function requests(api: ApiClient, userId: number) {
  return api.read<ApiRequest[]>(`/users/${userId}/requests`);
}

/** GET /users/{id}/requests/{requestId}: one request (throws ApiError; 404 for another's). */
export function userRequest(api: ApiClient, userId: number, requestId: string) {
  return api.read<ApiRequest>(`/users/${userId}/requests/${encodeURIComponent(requestId)}`);
}

/** GET /requests/files/{id}: a kept draft attachment, while it lasts. */
export function draftFile(api: ApiClient, fileId: string) {
  return api.request<ApiRequestFile>("GET", `/requests/files/${encodeURIComponent(fileId)}`);
}

/** POST /requests/name-change | /requests/cancellation: file the request with its attachment. */
export function fileRequest(
  api: ApiClient,
  kind: ApiRequestKind,
  body: NameChangePayload | CancellationPayload,
) {
  const path = kind === "name_change" ? "/requests/name-change" : "/requests/cancellation";
  return api.request<ApiRequest>("POST", path, { body });
}
