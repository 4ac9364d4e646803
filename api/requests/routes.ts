import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiRequest, ApiRequestFile, ApiRequestKind, ApiRequestStatus } from "../contract";
import type { Db } from "../db";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { clientIp } from "../lib/request";
import { addSeconds, nowIso } from "../lib/time";
import { randomToken } from "../../core/tokens";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { REMOVED_METER_STATUS, assertOwnUser } from "../services/customers";
import type { ApiEnv, Lang } from "../types";
import { CONFIRMATION } from "./messages";
import {
  DRAFT_TTL_SECONDS,
  FILE_CONTENT_TYPE,
  FILE_EXTENSION,
  REQUEST_FILE_MAX_BYTES,
  checkFile,
  cleanFileName,
  requestBlocker,
  type RequestKind,
} from "../../core/requests/rules";
import { cancellationBodySchema, nameChangeBodySchema } from "../../core/requests/schemas";

/** A multipart body beyond this is refused before it is parsed (one file of 5 MB + the field). */
const MAX_UPLOAD_BODY = REQUEST_FILE_MAX_BYTES + 64 * 1024;

const d1 = (db: Db) => db.$client;

interface MeterRow {
  id: number;
  status: string;
  division: number;
  per_code: string | null;
  id_code: string | null;
  next_code: string | null;
  pod: string | null;
}

interface RequestRow {
  id: number;
  reference: string;
  kind: ApiRequestKind;
  status: ApiRequestStatus;
  meter_id: number;
  payload: string;
  created_at: string;
  file_name: string | null;
  file_type: ApiRequestFile["content_type"] | null;
  file_size: number | null;
}

interface FileRow {
  id: string;
  r2_key: string;
  name: string;
  content_type: ApiRequestFile["content_type"];
  size: number;
}

const fileError = (message: string) => badRequest("validation", "file", message);

function supplyNumber(meter: MeterRow): string {
  if (meter.division === 1) {
    return [meter.per_code, meter.id_code, meter.next_code].map((p) => p?.trim() ?? "").join("");
  }
  return meter.pod ?? "";
}

/** A supply of the caller's customer (never a removed one), or 404 as for a missing one. */
async function ownMeter(db: Db, userId: number, meterId: number): Promise<MeterRow> {
  const meter = await d1(db)
    .prepare(
      `SELECT m.id, m.status, m.division, m.per_code, m.id_code, m.next_code, m.pod
       FROM meters m JOIN users u ON u.customer_id = m.customer_id
       WHERE u.id = ? AND m.id = ? AND m.status <> ?`,
    )
    .bind(userId, meterId, REMOVED_METER_STATUS)
    .first<MeterRow>();
  if (!meter) throw notFound();
  return meter;
}

/** A draft upload of the caller that no request uses yet and that has not expired; else 404. */
async function ownDraft(db: Db, userId: number, fileId: string): Promise<FileRow> {
  const file = await d1(db)
    .prepare(
      `SELECT id, r2_key, name, content_type, size FROM request_files
       WHERE id = ? AND user_id = ? AND request_id IS NULL AND expires_at > ?`,
    )
    .bind(fileId, userId, nowIso())
    .first<FileRow>();
  if (!file) throw notFound();
  return file;
}

const REQUEST_SELECT = `SELECT r.id, r.reference, r.kind, r.status, r.meter_id, r.payload, r.created_at,
    f.name AS file_name, f.content_type AS file_type, f.size AS file_size
  FROM requests r LEFT JOIN request_files f ON f.request_id = r.id
  WHERE r.user_id = ? AND r.kind IN ('name_change', 'cancellation')`;

function toApiRequest(row: RequestRow): ApiRequest {
  let fields: Record<string, string> = {};
  try {
    const parsed = JSON.parse(row.payload) as Record<string, unknown>;
    fields = Object.fromEntries(
      Object.entries(parsed)
        .filter(([key, value]) => key !== "lang" && value !== null && value !== undefined)
        .map(([key, value]) => [key, String(value)]),
    );
  } catch {
    // A payload that is not JSON shows no fields rather than failing the whole list.
  }
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    meter_id: row.meter_id,
    created_at: row.created_at,
    fields,
    file:
      row.file_name && row.file_type && row.file_size !== null
        ? { name: row.file_name, content_type: row.file_type, size: row.file_size }
        : null,
  };
}

async function ownRequest(db: Db, userId: number, requestId: string): Promise<RequestRow> {
  if (!/^\d{1,12}$/.test(requestId)) throw notFound();
  const row = await d1(db)
    .prepare(`${REQUEST_SELECT} AND r.id = ?`)
    .bind(userId, Number(requestId))
    .first<RequestRow>();
  if (!row) throw notFound();
  return row;
}

