import { Hono } from "hono";
import {
  activationSchema,
  deactivateSchema,
  logoutSchema,
  resetConfirmSchema,
  resetRequestSchema,
  signupSchema,
  tokenSchema,
} from "../../core/contract";
import { badRequest } from "../lib/errors";
import { publicLink, publicOrigin } from "../lib/public-origin";
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
    const credentials = parseBasicAuth(c.req.header("authorization"));
    if (!credentials) throw badRequest("validation", "username");
    const result = await signIn(c.get("db"), c.env.JWT_SECRET, credentials, { ip: clientIp(c) });
    if (!result.ok) throw tooManyAttempts(c, result.retryAfter, result.code);
    return c.json({ data: result.tokens });
  })

  /** Rotation: every refresh token works once; presenting a used one ends the session. */
  .post("/refresh-token", async (c) => {
    const token = bearerToken(c.req.header("authorization"));
    const data = await refreshTokens(c.get("db"), c.env.JWT_SECRET, token);
    return c.json({ data });
  })

  .post(
    "/logout",
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
    requireBearer,
    permit("own_profile"),
    validate("json", deactivateSchema),
    async (c) => {
      const who = { userId: c.get("auth").userId, ip: clientIp(c) };
      await deactivate(c.get("db"), who, c.req.valid("json").username);
      return c.body(null, 204);
    },
  )

  .post("/activate", validate("json", activationSchema), async (c) => {
    await activate(c.get("db"), c.req.valid("json").id, { ip: clientIp(c) });
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
    const caller = {
      ip: clientIp(c),
      lang: c.get("lang"),
      linkTo: (path: string) => publicLink(c.env, c.req.url, path),
    };
    await enforceClientLimit(c, LIMITS.resetIp);
    await requestPasswordReset(c.get("db"), c.req.valid("json").afm, caller);
    return c.body(null, 204);
  })

  .post("/password-reset/confirm", validate("json", resetConfirmSchema), async (c) => {
    await confirmPasswordReset(c.get("db"), c.req.valid("json"), { ip: clientIp(c) });
    return c.body(null, 204);
  })

  /** A single-use, 5-minute token that signs the same user in elsewhere (/redirect-login/{token}). */
  .post("/redirect-token", requireBearer, permit("read"), async (c) => {
    const token = await issueRedirectToken(c.get("db"), c.get("auth").userId);
    return c.json({ data: { token } });
  })

  .post("/redirect-login", validate("json", tokenSchema), async (c) => {
    const token = c.req.valid("json").token;
    const data = await redirectSignIn(c.get("db"), c.env.JWT_SECRET, token, { ip: clientIp(c) });
    return c.json({ data });
  });

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
  validate("json", tokenSchema),
  async (c) => c.json({ data: await previewRedirect(c.get("db"), c.req.valid("json").token) }),
);

/** Mounted at /api/signup. */
export const signupRoutes = new Hono<ApiEnv>().post(
  "/",
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
