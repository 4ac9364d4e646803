import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ApiErrorCode } from "../contract";

/** Thrown by handlers and services; app.onError turns it into `{ error: { code, message?, field? } }`. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ApiErrorCode;
  readonly field: string | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: ApiErrorCode,
    options: { field?: string; message?: string } = {},
  ) {
    super(options.message ?? code);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.field = options.field;
  }

  toBody(): ApiErrorBody {
    const error: ApiErrorBody["error"] = { code: this.code };
    if (this.message !== this.code) error.message = this.message;
    if (this.field) error.field = this.field;
    return { error };
  }
}

export const notFound = () => new ApiError(404, "not_found");
export const badRequest = (code: ApiErrorCode, field?: string, message?: string) =>
  new ApiError(400, code, { field, message });
