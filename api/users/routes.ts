import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import {
  avatarParams,
  languageSchema,
  metersQuerySchema,
  notificationReadSchema,
  passwordChangeSchema,
  shellQuerySchema,
  userIdParams,
  userMeterParams,
  userParams,
  type ApiAccount,
  type ApiBanner,
  type ApiShellReads,
} from "../../core/contract";
import { messages, users } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { hashPassword, verifyPassword } from "../lib/password";
import { clientIp } from "../lib/request";
import { nowIso, todayUtc } from "../lib/time";
import { validate } from "../lib/validate";
import { overviewRoutes } from "../overview/routes";
import { requireBearer } from "../middleware/auth";
import { revokeActionTokensStatement } from "../services/action-tokens";
import { audit } from "../services/audit";
import {
  assertOwnUser,
  customerMeters,
  dataVersionOf,
  findUserWithCustomer,
  loadApiUser,
  meterInvoices,
  overviewInvoicesStatement,
  ownMeterSummary,
  customerMeterSummaries,
  visibleMetersByIds,
  visibleMetersByIdsStatement,
} from "../services/customers";
import { toApiInvoice, toApiMessage, toApiMeter, toApiMeterSummary } from "../services/serialize";
import {
  bannersStatement,
  messagesStatement,
  readingsFromStatement,
  readingsStatement,
  toApiBanner,
  type BannerRow,
  type MessageRow,
  type ReadingRow,
} from "../services/shell-reads";
import { toApiReading } from "../readings/routes";
import { revokeUserSessions } from "../services/sessions";
import { refund, reserveCurrentPasswordCheck } from "../services/throttle";
import type { ApiEnv } from "../types";

type MeterRow = Parameters<typeof toApiMeter>[0];
type InvoiceRow = Parameters<typeof toApiInvoice>[0];

/** Path ids in the users' routes: a malformed one is a missing row (404), as another customer's. */
const ownIds = { invalid: "not_found" } as const;

/** The token user's customer id; the user row must still exist. */
async function customerIdOf(c: { get: (key: "db") => ApiEnv["Variables"]["db"] }, userId: number) {
  const found = await findUserWithCustomer(c.get("db"), userId);
  if (!found) throw notFound();
  return found.customer.id;
}

