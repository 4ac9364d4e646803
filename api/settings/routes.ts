import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { badRequest } from "../lib/errors";
import { clientIp } from "../lib/request";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { assertOwnUser } from "../services/customers";
import { reserveCurrentPasswordCheck, reserveInUseAnswer } from "../services/throttle";
import type { ApiEnv } from "../types";
import { AVATAR_MAX_BYTES, checkAvatar } from "../../core/image";
import {
  apiSettingsMessageSchema,
  apiUserSchema,
  avatarFormSchema,
  firstLoginSchema,
  settingsPayloadSchema,
} from "../../core/contract";
import { SETTINGS_ERRORS } from "./messages";
import { saveAvatar, saveSettings, setFirstLoginOpen } from "./service";
import { data, documented, empty } from "../lib/openapi";

const doc = documented("Account");

/** A multipart body beyond this is refused before it is parsed (one file under 1 MB + fields). */
const MAX_UPLOAD_BODY = AVATAR_MAX_BYTES + 64 * 1024;

const avatarError = (message: string) => badRequest("validation", "avatar", message);
const notAnImage = () => avatarError(SETTINGS_ERRORS.notAnImage);

/**
 * Before the form is parsed: a declared length over the limit, and a body that is no form at
 * all, get the answers the upload field shows.
 */
const avatarUpload = createMiddleware<ApiEnv>(async (c, next) => {
  const declared = Number(c.req.header("content-length") ?? 0);
  if (declared > MAX_UPLOAD_BODY) throw avatarError(SETTINGS_ERRORS.fileTooLarge);
  const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "multipart/form-data" && type !== "application/x-www-form-urlencoded") {
    throw notAnImage();
  }
  await next();
});

/** The first value of a form field sent once or more (as FormData.get). */
const firstValue = <T>(value: T | T[] | undefined): T | undefined =>
  Array.isArray(value) ? value[0] : value;

/** Mounted at /api (api/app.ts). Bearer only; every id must be the caller's own, else 404. */
export const settingsRoutes = new Hono<ApiEnv>()
  /**
   * PUT /user/settings: the whole dialog in one D1 batch (one transaction): the meters' e-bill
   * and SMS settings, the main supply and the user's row. Any failure leaves every old value.
   * 204 saved; 200 {data:{message}} email/phone already used by another account; 400 invalid;
   * 404 another customer's user, VAT or meter.
   */
  .put(
    "/user/settings",
    doc({
      summary: "Save the settings dialog (supplies' e-bill and SMS, main supply, profile)",
      ok: [
        empty("Saved"),
        data(
          apiSettingsMessageSchema,
          200,
          "Nothing saved: the email or mobile is another account's",
        ),
      ],
      errors: {
        400: ["wrong_credentials"],
        403: ["not_permitted"],
        404: ["not_found"],
        429: ["too_many_attempts"],
      },
    }),
    requireBearer,
    permit("own_profile"),
    validate("json", settingsPayloadSchema),
    async (c) => {
      const { userId } = c.get("auth");
      const body = c.req.valid("json");
      assertOwnUser(userId, body.userId);
      const reserveCheck = () => reserveCurrentPasswordCheck(c, userId, "password");
      const who = { userId, ip: clientIp(c) };
      const reserveInUse = () => reserveInUseAnswer(c, userId);
      const message = await saveSettings(c.get("db"), who, body, reserveCheck, reserveInUse);
      if (message) return c.json({ data: { message } }, 200);
      return c.body(null, 204);
    },
  )

  /**
   * POST /user/avatar (multipart: userId, avatar): one JPEG or PNG under 1 MB, judged by its bytes,
   * stored without its metadata under a random R2 key; the old picture is deleted. 200 with the new
   * avatar; 400 validation with message settingsModal.fileErrorFormt | fileErrorSize | fileErrorCount.
   */
  .post(
    "/user/avatar",
    doc({
      summary: "Upload the person's picture (one JPEG or PNG under 1 MB)",
      ok: data(apiUserSchema.shape.avatar.unwrap(), 200, "The new picture"),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("own_profile"),
    avatarUpload,
    validate("form", avatarFormSchema, { malformed: notAnImage }),
    async (c) => {
      const { userId } = c.get("auth");
      const form = c.req.valid("form");
      assertOwnUser(userId, String(firstValue(form.userId) ?? ""));
      const files = [form.avatar ?? []].flat().filter((v): v is File => typeof v !== "string");
      if (files.length === 0) throw avatarError("validate.require");
      if (files.length > 1) throw avatarError(SETTINGS_ERRORS.tooManyFiles);
      const file = files[0] as File;
      if (file.size >= AVATAR_MAX_BYTES) throw avatarError(SETTINGS_ERRORS.fileTooLarge);
      const checked = checkAvatar(new Uint8Array(await file.arrayBuffer()));
      if (!checked.ok) throw avatarError(`settingsModal.${checked.error}`);
      const who = { userId, ip: clientIp(c) };
      const data = await saveAvatar(c.get("db"), c.env.FILES, who, checked);
      return c.json({ data }, 200);
    },
  )

  /** PUT /user/first-login-settings {open: 0|1}: the portal clears the flag once it opened the dialog. */
  .put(
    "/user/first-login-settings",
    doc({ summary: "Clear the first sign-in's settings flag", ok: empty() }),
    requireBearer,
    permit("own_profile"),
    validate("json", firstLoginSchema),
    async (c) => {
      await setFirstLoginOpen(c.get("db"), c.get("auth").userId, c.req.valid("json").open);
      return c.body(null, 204);
    },
  );
