import { and, eq, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { auditLog, meters, users } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { verifyPassword } from "../lib/password";
import { clientIp } from "../lib/request";
import { randomToken } from "../../core/tokens";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { REMOVED_METER_STATUS, assertOwnUser, findUserWithCustomer } from "../services/customers";
import { refund, reserveCurrentPasswordCheck } from "../services/throttle";
import type { ApiEnv } from "../types";
import {
  AVATAR_MAX_BYTES,
  IMAGE_CONTENT_TYPE,
  IMAGE_EXTENSION,
  checkAvatar,
} from "../../core/image";
import { avatarFormSchema, firstLoginSchema, settingsPayloadSchema } from "../../core/contract";

/** A multipart body beyond this is refused before it is parsed (one file under 1 MB + fields). */
const MAX_UPLOAD_BODY = AVATAR_MAX_BYTES + 64 * 1024;

const notAnImage = () => badRequest("validation", "avatar", "settingsModal.fileErrorFormt");

/**
 * Before the form is parsed: a declared length over the limit, and a body that is no form at
 * all, get the answers the upload field shows.
 */
const avatarUpload = createMiddleware<ApiEnv>(async (c, next) => {
  const declared = Number(c.req.header("content-length") ?? 0);
  if (declared > MAX_UPLOAD_BODY) {
    throw badRequest("validation", "avatar", "settingsModal.fileErrorSize");
  }
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded") {
    throw notAnImage();
  }
  await next();
});

/** The first value of a form field sent once or more (as FormData.get). */
const firstValue = <T>(value: T | T[] | undefined): T | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Business refusals answered 200 `{ data: { message } }` (spec §8); the portal shows settingsModal.{message}. */
export type SettingsMessage = "emailInUse" | "phoneInUse";

function uniqueViolation(error: unknown): SettingsMessage | null {
  const text = String((error as { cause?: unknown })?.cause ?? "") + String(error);
  if (!/UNIQUE constraint failed/i.test(text)) return null;
  if (text.includes("users.registration_email")) return "emailInUse";
  if (text.includes("users.registration_phone")) return "phoneInUse";
  return null;
}