/** Mounted at /api. Every route needs a bearer token and checks that the ids are the caller's own. */
export const userRoutes = new Hono<ApiEnv>()
  .get("/v2/me", requireBearer, async (c) =>
    c.json({ data: await loadApiUser(c.get("db"), c.get("auth").userId) }),
  )

  /**
   * What every signed-in page begins with, in one call: the user (as /v2/me) and the summaries of
   * their supplies (as …/meters?view=summary). On a page request both come from the bearer
   * check's D1 batch.
   */
  .get(
    "/users/:userId/account",
    requireBearer,
    validate("param", userParams, ownIds),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      const db = c.get("db");
      const user = await loadApiUser(db, userId);
      const summaries = await customerMeterSummaries(db, await customerIdOf(c, userId));
      const account: ApiAccount = { user, meters: summaries.map(toApiMeterSummary) };
      return c.json({ data: account });
    },
  )

  .get("/users/:id", requireBearer, validate("param", userIdParams, ownIds), async (c) => {
    assertOwnUser(c.get("auth").userId, c.req.valid("param").id);
    return c.json({ data: await loadApiUser(c.get("db"), c.get("auth").userId) });
  })

  /**
   * The versions of the data a signed-in page shows: the customer's own and the supplier-wide
   * one (notices, banners for everyone), raised by database triggers on every write
   * (migrations/0008_data_versions.sql). The portal reuses a rendered page only while this value
   * is unchanged (app/.server/page-cache.ts). One indexed read, in plain SQL, made together with
   * the bearer check on a page request: it runs on every cached page view.
   */
  .get(
    "/users/:userId/data-version",
    requireBearer,
    validate("param", userParams, ownIds),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      // Usually already read with the bearer check (services/customers.ts).
      const row = await dataVersionOf(c.get("db"), userId);
      if (!row) throw notFound();
      return c.json({ data: { version: `${row.customer}.${row.own ?? 0}.${row.shared ?? 0}` } });
    },
  )

  /**
   * The caller's supplies (every status but removed), main first, then by id. `view=summary`: the
   * few columns every page needs of the whole list (ApiMeterSummary); `ids=1,2,3`:
   * full rows of only those supplies (ids that are not the caller's are left out);
   * `billing_history=true`: full rows with each supply's invoices.
   */
  .get(
    "/users/:userId/meters",
    requireBearer,
    validate("query", metersQuerySchema),
    validate("param", userParams, ownIds),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      const db = c.get("db");
      const customerId = await customerIdOf(c, userId);
      const query = c.req.valid("query");
      if (query.view === "summary") {
        const summaries = await customerMeterSummaries(db, customerId);
        return c.json({ data: summaries.map(toApiMeterSummary) });
      }
      const rows = query.ids
        ? await visibleMetersByIds(db, customerId, query.ids.split(",").map(Number))
        : await customerMeters(db, customerId);
      const flag = query.billing_history;
      if (flag !== "true" && flag !== "1") return c.json({ data: rows.map((m) => toApiMeter(m)) });
      const invoices = await meterInvoices(
        db,
        rows.map((m) => m.id),
      );
      return c.json({
        data: rows.map((m) =>
          toApiMeter(
            m,
            invoices.filter((i) => i.meter_id === m.id),
          ),
        ),
      });
    },
  )

  .get(
    "/users/:userId/invoices",
    requireBearer,
    validate("param", userParams, ownIds),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      const db = c.get("db");
      // The ids from the supply summaries read with the bearer check (no round trip of their own).
      const rows = await customerMeterSummaries(db, await customerIdOf(c, userId));
      const invoices = await meterInvoices(
        db,
        rows.map((m) => m.id),
      );
      return c.json({ data: invoices.map(toApiInvoice) });
    },
  )

  .get(
    "/users/:userId/messages",
    requireBearer,
    validate("param", userParams, ownIds),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      const { results: rows } = await messagesStatement(c.get("db"), userId).all<MessageRow>();
      return c.json({ data: rows.map(toApiMessage) });
    },
  )

  .put(
    "/update_notification",
    requireBearer,
    validate("json", notificationReadSchema),
    async (c) => {
      const updated = await c
        .get("db")
        .update(messages)
        .set({ read_status: 1 })
        .where(
          and(eq(messages.id, c.req.valid("json").id), eq(messages.user_id, c.get("auth").userId)),
        )
        .returning({ id: messages.id });
      if (updated.length === 0) throw notFound();
      return c.body(null, 204);
    },
  )

  /**
   * Banners for one of the caller's supplies, in the Language header's language: those aimed at this
   * meter, plus general ones (no meter) for any division or this meter's division, within their dates.
   */
  .get(
    "/users/:userId/banners/:meterId",
    requireBearer,
    validate("param", userMeterParams, ownIds),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      const db = c.get("db");
      const meterId = Number(path.meterId);
      const customerId = await customerIdOf(c, userId);
      // From the supply summaries the page already read (no round trip of its own).
      const meter = await ownMeterSummary(db, customerId, meterId);
      if (!meter) throw notFound();
      const { results: rows } = await bannersStatement(db, meter, todayUtc()).all<BannerRow>();
      const en = c.get("lang") === "en";
      const bannersToDisplay: ApiBanner[] = rows.map((b) => toApiBanner(b, en));
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
    requireBearer,
    validate("query", shellQuerySchema),
    validate("param", userMeterParams, ownIds),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      const db = c.get("db");
      const customerId = await customerIdOf(c, userId);
      const meter = await ownMeterSummary(db, customerId, Number(path.meterId));
      if (!meter) throw notFound();
      const query = c.req.valid("query");
      const ids = query.ids ? query.ids.split(",").map(Number) : [];
      const from = query.readings_from;
      const withReadings = query.readings === "1" || from !== undefined;
      const withInvoices = query.invoices === "overview";
      const statements = [
        messagesStatement(db, userId),
        bannersStatement(db, meter, todayUtc()),
        visibleMetersByIdsStatement(db, customerId, ids),
      ];
      const readingsAt = withReadings
        ? statements.push(
            from !== undefined
              ? readingsFromStatement(db, meter.id, from)
              : readingsStatement(db, [meter.id]),
          ) - 1
        : -1;
      const invoicesAt = withInvoices
        ? statements.push(overviewInvoicesStatement(db, meter.id)) - 1
        : -1;
      const answers = await db.$client.batch(statements);
      const rowsAt = <T>(index: number) => (answers[index]?.results ?? []) as T[];
      const en = c.get("lang") === "en";
      const shell: ApiShellReads = {
        messages: rowsAt<MessageRow>(0).map(toApiMessage),
        banners: rowsAt<BannerRow>(1).map((b) => toApiBanner(b, en)),
        readings: withReadings ? rowsAt<ReadingRow>(readingsAt).map(toApiReading) : null,
        meters: rowsAt<MeterRow>(2).map((m) => toApiMeter(m)),
        invoices: withInvoices ? rowsAt<InvoiceRow>(invoicesAt).map(toApiInvoice) : null,
      };
      return c.json({ data: shell });
    },
  )

  /**
   * Saves the profile's language ("keep English as your language?" after signing in
   * in a language other than the saved one). One UPDATE of the caller's own row; repeating it is
   * harmless. The full settings save (PUT /user/settings) can change it too.
   */
  .put("/user/language", requireBearer, validate("json", languageSchema), async (c) => {
    const updated = await c
      .get("db")
      .update(users)
      .set({ lang: c.req.valid("json").lang })
      .where(eq(users.id, c.get("auth").userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw notFound();
    return c.body(null, 204);
  })

  .post("/user/popup/dismiss", requireBearer, async (c) => {
    await c
      .get("db")
      .update(users)
      .set({ popup_dismissed_at: nowIso() })
      .where(eq(users.id, c.get("auth").userId));
    return c.body(null, 204);
  })

  .get("/user/:id/avatar", requireBearer, validate("param", avatarParams), async (c) => {
    const { userId } = c.get("auth");
    assertOwnUser(userId, c.req.valid("param").id);
    const user = await c.get("db").query.users.findFirst({ where: eq(users.id, userId) });
    const object = user?.avatar_key ? await c.env.FILES.get(user.avatar_key) : null;
    if (!user || !object) throw notFound();
    return new Response(object.body, {
      headers: {
        "content-type":
          user.avatar_type ?? object.httpMetadata?.contentType ?? "application/octet-stream",
        "cache-control": "private, max-age=300",
        "x-content-type-options": "nosniff",
      },
    });
  })

  /** Changing the password ends every other session of the user; this one stays signed in. */
  .put("/user/password", requireBearer, validate("json", passwordChangeSchema), async (c) => {
    const db = c.get("db");
    const { userId, sessionId } = c.get("auth");
    const body = c.req.valid("json");
    if (body.password !== body.password_confirmation)
      throw badRequest("passwords_mismatch", "password_confirmation");
    const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
    if (!user) throw notFound();
    // Counted before the check (429 over the limit), taken back when the password was right.
    const attempt = await reserveCurrentPasswordCheck(c, userId, "old_password");
    if (!(await verifyPassword(body.old_password, user.password_hash)))
      throw badRequest("wrong_credentials", "old_password");
    await refund(db, attempt);
    if (body.password === body.old_password)
      throw badRequest("validation", "password", "validate.passwordSameAsOld");
    // The new password and the end of every reset link sent before it, in one transaction.
    await db.batch([
      db
        .update(users)
        .set({ password_hash: await hashPassword(body.password), password_changed_at: nowIso() })
        .where(eq(users.id, userId)),
      revokeActionTokensStatement(db, userId, "reset"),
    ]);
    await revokeUserSessions(db, userId, "password_change", sessionId);
    await audit(db, { action: "password_change", userId, ip: clientIp(c) });
    return c.body(null, 204);
  })

  // One supply's billing history (the overview): api/overview/routes.ts.
  .route("/", overviewRoutes);
