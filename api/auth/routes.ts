import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { users } from "../db/schema";
import { hashPassword, verifyPasswordOrDummy } from "../lib/password";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { publicLink } from "../lib/public-origin";
import { clientIp, parseBasicAuth } from "../lib/request";
import { HOUR, nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { bearerToken, requireBearer } from "../middleware/auth";
import {
  consumeActionToken,
  inspectActionToken,
  issueActionToken,
} from "../services/action-tokens";
import { audit } from "../services/audit";
import { emails, sendEmail } from "../services/outbox";
import {
  createSession,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
} from "../services/sessions";
import {
  enforceClientLimit,
  hit,
  LIMITS,
  refund,
  reserveLoginAttempt,
  tooManyAttempts,
} from "../services/throttle";
import type { ApiEnv } from "../types";
import {
  activationSchema,
  deactivateSchema,
  logoutSchema,
  passwordSchema as passwordRule,
  resetConfirmSchema,
  resetRequestSchema,
  tokenSchema,
} from "../../core/contract";

export const RESET_TOKEN_SECONDS = 1 * HOUR;
export const REDIRECT_TOKEN_SECONDS = 5 * 60;

/** Mounted at /api/v2/auth. */
export const authRoutes = new Hono<ApiEnv>()
  /**
   * Basic credentials, empty body. Order of checks: the attempt is counted first, per client
   * address and then per VAT, in atomic statements (services/throttle.ts), and refused over either
   * limit; then unknown VAT and password (both stay counted as failures, and both answer 400, the
   * same status); then activation and deactivation (the password was right: the count is taken
   * back, as for a success).
   */
  .post("/login", async (c) => {
    const db = c.get("db");
    const ip = clientIp(c);
    const credentials = parseBasicAuth(c.req.header("authorization"));
    if (!credentials) throw badRequest("validation", "username");
    const { username, password } = credentials;

    const reservation = await reserveLoginAttempt(db, username, ip);
    if (!reservation.ok) {
      await audit(db, {
        action: "login_failure",
        detail: `${reservation.code === "too_many_attempts" ? "throttled_ip" : "throttled"} ${username}`,
        ip,
      });
      throw tooManyAttempts(c, reservation.retryAfter, reservation.code);
    }
    const user = await db.query.users.findFirst({ where: eq(users.username, username) });
    // An unknown VAT costs the same PBKDF2 run as a wrong password (no timing oracle).
    const passwordOk = await verifyPasswordOrDummy(password, user?.password_hash);
    if (!user) {
      await audit(db, { action: "login_failure", detail: `no_user ${username}`, ip });
      throw badRequest("no_user");
    }
    if (!passwordOk) {
      await audit(db, {
        action: "login_failure",
        userId: user.id,
        detail: "wrong_credentials",
        ip,
      });
      throw badRequest("wrong_credentials");
    }
    // The password was right: the attempt is not a failure.
    await refund(db, reservation.hits);
    if (user.needs_activation) throw badRequest("not_active");
    if (user.deactivated_at) throw badRequest("deactivated");

    const tokens = await createSession(db, c.env.JWT_SECRET, user.id);
    await audit(db, { action: "login_success", userId: user.id, ip });
    return c.json({ data: tokens });
  })

  /** Rotation: every refresh token works once; presenting a used one ends the session. */
  .post("/refresh-token", async (c) => {
    const token = bearerToken(c.req.header("authorization"));
    if (!token) throw new ApiError(401, "unauthorized");
    const result = await rotateRefreshToken(c.get("db"), c.env.JWT_SECRET, token);
    if (!result.ok) throw new ApiError(401, "unauthorized", { message: result.reason });
    return c.json({ data: result.tokens });
  })

  .post("/logout", requireBearer, validate("json", logoutSchema), async (c) => {
    const db = c.get("db");
    const { userId, sessionId } = c.get("auth");
    const { user_id } = c.req.valid("json");
    if (user_id !== undefined && user_id !== userId) throw notFound();
    await revokeSession(db, sessionId, "logout");
    await audit(db, { action: "logout", userId, ip: clientIp(c) });
    return c.body(null, 204);
  })

  .post("/deactivate", requireBearer, validate("json", deactivateSchema), async (c) => {
    const db = c.get("db");
    const { userId } = c.get("auth");
    const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
    if (!user || user.username !== c.req.valid("json").username) throw notFound();
    await db.update(users).set({ deactivated_at: nowIso() }).where(eq(users.id, userId));
    await revokeUserSessions(db, userId, "deactivated");
    await audit(db, { action: "deactivate", userId, ip: clientIp(c) });
    return c.body(null, 204);
  })

  .post("/activate", validate("json", activationSchema), async (c) => {
    const db = c.get("db");
    const result = await consumeActionToken(db, c.req.valid("json").id, "activate");
    if (!result.ok) throw badRequest("bad_activation_url");
    await db.update(users).set({ needs_activation: 0 }).where(eq(users.id, result.userId));
    await audit(db, { action: "activation", userId: result.userId, ip: clientIp(c) });
    return c.body(null, 204);
  })

  /**
   * Always 204 for a well-formed VAT, so the answer does not reveal which VATs have accounts: at
   * most 10 requests an hour per client address (429 beyond, whatever the VAT), and at most 3
   * reset emails an hour per user; past those 3 the answer is the same 204 and nothing is sent or
   * revoked (a 429 there would tell that the VAT has an account; the links already sent stay
   * valid). A new link revokes every older one of the user.
   */
  .post("/password-reset", validate("json", resetRequestSchema), async (c) => {
    const db = c.get("db");
    const lang = c.get("lang");
    const ip = clientIp(c);
    await enforceClientLimit(c, LIMITS.resetIp);
    const user = await db.query.users.findFirst({
      where: eq(users.username, c.req.valid("json").afm),
    });
    if (user && !user.needs_activation && !user.deactivated_at) {
      const [perUser] = await hit(db, [{ limit: LIMITS.resetUser, key: String(user.id) }]);
      if (!perUser?.ok) {
        await audit(db, {
          action: "password_reset_request",
          userId: user.id,
          detail: "throttled",
          ip,
        });
        return c.body(null, 204);
      }
      const token = await issueActionToken(db, user.id, "reset", RESET_TOKEN_SECONDS, {
        revokeOlder: true,
      });
      const link = `/reset-password/${token}`;
      const mail = emails.reset[lang]({
        name: user.welcome_name,
        url: publicLink(c.env, c.req.url, link),
      });
      await sendEmail(db, { to: user.registration_email, ...mail, link, userId: user.id });
      await audit(db, { action: "password_reset_request", userId: user.id, ip });
    }
    return c.body(null, 204);
  })

  .post("/password-reset/confirm", validate("json", resetConfirmSchema), async (c) => {
    const db = c.get("db");
    const body = c.req.valid("json");
    const inspected = await inspectActionToken(db, body.token, "reset");
    if (!inspected.ok)
      throw badRequest(inspected.reason === "unknown" ? "invalid_data" : "link_expired");
    const rule = passwordRule.safeParse(body.password);
    if (!rule.success) throw badRequest("invalid_data", "password", rule.error.issues[0]?.message);
    if (body.password !== body.password_confirmation)
      throw badRequest("passwords_mismatch", "password_confirmation");

    // One statement uses this link and revokes every other reset link of the user.
    const consumed = await consumeActionToken(db, body.token, "reset", { allOfUser: true });
    if (!consumed.ok) throw badRequest("link_expired");
    await db
      .update(users)
      .set({ password_hash: await hashPassword(body.password), password_changed_at: nowIso() })
      .where(eq(users.id, consumed.userId));
    await revokeUserSessions(db, consumed.userId, "password_reset");
    await audit(db, { action: "password_reset", userId: consumed.userId, ip: clientIp(c) });
    return c.body(null, 204);
  })

  /** A single-use, 5-minute token that signs the same user in elsewhere (/redirect-login/{token}). */
  .post("/redirect-token", requireBearer, async (c) => {
    const token = await issueActionToken(
      c.get("db"),
      c.get("auth").userId,
      "redirect-login",
      REDIRECT_TOKEN_SECONDS,
    );
    return c.json({ data: { token } });
  })

  .post("/redirect-login", validate("json", tokenSchema), async (c) => {
    const db = c.get("db");
    const result = await consumeActionToken(db, c.req.valid("json").token, "redirect-login");
    if (!result.ok) throw badRequest("bad_token");
    const user = await db.query.users.findFirst({ where: eq(users.id, result.userId) });
    if (!user || user.needs_activation || user.deactivated_at) throw badRequest("bad_token");
    const tokens = await createSession(db, c.env.JWT_SECRET, user.id);
    await audit(db, { action: "redirect_login", userId: user.id, ip: clientIp(c) });
    return c.json({ data: tokens });
  });
