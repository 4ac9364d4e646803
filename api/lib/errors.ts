import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiErrorBody, ApiErrorCode } from "../../core/contract";

/** A translation key: "validate.vat", "settingsModal.fileErrorSize", "directDebit:errors.expiry". */
export const MESSAGE_KEY = /^[a-z][A-Za-z0-9_]*(:[A-Za-z0-9_]+)?(\.[A-Za-z0-9_]+)+$/;

/** Codes whose message, when there is one, is always a key the portal translates. */
const KEY_ONLY_CODES = new Set<ApiErrorCode>(["validation", "invalid_data"]);

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
    // A validation answer carries a message key or nothing: never a parser's prose.
    const keyOnly = KEY_ONLY_CODES.has(this.code);
    if (this.message !== this.code && (!keyOnly || MESSAGE_KEY.test(this.message))) {
      error.message = this.message;
    }
    if (this.field) error.field = this.field;
    return { error };
  }
}

export const notFound = () => new ApiError(404, "not_found");
export const badRequest = (code: ApiErrorCode, field?: string, message?: string) =>
  new ApiError(400, code, { field, message });
