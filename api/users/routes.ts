import { Hono, type Context } from "hono";
import {
  apiAccountSchema,
  apiBannerSchema,
  apiDataVersionSchema,
  apiInvoiceSchema,
  apiMessageSchema,
  apiMeterSchema,
  apiMeterSummarySchema,
  apiShellReadsSchema,
  apiUserSchema,
  avatarParams,
  languageSchema,
  metersQuerySchema,
  notificationReadSchema,
  passwordChangeSchema,
  shellQuerySchema,
  userIdParams,
  userMeterParams,
  userParams,
} from "../../core/contract";
import { clientIp } from "../lib/request";
import { validate } from "../lib/validate";
import { overviewRoutes } from "../overview/routes";
import { ownUserPath, requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { assertOwnUser, loadApiUser } from "../services/customers";
import { reserveCurrentPasswordCheck } from "../services/throttle";
import type { Db } from "../db";
import type { ApiEnv } from "../types";
import {
  accountOf,
  avatarOf,
  changePassword,
  dataVersion,
  dismissPopup,
  markMessageRead,
  meterBanners,
  saveLanguage,
  shellReads,
  userInvoices,
  userMessages,
  userMeters,
} from "./service";
import { data, documented, empty, file, json } from "../lib/openapi";
import { z } from "zod";

const doc = documented("Account");

/** Path ids in the users' routes: a malformed one is a missing row (404), as another customer's. */
const ownIds = { invalid: "not_found" } as const;

/** The path's ids, before `ownUserPath` checks that the `:userId` is the bearer's. */
const ownPath = validate("param", userParams, ownIds);
const ownMeterPath = validate("param", userMeterParams, ownIds);

/** A read of the caller's own data (the bearer's user), answered as `{ data }`. */
/** A read of the caller's own data; `en`: texts in English (the Language header), where they vary. */
const answerOwn =
  <T>(read: (db: Db, userId: number, en: boolean) => Promise<T>) =>
  async (c: Context<ApiEnv>) =>
    c.json({ data: await read(c.get("db"), c.get("auth").userId, c.get("lang") === "en") });

/** Mounted at /api. Every route needs a bearer token and checks that the ids are the caller's own. */
export const userRoutes = new Hono<ApiEnv>()
  .get(
    "/v2/me",
    doc({ summary: "The signed-in person", ok: data(apiUserSchema) }),
    requireBearer,
    permit("read"),
    answerOwn(loadApiUser),
  )

  /**
   * What every signed-in page begins with, in one call: the user (as /v2/me) and the summaries of
   * their supplies (as …/meters?view=summary). On a page request both come from the bearer
   * check's D1 batch.
   */
  .get(
    "/users/:userId/account",
    doc({
      summary: "The person and the summaries of their supplies, in one call",
      ok: data(apiAccountSchema),
    }),
    requireBearer,
    permit("read"),
    ownPath,
    ownUserPath,
    answerOwn(accountOf),
  )

  .get(
    "/users/:id",
    doc({ summary: "The signed-in person (by id)", ok: data(apiUserSchema) }),
    requireBearer,
    permit("read"),
    validate("param", userIdParams, ownIds),
    async (c) => {
      assertOwnUser(c.get("auth").userId, c.req.valid("param").id);
      const en = c.get("lang") === "en";
      return c.json({ data: await loadApiUser(c.get("db"), c.get("auth").userId, en) });
    },
  )

  /**
   * The versions of the data a signed-in page shows: the customer's own and the supplier-wide
   * one (notices, banners for everyone), raised by database triggers on every write
   * (migrations/0008_data_versions.sql). The portal reuses a rendered page only while this value
   * is unchanged (app/.server/page-cache.ts). One indexed read, in plain SQL, made together with
   * the bearer check on a page request: it runs on every cached page view.
   */
  .get(
    "/users/:userId/data-version",
    doc({
      summary: "The version of the data a signed-in page shows",
      ok: data(apiDataVersionSchema),
    }),
    requireBearer,
    permit("read"),
    ownPath,
    ownUserPath,
    answerOwn(dataVersion),
  )

  /**
   * The caller's supplies (every status but removed), main first, then by id. `view=summary`: the
   * few columns every page needs of the whole list (ApiMeterSummary); `ids=1,2,3`:
   * full rows of only those supplies (ids that are not the caller's are left out);
   * `billing_history=true`: full rows with each supply's invoices.
   */
  .get(
    "/users/:userId/meters",
    doc({
      summary: "The caller's supplies",
      description:
        "`view=summary`: the few columns of the whole list; `ids=`: full rows of those supplies; `billing_history=true`: with each supply's invoices.",
      ok: data(z.union([z.array(apiMeterSchema), z.array(apiMeterSummarySchema)])),
    }),
    requireBearer,
    permit("read"),
    validate("query", metersQuerySchema),
    ownPath,
    ownUserPath,
    async (c) =>
      c.json({ data: await userMeters(c.get("db"), c.get("auth").userId, c.req.valid("query")) }),
  )

  .get(
    "/users/:userId/invoices",
    doc({ summary: "Every invoice of the caller's supplies", ok: data(z.array(apiInvoiceSchema)) }),
    requireBearer,
    permit("read"),
    ownPath,
    ownUserPath,
    answerOwn(userInvoices),
  )

  .get(
    "/users/:userId/messages",
    doc({ summary: "The caller's messages", ok: data(z.array(apiMessageSchema)) }),
    requireBearer,
    permit("read"),
    ownPath,
    ownUserPath,
    answerOwn(userMessages),
  )

  .put(
    "/update_notification",
    doc({ summary: "Mark a message read", ok: empty() }),
    requireBearer,
    permit("read"),
    validate("json", notificationReadSchema),
    async (c) => {
      await markMessageRead(c.get("db"), c.get("auth").userId, c.req.valid("json").id);
      return c.body(null, 204);
    },
  )

  /**
   * Banners for one of the caller's supplies, in the Language header's language: those aimed at this
   * meter, plus general ones (no meter) for any division or this meter's division, within their dates.
   */
  .get(
    "/users/:userId/banners/:meterId",
    doc({
      summary: "Banners for one of the caller's supplies, in the Language header's language",
      ok: json(z.object({ bannersToDisplay: z.array(apiBannerSchema) })),
    }),
    requireBearer,
    permit("read"),
    ownMeterPath,
    ownUserPath,
    async (c) => {
      const meterId = Number(c.req.valid("param").meterId);
      const en = c.get("lang") === "en";
      const bannersToDisplay = await meterBanners(c.get("db"), c.get("auth").userId, meterId, en);
      return c.json({ bannersToDisplay });
    },
  )

  /**
   * What every signed-in portal page shows around its content, in ONE D1 batch (a
   * fresh render's D1 calls cost mostly a fixed amount each): the user's messages, this supply's
   * banners, and on request:
   * - `readings=1`: the supply's readings (while its reading period is open); `readings_from=`
   *   YYYY-MM-DD: only those dated on or after that day (the period's start: what the "reading
   *   due" check reads). Otherwise `readings` is null.
   * - `ids=1,2,3`: the full rows of those supplies the page shows (the caller's only).
   * - `invoices=overview`: this supply's history rows the overview shows (as GET
   *   …/meters/:m/invoices?view=overview); otherwise `invoices` is null.
   * The same answers as GET …/messages, …/banners/:meterId, …/readings?meter_id=, …/meters?ids=
   * and …/invoices?view=overview (tests/integration/reads.test.ts).
   */
  .get(
    "/users/:userId/meters/:meterId/shell",
    doc({
      summary: "What every signed-in page shows around its content, in one call",
      ok: data(apiShellReadsSchema),
    }),
    requireBearer,
    permit("read"),
    validate("query", shellQuerySchema),
    ownMeterPath,
    ownUserPath,
    async (c) => {
      const meterId = Number(c.req.valid("param").meterId);
      const en = c.get("lang") === "en";
      const query = c.req.valid("query");
      const data = await shellReads(c.get("db"), c.get("auth").userId, meterId, query, en);
      return c.json({ data });
    },
  )

  /**
   * Saves the profile's language ("keep English as your language?" after signing in
   * in a language other than the saved one). One UPDATE of the caller's own row; repeating it is
   * harmless. The full settings save (PUT /user/settings) can change it too.
   */
  .put(
    "/user/language",
    doc({ summary: "Set the person's language", ok: empty() }),
    requireBearer,
    permit("own_profile"),
    validate("json", languageSchema),
    async (c) => {
      await saveLanguage(c.get("db"), c.get("auth").userId, c.req.valid("json").lang);
      return c.body(null, 204);
    },
  )

  .post(
    "/user/popup/dismiss",
    doc({ summary: "Dismiss the welcome pop-up", ok: empty() }),
    requireBearer,
    permit("own_profile"),
    async (c) => {
      await dismissPopup(c.get("db"), c.get("auth").userId);
      return c.body(null, 204);
    },
  )

  .get(
    "/user/:id/avatar",
    doc({
      summary: "The person's picture",
      ok: file(["image/*"], "The image"),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", avatarParams),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").id);
      const avatar = await avatarOf(c.get("db"), c.env.FILES, userId);
      return new Response(avatar.body, {
        headers: {
          "content-type": avatar.contentType,
          "cache-control": "private, max-age=300",
          "x-content-type-options": "nosniff",
        },
      });
    },
  )

  /** Changing the password ends every other session of the user; this one stays signed in. */
  .put(
    "/user/password",
    doc({
      summary: "Change the password (ends every other session)",
      ok: empty(),
      errors: { 400: ["passwords_mismatch", "wrong_credentials"], 429: ["too_many_attempts"] },
    }),
    requireBearer,
    permit("own_profile"),
    validate("json", passwordChangeSchema),
    async (c) => {
      const { userId, sessionId } = c.get("auth");
      const reserveCheck = () => reserveCurrentPasswordCheck(c, userId, "old_password");
      const who = { userId, sessionId, ip: clientIp(c) };
      await changePassword(c.get("db"), who, c.req.valid("json"), reserveCheck);
      return c.body(null, 204);
    },
  )

  // One supply's billing history (the overview): api/overview/routes.ts.
  .route("/", overviewRoutes);
