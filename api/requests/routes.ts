import { Hono, type Context } from "hono";
import { apiRequestFileSchema, apiRequestSchema, type ApiRequestFile } from "../../core/contract";
import { badRequest, notFound } from "../lib/errors";
import { clientIp } from "../lib/request";
import { randomToken } from "../../core/tokens";
import { validate } from "../lib/validate";
import { ownUserPath, requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import type { ApiEnv } from "../types";
import {
  FILE_CONTENT_TYPE,
  FILE_EXTENSION,
  REQUEST_FILE_MAX_BYTES,
  checkFile,
  cleanFileName,
} from "../../core/requests/rules";
import {
  cancellationBodySchema,
  nameChangeBodySchema,
  requestFileParams,
  userRequestParams,
} from "../../core/requests/schemas";
import { userParams } from "../../core/contract/params";
import type { RequestKind } from "../../core/requests/rules";
import {
  createRequest,
  insertDraft,
  ownDraft,
  ownMeter,
  ownRequest,
  purgeExpiredDrafts,
  requestFile,
  toApiRequest,
  userRequests,
} from "./service";
import { data, documented, file } from "../lib/openapi";
import { z } from "zod";

const doc = documented("Requests");

/** A multipart body beyond this is refused before it is parsed (one file of 5 MB + the field). */
const MAX_UPLOAD_BODY = REQUEST_FILE_MAX_BYTES + 64 * 1024;

const fileError = (message: string) => badRequest("validation", "file", message);

/** Mounted at /api (api/app.ts). Bearer only; every id must be the caller's own, else 404. */
/**
 * A request of either kind from the signed-in customer: the supply and the uploaded file must be
 * theirs (404 otherwise, as for missing ones); the rules and the record are the service's.
 */
async function submitRequest(
  c: Context<ApiEnv>,
  kind: RequestKind,
  body: { file_id: string; meter_id: number } & Record<string, unknown>,
) {
  const { userId } = c.get("auth");
  const { file_id, meter_id, ...fields } = body;
  const db = c.get("db");
  const meter = await ownMeter(db, userId, meter_id);
  const file = await ownDraft(db, userId, file_id);
  return createRequest(db, { userId, kind, meter, fields, file, ip: clientIp(c) });
}

export const requestRoutes = new Hono<ApiEnv>()
  /**
   * POST /requests/files (multipart: exactly one `file`): a PDF, JPEG or PNG (by its bytes) of at
   * most 5 MB, stored in R2 under a random key as a draft for 24 hours. 201 with the draft. The
   * body has no other field, so the checks here are the file's own (size, count, type by bytes).
   */
  .post(
    "/requests/files",
    doc({
      summary: "Upload an attachment for a request (a draft until a request uses it)",
      body: {
        media: "multipart/form-data",
        schema: z.object({ file: z.file().meta({ description: "The document (PDF or image)" }) }),
      },
      ok: data(apiRequestFileSchema, 201, "Stored as a draft"),
      errors: { 400: ["validation"] },
    }),
    requireBearer,
    permit("manage_supply"),
    async (c) => {
      const { userId } = c.get("auth");
      const declared = Number(c.req.header("content-length") ?? 0);
      if (declared > MAX_UPLOAD_BODY) throw fileError("requests:errors.file.size");
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw fileError("requests:errors.file.type");
      }
      const files = form.getAll("file").filter((v): v is File => typeof v !== "string");
      if (files.length === 0) throw fileError("requests:errors.file.required");
      if (files.length > 1) throw fileError("requests:errors.file.count");
      const upload = files[0] as File;
      if (upload.size > REQUEST_FILE_MAX_BYTES) throw fileError("requests:errors.file.size");
      const bytes = new Uint8Array(await upload.arrayBuffer());
      const checked = checkFile(bytes);
      if (!checked.ok) throw fileError(`requests:errors.file.${checked.problem}`);

      const db = c.get("db");
      await purgeExpiredDrafts(db, c.env.FILES);
      const id = randomToken(16);
      const key = `requests/${userId}/${randomToken(24)}.${FILE_EXTENSION[checked.kind]}`;
      const contentType = FILE_CONTENT_TYPE[checked.kind] as ApiRequestFile["content_type"];
      const name = cleanFileName(upload.name, checked.kind);
      await c.env.FILES.put(key, bytes, { httpMetadata: { contentType } });
      try {
        await insertDraft(db, {
          id,
          userId,
          key,
          name,
          content_type: contentType,
          size: bytes.length,
        });
      } catch (error) {
        await c.env.FILES.delete(key);
        throw error;
      }
      const data: ApiRequestFile = { id, name, content_type: contentType, size: bytes.length };
      return c.json({ data }, 201);
    },
  )

  /** GET /requests/files/:fileId: a draft of the caller (unused, not expired); else 404. */
  .get(
    "/requests/files/:fileId",
    doc({
      summary: "An uploaded attachment (a draft of the caller)",
      ok: data(apiRequestFileSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", requestFileParams),
    async (c) => {
      const file = await ownDraft(c.get("db"), c.get("auth").userId, c.req.valid("param").fileId);
      const data: ApiRequestFile = {
        id: file.id,
        name: file.name,
        content_type: file.content_type,
        size: file.size,
      };
      return c.json({ data });
    },
  )

  /** POST /requests/name-change: 201 with the request; rules as in docs/api/requests.md. */
  .post(
    "/requests/name-change",
    doc({
      summary: "Ask for a change of the supply holder's name",
      ok: data(apiRequestSchema, 201, "The request"),
      errors: { 400: ["request_not_allowed", "request_already_open"], 404: ["not_found"] },
    }),
    requireBearer,
    permit("manage_supply"),
    validate("json", nameChangeBodySchema),
    async (c) => c.json({ data: await submitRequest(c, "name_change", c.req.valid("json")) }, 201),
  )

  /** POST /requests/cancellation: 201 with the request. */
  .post(
    "/requests/cancellation",
    doc({
      summary: "Ask for a supply to be cancelled",
      ok: data(apiRequestSchema, 201, "The request"),
      errors: { 400: ["request_not_allowed", "request_already_open"], 404: ["not_found"] },
    }),
    requireBearer,
    permit("manage_supply"),
    validate("json", cancellationBodySchema),
    async (c) => c.json({ data: await submitRequest(c, "cancellation", c.req.valid("json")) }, 201),
  )

  /** GET /users/:userId/requests: the customer's name-change and cancellation requests, newest first. */
  .get(
    "/users/:userId/requests",
    doc({ summary: "The caller's requests, newest first", ok: data(z.array(apiRequestSchema)) }),
    requireBearer,
    permit("read"),
    validate("param", userParams, { invalid: "not_found" }),
    ownUserPath,
    async (c) => c.json({ data: await userRequests(c.get("db"), c.get("auth").userId) }),
  )

  /** GET /users/:userId/requests/:requestId: one request of the caller; else 404. */
  .get(
    "/users/:userId/requests/:requestId",
    doc({
      summary: "One request of the caller",
      ok: data(apiRequestSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userRequestParams),
    ownUserPath,
    async (c) => {
      const { requestId } = c.req.valid("param");
      const row = await ownRequest(c.get("db"), c.get("auth").userId, requestId);
      return c.json({ data: toApiRequest(row) });
    },
  )

  /** GET /users/:userId/requests/:requestId/file: the attachment's bytes, to its owner only. */
  .get(
    "/users/:userId/requests/:requestId/file",
    doc({
      summary: "A request's attachment",
      ok: file(["application/pdf", "image/*"], "The file"),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userRequestParams),
    ownUserPath,
    async (c) => {
      const db = c.get("db");
      const row = await ownRequest(db, c.get("auth").userId, c.req.valid("param").requestId);
      const file = await requestFile(db, row.id);
      if (!file) throw notFound();
      const object = await c.env.FILES.get(file.r2_key);
      if (!object) throw notFound();
      return new Response(object.body, {
        headers: {
          "Content-Type": file.content_type,
          "Content-Length": String(file.size),
          "Content-Disposition": `attachment; filename="${file.name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "default-src 'none'; sandbox",
          "Cache-Control": "private, no-store",
        },
      });
    },
  );