/** Drafts past their time: rows and R2 objects go (a few per upload, so the work stays small). */
async function purgeExpiredDrafts(c: Context<ApiEnv>) {
  const db = d1(c.get("db"));
  const { results } = await db
    .prepare(
      `SELECT id, r2_key FROM request_files WHERE request_id IS NULL AND expires_at <= ? LIMIT 20`,
    )
    .bind(nowIso())
    .all<{ id: string; r2_key: string }>();
  const expired: Array<{ id: string; r2_key: string }> = results;
  if (expired.length === 0) return;
  await c.env.FILES.delete(expired.map((r) => r.r2_key));
  await db.batch(
    expired.map((r) =>
      db.prepare(`DELETE FROM request_files WHERE id = ? AND request_id IS NULL`).bind(r.id),
    ),
  );
}

const isUniqueViolation = (error: unknown, index: string) => {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  return /UNIQUE constraint failed/i.test(text) && text.includes(index);
};

/**
 * Saves a request, its file link and the confirmation message in one D1 batch (one transaction).
 * The reference needs the row id, so the row is found again by its file key (unique) and the
 * reference and message text are completed inside the database. The partial unique index
 * requests_open_per_supply refuses a second open request of the kind for the supply, even from
 * two concurrent submissions; the unique file key refuses one draft used twice.
 */
async function createRequest(
  c: Context<ApiEnv>,
  input: {
    userId: number;
    kind: RequestKind;
    meter: MeterRow;
    fields: Record<string, unknown>;
    file: FileRow;
  },
) {
  const db = c.get("db");
  const conn = d1(db);
  const { userId, kind, meter, fields, file } = input;
  const existing = await conn
    .prepare(`SELECT meter_id, kind, status FROM requests WHERE meter_id = ? AND kind = ?`)
    .bind(meter.id, kind)
    .all<{ meter_id: number; kind: string; status: string }>();
  const blocker = requestBlocker(kind, meter, existing.results);
  if (blocker === "not_active" || blocker === "not_normal") {
    throw badRequest("request_not_allowed", "meter_id", blocker);
  }
  if (blocker) throw badRequest("request_already_open", "meter_id", blocker);

  const user = await conn
    .prepare(`SELECT lang FROM users WHERE id = ?`)
    .bind(userId)
    .first<{ lang: Lang }>();
  const lang: Lang = user?.lang === "en" ? "en" : "el";
  const message = CONFIRMATION[lang][kind];
  const now = nowIso();
  const content = message.content.replace("{supply}", supplyNumber(meter));
  try {
    await conn.batch([
      conn
        .prepare(
          `INSERT INTO requests (reference, user_id, meter_id, kind, status, payload, file_key, created_at)
           VALUES (?, ?, ?, ?, 'submitted', ?, ?, ?)`,
        )
        .bind(
          `pending-${randomToken(12)}`,
          userId,
          meter.id,
          kind,
          JSON.stringify({ ...fields, lang }),
          file.r2_key,
          now,
        ),
      conn
        .prepare(
          `UPDATE requests SET reference = 'REQ-' || substr(created_at, 1, 4) || '-' || printf('%06d', id)
           WHERE file_key = ?`,
        )
        .bind(file.r2_key),
      conn
        .prepare(
          `UPDATE request_files SET request_id = (SELECT id FROM requests WHERE file_key = ?)
           WHERE id = ? AND user_id = ? AND request_id IS NULL`,
        )
        .bind(file.r2_key, file.id, userId),
      conn
        .prepare(
          `INSERT INTO messages (user_id, meter_id, title, content, type, category, read_status, c_stamp)
           SELECT ?, ?, ?, replace(?, '{ref}', reference), 'confirm', 'requests', 0, ?
           FROM requests WHERE file_key = ?`,
        )
        .bind(userId, meter.id, message.title, content, now, file.r2_key),
      conn
        .prepare(`INSERT INTO audit_log (user_id, action, detail, ip) VALUES (?, ?, ?, ?)`)
        .bind(userId, "request_submitted", kind, clientIp(c)),
    ]);
  } catch (error) {
    if (isUniqueViolation(error, "requests.meter_id")) {
      throw badRequest(
        "request_already_open",
        "meter_id",
        kind === "cancellation" ? "open_cancellation" : "open_name_change",
      );
    }
    if (isUniqueViolation(error, "requests.file_key")) throw notFound();
    throw error;
  }
  const row = await conn
    .prepare(`${REQUEST_SELECT} AND r.file_key = ?`)
    .bind(userId, file.r2_key)
    .first<RequestRow>();
  if (!row) throw new ApiError(500, "error");
  return c.json({ data: toApiRequest(row) }, 201);
}

