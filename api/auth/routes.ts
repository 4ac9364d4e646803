import { Hono } from "hono";
import {
  activationSchema,
  apiOkSchema,
  apiRedirectLoginPreviewSchema,
  apiTokenSchema,
  apiTokensSchema,
  deactivateSchema,
  logoutSchema,
  resetConfirmSchema,
  resetRequestSchema,
  signupSchema,
  tokenSchema,
} from "../../core/contract";
import { badRequest } from "../lib/errors";
import { publicLink, publicOrigin } from "../../core/public-origin";
import { clientIp, parseBasicAuth } from "../lib/request";
import { validate } from "../lib/validate";
import { bearerToken, requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { enforceClientLimit, LIMITS, tooManyAttempts } from "../services/throttle";
import type { ApiEnv } from "../types";
import {
  activate,
  confirmPasswordReset,
  deactivate,
  issueRedirectToken,
  previewRedirect,
  redirectSignIn,
  refreshTokens,
  requestPasswordReset,
  signIn,
  signOut,
  signUp,
} from "./service";
import { data, documented, empty } from "../lib/openapi";

const doc = documented("Sign-in");

/** Mounted at /api/v2/auth. */
export const authRoutes = new Hono<ApiEnv>()
  /**
   * Basic credentials, empty body. Order of checks: the attempt is counted first, per client
   * address and then per VAT, in atomic statements (services/throttle.ts), and refused over either
   * limit; then unknown VAT and password (both stay counted as failures, and both answer 400, the
   * same status); then activation and deactivation (the password was right: the count is taken
   * back, as for a success).
   */
  .post(
    "/login",
    doc({
      summary: "Sign in",
      description:
        "Basic credentials (VAT or email : password), empty body. Answers the access and refresh tokens.",
      ok: data(apiTokensSchema),
      errors: {
        400: [
          "validation",
          "wrong_credentials",
          "no_user",
          "email_several_accounts",
          "not_active",
          "deactivated",
        ],
        429: ["too_many_attempts", "daily_attempts_exceeded"],
      },
    }),
    async (c) => {
      const credentials = parseBasicAuth(c.req.header("authorization"));
      if (!credentials) throw badRequest("validation", "username");
      const result = await signIn(c.get("db"), c.env.JWT_SECRET, credentials, { ip: clientIp(c) });
      if (!result.ok) throw tooManyAttempts(c, result.retryAfter, result.code);
      return c.json({ data: result.tokens });
    },
  )

  /** Rotation: every refresh token works once; presenting a used one ends the session. */
  .post(
    "/refresh-token",
    doc({
      summary: "New tokens for a refresh token",
      description: "The refresh token as the bearer. Each works once; a used one ends the session.",
      ok: data(apiTokensSchema),
      errors: { 401: ["unauthorized"], 403: ["forbidden"] },
    }),
    async (c) => {
      const token = bearerToken(c.req.header("authorization"));
      const data = await refreshTokens(c.get("db"), c.env.JWT_SECRET, token);
      return c.json({ data });
    },
  )

  .post(
    "/logout",
    doc({ summary: "Sign out (ends the session)", ok: empty() }),
    requireBearer,
    permit("own_profile"),
    validate("json", logoutSchema),
    async (c) => {
      const who = { ...c.get("auth"), ip: clientIp(c) };
      await signOut(c.get("db"), who, c.req.valid("json").user_id);
      return c.body(null, 204);
    },
  )

  .post(
    "/deactivate",
    doc({ summary: "Deactivate the account", ok: empty() }),
    requireBearer,
    permit("own_profile"),
    validate("json", deactivateSchema),
    async (c) => {
      const who = { userId: c.get("auth").userId, ip: clientIp(c) };
      await deactivate(c.get("db"), who, c.req.valid("json").username);
      return c.body(null, 204);
    },
  )

  .post(
    "/activate",
    doc({
      summary: "Activate an account (the emailed link's id)",
      ok: empty(),
      errors: { 400: ["bad_activation_url", "already_active"] },
    }),
    validate("json", activationSchema),
    async (c) => {
      await activate(c.get("db"), c.req.valid("json").id, { ip: clientIp(c) });
      return c.body(null, 204);
    },
  )

  /**
   * Always 204 for a well-formed VAT, so the answer does not reveal which VATs have accounts: at
   * most 10 requests an hour per client address (429 beyond, whatever the VAT), and at most 3
   * reset emails an hour per user; past those 3 the answer is the same 204 and nothing is sent or
   * revoked (a 429 there would tell that the VAT has an account; the links already sent stay
   * valid). A new link revokes every older one of the user.
   */
  .post(
    "/password-reset",
    doc({
      summary: "Email a password-reset link",
      description: "Always 204 for a well-formed VAT, whether it has an account or not.",
      ok: empty(),
      errors: { 429: ["too_many_attempts"] },
    }),
    validate("json", resetRequestSchema),
    async (c) => {
      const caller = {
        ip: clientIp(c),
        lang: c.get("lang"),
        linkTo: (path: string) => publicLink(c.env, c.req.url, path),
      };
      await enforceClientLimit(c, LIMITS.resetIp);
      await requestPasswordReset(c.get("db"), c.req.valid("json").afm, caller);
      return c.body(null, 204);
    },
  )

  .post(
    "/password-reset/confirm",
    doc({
      summary: "Set a new password with a reset link's token",
      ok: empty(),
      errors: { 400: ["invalid_data", "link_expired"] },
    }),
    validate("json", resetConfirmSchema),
    async (c) => {
      await confirmPasswordReset(c.get("db"), c.req.valid("json"), { ip: clientIp(c) });
      return c.body(null, 204);
    },
  )

  /** A single-use, 5-minute token that signs the same user in elsewhere (/redirect-login/{token}). */
  .post(
    "/redirect-token",
    doc({
      summary: "A single-use token that signs the same person in elsewhere",
      ok: data(apiTokenSchema),
    }),
    requireBearer,
    permit("read"),
    async (c) => {
      const token = await issueRedirectToken(c.get("db"), c.get("auth").userId);
      return c.json({ data: { token } });
    },
  )

  .post(
    "/redirect-login",
    doc({
      summary: "Sign in with a redirect token",
      ok: data(apiTokensSchema),
      errors: { 400: ["bad_token"] },
    }),
    validate("json", tokenSchema),
    async (c) => {
      const token = c.req.valid("json").token;
      const data = await redirectSignIn(c.get("db"), c.env.JWT_SECRET, token, { ip: clientIp(c) });
      return c.json({ data });
    },
  );

/**
 * Mounted at /api/v2/auth/redirect-login. `POST /preview` says whom a redirect-login token would
 * sign in, WITHOUT using it: the portal's GET /redirect-login/{token} shows "Continue as {name}"
 * and only its POST spends the token (POST /api/v2/auth/redirect-login). Whoever holds the token
 * can sign in as that person anyway, so the first name is no secret from them; an unknown, used,
 * expired or no longer usable token answers exactly as the sign-in would (400 bad_token).
 * A POST with the token in the body rather than a GET with it in the path, so that it stays
 * out of URLs and logs.
 */
export const redirectLoginRoutes = new Hono<ApiEnv>().post(
  "/preview",
  doc({
    summary: "Whom a redirect token would sign in, without using it",
    ok: data(apiRedirectLoginPreviewSchema),
    errors: { 400: ["bad_token"] },
  }),
  validate("json", tokenSchema),
  async (c) => c.json({ data: await previewRedirect(c.get("db"), c.req.valid("json").token) }),
);

/** Mounted at /api/signup. */
export const signupRoutes = new Hono<ApiEnv>().post(
  "/",
  doc({
    summary: "Sign up: email an activation link",
    ok: data(apiOkSchema, 201, "Created: an activation link is on its way"),
    errors: {
      400: [
        "captcha",
        "no_customer",
        "already_active",
        "email_in_use",
        "mobile_in_use",
        "passwords_mismatch",
        "employee_name_required",
        "activation_not_sent",
        "user_validation",
      ],
      429: ["too_many_attempts"],
    },
  }),
  validate("json", signupSchema, {
    // The honeypot is checked first: a bot that fills every field gets `captcha`, not a hint.
    first: (input) => {
      const raw = input as { website?: unknown } | undefined;
      if (typeof raw?.website === "string" && raw.website !== "") throw badRequest("captcha");
    },
  }),
  async (c) => {
    // Every well-formed attempt counts: each may email an activation link, and each tells whether
    // a VAT, a supply and a mobile belong together.
    await enforceClientLimit(c, LIMITS.signupIp);
    const caller = {
      ip: clientIp(c),
      lang: c.get("lang"),
      origin: () => publicOrigin(c.env, c.req.url),
    };
    await signUp(c.get("db"), c.req.valid("json"), caller);
    return c.json({ data: { ok: true } }, 201);
  },
);
