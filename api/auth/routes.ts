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
import { isThrottled, recordFailure } from "../services/throttle";
import type { ApiEnv } from "../types";
import {
  activationSchema,
  deactivateSchema,
  logoutSchema,
  password as passwordRule,
  resetConfirmSchema,
  resetRequestSchema,
  tokenSchema,
} from "./schemas";

export const RESET_TOKEN_SECONDS = 1 * HOUR;
export const REDIRECT_TOKEN_SECONDS = 5 * 60;

/** Mounted at /api/v2/auth. */
export const authRoutes = new Hono<ApiEnv>()
  /**
   * Basic credentials, empty body. Order of checks: throttle, unknown VAT, password (both counted
   * as failures), then activation and deactivation (not counted: the password was right).
   */
  .post("/login", async (c) => {
    const db = c.get("db");
    const ip = clientIp(c);
    const credentials = parseBasicAuth(c.req.header("authorization"));
    if (!credentials) throw badRequest("validation", "username");
    const { username, password } = credentials;

    if (await isThrottled(db, username, ip)) {
      await audit(db, { action: "login_failure", detail: `throttled ${username}`, ip });
      throw new ApiError(429, "daily_attempts_exceeded");
    }
    const user = await db.query.users.findFirst({ where: eq(users.username, username) });
    // An unknown VAT costs the same PBKDF2 run as a wrong password (no timing oracle).
    const passwordOk = await verifyPasswordOrDummy(password, user?.password_hash);
    if (!user) {
      await recordFailure(db, username, ip);
      await audit(db, { action: "login_failure", detail: `no_user ${username}`, ip });
      throw badRequest("no_user");
    }
    if (!passwordOk) {
      await recordFailure(db, username, ip);
      await audit(db, {
        action: "login_failure",
        userId: user.id,
        detail: "wrong_credentials",
        ip,
      });
      throw badRequest("wrong_credentials");
    }
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

  /** Always 204, so the answer does not reveal which VATs have accounts. */
  .post("/password-reset", validate("json", resetRequestSchema), async (c) => {
    const db = c.get("db");
    const lang = c.get("lang");
    const user = await db.query.users.findFirst({
      where: eq(users.username, c.req.valid("json").afm),
    });
    if (user && !user.needs_activation && !user.deactivated_at) {
      const token = await issueActionToken(db, user.id, "reset", RESET_TOKEN_SECONDS);
      const link = `/reset-password/${token}`;
      const mail = emails.reset[lang]({
        name: user.welcome_name,
        url: publicLink(c.env, c.req.url, link),
      });
      await sendEmail(db, { to: user.registration_email, ...mail, link, userId: user.id });
      await audit(db, { action: "password_reset_request", userId: user.id, ip: clientIp(c) });
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

    const consumed = await consumeActionToken(db, body.token, "reset");
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