/** Mounted at /api (api/app.ts). Bearer only; every id must be the caller's own, else 404. */
export const requestRoutes = new Hono<ApiEnv>()
  /**
   * POST /requests/files (multipart: exactly one `file`): a PDF, JPEG or PNG (by its bytes) of at
   * most 5 MB, stored in R2 under a random key as a draft for 24 hours. 201 with the draft.
   */
  .post("/requests/files", requireBearer, async (c) => {
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

    await purgeExpiredDrafts(c);
    const id = randomToken(16);
    const key = `requests/${userId}/${randomToken(24)}.${FILE_EXTENSION[checked.kind]}`;
    const contentType = FILE_CONTENT_TYPE[checked.kind] as ApiRequestFile["content_type"];
    const name = cleanFileName(upload.name, checked.kind);
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType } });
    try {
      const now = new Date();
      await d1(c.get("db"))
        .prepare(
          `INSERT INTO request_files (id, user_id, r2_key, name, content_type, size, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          id,
          userId,
          key,
          name,
          contentType,
          bytes.length,
          nowIso(now),
          addSeconds(DRAFT_TTL_SECONDS, now),
        )
        .run();
    } catch (error) {
      await c.env.FILES.delete(key);
      throw error;
    }
    const data: ApiRequestFile = { id, name, content_type: contentType, size: bytes.length };
    return c.json({ data }, 201);
  })

  /** GET /requests/files/:fileId: a draft of the caller (unused, not expired); else 404. */
  .get("/requests/files/:fileId", requireBearer, async (c) => {
    const file = await ownDraft(c.get("db"), c.get("auth").userId, c.req.param("fileId"));
    const data: ApiRequestFile = {
      id: file.id,
      name: file.name,
      content_type: file.content_type,
      size: file.size,
    };
    return c.json({ data });
  })

  /** POST /requests/name-change: 201 with the request; rules as in docs/api/requests.md. */
  .post(
    "/requests/name-change",
    requireBearer,
    validate("json", nameChangeBodySchema),
    async (c) => {
      const { userId } = c.get("auth");
      const { file_id, meter_id, ...fields } = c.req.valid("json");
      const db = c.get("db");
      const meter = await ownMeter(db, userId, meter_id);
      const file = await ownDraft(db, userId, file_id);
      return createRequest(c, { userId, kind: "name_change", meter, fields, file });
    },
  )

  /** POST /requests/cancellation: 201 with the request. */
  .post(
    "/requests/cancellation",
    requireBearer,
    validate("json", cancellationBodySchema),
    async (c) => {
      const { userId } = c.get("auth");
      const { file_id, meter_id, ...fields } = c.req.valid("json");
      const db = c.get("db");
      const meter = await ownMeter(db, userId, meter_id);
      const file = await ownDraft(db, userId, file_id);
      return createRequest(c, { userId, kind: "cancellation", meter, fields, file });
    },
  )

  /** GET /users/:userId/requests: the customer's name-change and cancellation requests, newest first. */
  .get("/users/:userId/requests", requireBearer, async (c) => {
    const { userId } = c.get("auth");
    assertOwnUser(userId, c.req.param("userId"));
    const { results } = await d1(c.get("db"))
      .prepare(`${REQUEST_SELECT} ORDER BY r.created_at DESC, r.id DESC`)
      .bind(userId)
      .all<RequestRow>();
    return c.json({ data: results.map(toApiRequest) });
  })

  /** GET /users/:userId/requests/:requestId: one request of the caller; else 404. */
  .get("/users/:userId/requests/:requestId", requireBearer, async (c) => {
    const { userId } = c.get("auth");
    assertOwnUser(userId, c.req.param("userId"));
    const row = await ownRequest(c.get("db"), userId, c.req.param("requestId"));
    return c.json({ data: toApiRequest(row) });
  })

  /** GET /users/:userId/requests/:requestId/file: the attachment's bytes, to its owner only. */
  .get("/users/:userId/requests/:requestId/file", requireBearer, async (c) => {
    const { userId } = c.get("auth");
    assertOwnUser(userId, c.req.param("userId"));
    const row = await ownRequest(c.get("db"), userId, c.req.param("requestId"));
    const file = await d1(c.get("db"))
      .prepare(
        `SELECT id, r2_key, name, content_type, size FROM request_files WHERE request_id = ?`,
      )
      .bind(row.id)
      .first<FileRow>();
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
  });
