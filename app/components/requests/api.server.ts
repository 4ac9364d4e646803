import type { ApiRequestFile } from "../../../api/contract";
import { rawCall, type RawCallArgs } from "../../.server/api/raw";

/**
 * The two request calls the typed API client cannot make (it speaks JSON): the attachment upload
 * (multipart) and the attachment download (bytes). Same bearer token and transport as the client;
 * the token is refreshed first when it is known to be expired, so these need no retry of their own.
 */
type Args = RawCallArgs;

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