/** Mounted at /api (api/app.ts). Bearer only; every id must be the caller's own, else 404. */
export const settingsRoutes = new Hono<ApiEnv>()
  /**
   * PUT /user/settings: the whole dialog in one D1 batch (one transaction): the meters' e-bill
   * and SMS settings, the main supply and the user's row. Any failure leaves every old value.
   * 204 saved; 200 {data:{message}} email/phone already used by another account; 400 invalid;
   * 404 another customer's user, VAT or meter.
   */
  .put("/user/settings", requireBearer, validate("json", settingsPayloadSchema), async (c) => {
    const db = c.get("db");
    const { userId } = c.get("auth");
    const body = c.req.valid("json");
    assertOwnUser(userId, body.userId);
    const found = await findUserWithCustomer(db, userId);
    if (!found || found.user.username !== body.afm) throw notFound();
    const { user, customer } = found;

    const own = await db
      .select()
      .from(meters)
      .where(and(eq(meters.customer_id, customer.id), ne(meters.status, REMOVED_METER_STATUS)));
    const byId = new Map(own.map((m) => [m.id, m]));
    if (!byId.has(body.meter_id)) throw notFound();
    for (const entry of body.ebill_settings) {
      const meter = byId.get(entry.meter_id);
      if (!meter) throw notFound();
      const changes =
        (entry.email ? 1 : 0) !== meter.ebill ||
        (entry.phone ? 1 : 0) !== meter.sms_bill ||
        (entry.email !== null && entry.email !== meter.ebill_email) ||
        (entry.phone !== null && entry.phone !== meter.sms_number);
      if (!meter.ebill_enable_edit && changes) {
        throw badRequest("validation", "ebill_settings", "settingsModal.ebillNotEditableSave");
      }
    }

    const contactChanged =
      body.email !== user.registration_email.toLowerCase() ||
      body.phone !== (user.registration_phone ?? null);
    if (contactChanged) {
      if (!body.password) throw badRequest("validation", "password", "validate.require");
      // Counted before the check (429 over the limit), taken back when the password was right.
      const attempt = await reserveCurrentPasswordCheck(c, userId, "password");
      if (!(await verifyPassword(body.password, user.password_hash))) {
        throw badRequest("wrong_credentials", "password", "settingsModal.wrongPassword");
      }
      await refund(db, attempt);
    }

    // The e-bill and SMS settings of every listed supply in ONE statement with one JSON
    // parameter (api/db/ids.ts: D1 binds at most 100 parameters, a business has up to 1,000
    // supplies). A supply listed twice takes its last entry, as the dialog's last field wins.
    // Turning a bill channel off keeps the address on file for the next time (COALESCE).
    const entries = new Map<number, { m: number; e: string | null; p: string | null }>();
    for (const entry of body.ebill_settings) {
      if (!byId.get(entry.meter_id)?.ebill_enable_edit) continue;
      entries.set(entry.meter_id, { m: entry.meter_id, e: entry.email, p: entry.phone });
    }
    const statements: BatchItem<"sqlite">[] = [];
    if (entries.size > 0) {
      const rows = sql`(SELECT json_extract(value, '$.m') AS m, json_extract(value, '$.e') AS e,
          json_extract(value, '$.p') AS p FROM json_each(${JSON.stringify([...entries.values()])})) AS s`;
      statements.push(
        db
          .update(meters)
          .set({
            ebill: sql`(s.e IS NOT NULL)`,
            sms_bill: sql`(s.p IS NOT NULL)`,
            ebill_email: sql`COALESCE(s.e, ${meters.ebill_email})`,
            sms_number: sql`COALESCE(s.p, ${meters.sms_number})`,
          })
          .from(rows)
          .where(
            and(
              sql`${meters.id} = s.m`,
              eq(meters.customer_id, customer.id),
              eq(meters.ebill_enable_edit, 1),
            ),
          ),
      );
    }
    statements.push(
      db
        .update(meters)
        .set({ is_main: 0 })
        .where(
          and(
            eq(meters.customer_id, customer.id),
            ne(meters.status, REMOVED_METER_STATUS),
            ne(meters.id, body.meter_id),
          ),
        ),
      db.update(meters).set({ is_main: 1 }).where(eq(meters.id, body.meter_id)),
      // Last: a unique email/phone violation here rolls back the meter updates above too.
      db
        .update(users)
        .set({
          nrg_skin: body.nrg_skin,
          lang: body.lang,
          registration_email: body.email,
          registration_phone: body.phone,
          indication_email: body.indication_email,
          indication_sms: body.indication_sms,
          first_login_settings_open: 0,
        })
        .where(eq(users.id, userId)),
      db.insert(auditLog).values({
        action: "settings_update",
        user_id: userId,
        detail: contactChanged ? "contact_changed" : null,
        ip: clientIp(c),
      }),
    );
    try {
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    } catch (error) {
      const message = uniqueViolation(error);
      if (message) return c.json({ data: { message } }, 200);
      throw error;
    }
    return c.body(null, 204);
  })

  /**
   * POST /user/avatar (multipart: userId, avatar): one JPEG or PNG under 1 MB, judged by its bytes,
   * stored without its metadata under a random R2 key; the old picture is deleted. 200 with the new
   * avatar; 400 validation with message settingsModal.fileErrorFormt | fileErrorSize | fileErrorCount.
   */
  .post(
    "/user/avatar",
    requireBearer,
    avatarUpload,
    validate("form", avatarFormSchema, { malformed: notAnImage }),
    async (c) => {
      const { userId } = c.get("auth");
      const form = c.req.valid("form");
      assertOwnUser(userId, String(firstValue(form.userId) ?? ""));
      const files = [form.avatar ?? []].flat().filter((v): v is File => typeof v !== "string");
      if (files.length === 0) throw badRequest("validation", "avatar", "validate.require");
      if (files.length > 1)
        throw badRequest("validation", "avatar", "settingsModal.fileErrorCount");
      const file = files[0] as File;
      if (file.size >= AVATAR_MAX_BYTES) {
        throw badRequest("validation", "avatar", "settingsModal.fileErrorSize");
      }
      const checked = checkAvatar(new Uint8Array(await file.arrayBuffer()));
      if (!checked.ok) throw badRequest("validation", "avatar", `settingsModal.${checked.error}`);

      const db = c.get("db");
      const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
      if (!user) throw notFound();
      const ext = IMAGE_EXTENSION[checked.kind];
      const key = `avatars/${userId}/${randomToken(24)}.${ext}`;
      const contentType = IMAGE_CONTENT_TYPE[checked.kind];
      await c.env.FILES.put(key, checked.bytes, { httpMetadata: { contentType } });
      // The stored name is ours, not the uploader's: it also versions the picture's URL.
      const name = `avatar-${randomToken(6)}.${ext}`;
      try {
        await db.batch([
          db
            .update(users)
            .set({ avatar_key: key, avatar_name: name, avatar_type: contentType })
            .where(eq(users.id, userId)),
          db.insert(auditLog).values({ action: "avatar_update", user_id: userId, ip: clientIp(c) }),
        ]);
      } catch (error) {
        await c.env.FILES.delete(key);
        throw error;
      }
      if (user.avatar_key && user.avatar_key !== key) await c.env.FILES.delete(user.avatar_key);
      return c.json({ data: { img_name: name, img: `/api/user/${userId}/avatar` } }, 200);
    },
  )

  /** PUT /user/first-login-settings {open: 0|1}: the portal clears the flag once it opened the dialog. */
  .put(
    "/user/first-login-settings",
    requireBearer,
    validate("json", firstLoginSchema),
    async (c) => {
      await c
        .get("db")
        .update(users)
        .set({ first_login_settings_open: c.req.valid("json").open })
        .where(eq(users.id, c.get("auth").userId));
      return c.body(null, 204);
    },
  );
