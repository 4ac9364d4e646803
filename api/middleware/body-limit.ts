import { createMiddleware } from "hono/factory";
import { ApiError, badRequest } from "../lib/errors";
import { REQUEST_FILE_MAX_BYTES } from "../../core/requests/rules";
import { AVATAR_MAX_BYTES } from "../../core/image";
import type { ApiEnv } from "../types";

/*
 * Request body limits, enforced while the body streams in. A declared
 * Content-Length over the limit is refused without being parsed or kept; a body without one
 * (chunked) is counted chunk by chunk and refused as soon as it passes the limit, never read
 * whole.
 *
 * As Hono's own bodyLimit (hono/body-limit), with one difference that decides whether the client
 * sees the answer at all: what is left of a refused body is dealt with. Hono's leaves it unread
 * and open, and the connection is then reset under the client while it is still writing
 * (measured with wrangler dev: the client got ECONNRESET, never the 413). Here a body of a stated
 * length up to 32 MB is read and dropped first (an HTTP/1.1 client that has its answer goes on
 * writing, and stalls if nobody reads; workerd cannot read a body after it has answered), and
 * anything else is cancelled.
 */

const KIB = 1024;
/** The most of a refused body with a stated length that is read and dropped. */
const DRAIN_LIMIT = 32 * 1024 * KIB;

/** Any JSON call: a login, a reading, a payment order of 200 supplies are a few KB. */
export const JSON_BODY_LIMIT = 64 * KIB;
/**
 * PUT /user/settings lists the e-bill and SMS settings of every supply (up to 1,000, each with an
 * email of up to 254 characters): about 300 KB at the very most.
 */
export const SETTINGS_BODY_LIMIT = 512 * KIB;
/** Multipart uploads: the file's limit (spec: avatar under 1 MB, attachment 5 MB) plus fields. */
export const AVATAR_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * KIB;
export const ATTACHMENT_BODY_LIMIT = REQUEST_FILE_MAX_BYTES + 64 * KIB;

interface BodyClass {
  maxSize: number;
  /** The answer to a body over the limit (thrown, for app.onError). */
  refuse: () => ApiError;
}

const tooLarge = () => new ApiError(413, "too_large");

const JSON_CLASS: BodyClass = { maxSize: JSON_BODY_LIMIT, refuse: tooLarge };

/**
 * Route classes with a larger body. An upload over its limit gets the answer its route gives a
 * file that is too large (400 with the field's message, which the portal shows next to the
 * field), whether the length was declared or the body streamed past the limit.
 */
const LARGER: Record<string, BodyClass> = {
  "PUT /api/user/settings": { maxSize: SETTINGS_BODY_LIMIT, refuse: tooLarge },
  "POST /api/user/avatar": {
    maxSize: AVATAR_BODY_LIMIT,
    refuse: () => badRequest("validation", "avatar", "settingsModal.fileErrorSize"),
  },
  "POST /api/requests/files": {
    maxSize: ATTACHMENT_BODY_LIMIT,
    refuse: () => badRequest("validation", "file", "requests:errors.file.size"),
  },
};

/**
 * The billing system's PDF of a bill (PUT /api/backoffice/invoices/{key}/pdf, #36 §1): one PDF of
 * at most 5 MB per request, the route's own limit (a path with a key, so matched by pattern).
 */
export const BACKOFFICE_PDF_LIMIT = 5 * 1024 * KIB;
const BACKOFFICE_PDF = /^PUT \/api\/backoffice\/invoices\/[^/]+\/pdf$/;
const BACKOFFICE_PDF_CLASS: BodyClass = { maxSize: BACKOFFICE_PDF_LIMIT, refuse: tooLarge };

/**
 * A back-office batch (POST /api/backoffice/*, #36 §1): up to 500 items, a bill with its lines
 * about 1 KB, a customer with its supplies a few: 2 MB is room for any full batch.
 */
export const BACKOFFICE_BATCH_LIMIT = 2 * 1024 * KIB;
const BACKOFFICE_BATCH = /^POST \/api\/backoffice\//;
const BACKOFFICE_BATCH_CLASS: BodyClass = { maxSize: BACKOFFICE_BATCH_LIMIT, refuse: tooLarge };

/**
 * A register application with its doctor's certificate (#38 §3): the attachment's limit, and the
 * answer its route gives a certificate that is too large (a path with ids, so matched by pattern).
 */
const REGISTER_APPLICATION = /^POST \/api\/users\/[^/]+\/meters\/[^/]+\/vulnerable-application$/;
const REGISTER_APPLICATION_CLASS: BodyClass = {
  maxSize: ATTACHMENT_BODY_LIMIT,
  refuse: () =>
    badRequest("validation", "certificate", "hardship:register.errors.certificate.size"),
};

/** The body class of a route: a listed one, the back office's PDFs and batches, else JSON's. */
function bodyClassOf(route: string): BodyClass {
  if (LARGER[route]) return LARGER[route];
  if (REGISTER_APPLICATION.test(route)) return REGISTER_APPLICATION_CLASS;
  if (BACKOFFICE_PDF.test(route)) return BACKOFFICE_PDF_CLASS;
  return BACKOFFICE_BATCH.test(route) ? BACKOFFICE_BATCH_CLASS : JSON_CLASS;
}

async function drainOrCancel(body: ReadableStream<Uint8Array>, declared: number) {
  try {
    if (declared <= DRAIN_LIMIT) {
      const reader = body.getReader();
      while (!(await reader.read()).done) {
        // dropped
      }
    } else {
      await body.cancel();
    }
  } catch {
    // The client went away: no one is left to answer.
  }
}

/** Every request body of the API, limited by the class of its route (default: JSON). */
export const limitBody = createMiddleware<ApiEnv>(async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const { maxSize, refuse } = bodyClassOf(`${c.req.method} ${c.req.path}`);
  const declared = c.req.header("content-length");
  if (declared !== undefined && !c.req.header("transfer-encoding")) {
    // The runtime holds the body to its declared length.
    if (Number(declared) <= maxSize) return next();
    await drainOrCancel(body, Number(declared));
    throw refuse();
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxSize) {
      await reader.cancel().catch(() => undefined);
      throw refuse();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  // What the handlers read from now on: the counted bytes.
  c.req.raw = new Request(c.req.raw, { body: bytes });
  return next();
});
