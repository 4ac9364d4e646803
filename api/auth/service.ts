import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  ApiRedirectLoginPreview,
  ApiTokens,
  resetConfirmSchema,
  signupSchema,
} from "../../core/contract";
import { passwordSchema as passwordRule } from "../../core/contract";
import { normaliseLoginName } from "../../core/validation";
import { ACTIVE_METER_STATUSES, INTERMEDIATE_METER_STATUSES } from "../../core/meter-status";
import type { Db } from "../db";
import { customers, meters, users } from "../db/schema";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { hashPassword, verifyPasswordOrDummy } from "../lib/password";
import { DAY, HOUR, nowIso } from "../lib/time";
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
import { hit, LIMITS, refund, reserveLoginAttempt } from "../services/throttle";
import type { Lang } from "../types";
import { signupUniqueViolation, welcomeNameOf } from "./rules";

export const RESET_TOKEN_SECONDS = 1 * HOUR;
export const REDIRECT_TOKEN_SECONDS = 5 * 60;
export const ACTIVATION_TOKEN_SECONDS = 7 * DAY;

/** Who asks, as the audit log records it. */
interface Caller {
  ip: string;
}

/** Turns a path of the portal into the link an email carries (the configured public origin). */
type LinkTo = (path: string) => string;

/**
 * The people a login name may be (#35 §5): a VAT is the holder's username; an email is an invited
 * person's username or the settings' email of any person (a household's too) once it is proven
 * (email_verified, migrations/0022) and activated. A removed person is nobody. Several people
 * only when an address is on more than one account.
 */
async function loginCandidates(db: Db, username: string) {
  const byEmail = username.includes("@");
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        isNull(users.removed_at),
        byEmail
          ? or(
              eq(users.username, username),
              and(
                sql`lower(${users.registration_email}) = ${username}`,
                eq(users.email_verified, 1),
                eq(users.needs_activation, 0),
              ),
            )
          : eq(users.username, username),
      ),
    )
    .limit(5);
  return { byEmail, rows };
}

/**
 * Basic credentials. Order of checks: the attempt is counted first, per client address and then
 * per VAT, in atomic statements (services/throttle.ts), and refused over either limit (the
 * refusal is returned: the route answers 429 with Retry-After); then unknown VAT and password
 * (both stay counted as failures, and both answer 400, the same status); then activation and
 * deactivation (the password was right: the count is taken back, as for a success).
 */
export async function signIn(
  db: Db,
  jwtSecret: string,
  credentials: { username: string; password: string },
  { ip }: Caller,
): Promise<
  | { ok: true; tokens: ApiTokens }
  | { ok: false; retryAfter: number; code: "too_many_attempts" | "daily_attempts_exceeded" }
> {
  // A VAT, or an invited person's email: the row's username is that email in lower case (#18).
  const username = normaliseLoginName(credentials.username);
  const { password } = credentials;
  const reservation = await reserveLoginAttempt(db, username, ip);
  if (!reservation.ok) {
    await audit(db, {
      action: "login_failure",
      detail: `${reservation.code === "too_many_attempts" ? "throttled_ip" : "throttled"} ${username}`,
      ip,
    });
    return reservation;
  }
  // A person removed from the account answers exactly as an unknown name (same cost).
  const { byEmail, rows } = await loginCandidates(db, username);
  if (rows.length > 1) {
    // One address on several accounts: it never signs in. Only the right password (for one of
    // them) hears why; any other answer is the wrong password's.
    let anyOk = false;
    for (const row of rows)
      anyOk = (await verifyPasswordOrDummy(password, row.password_hash)) || anyOk;
    await audit(db, { action: "login_failure", detail: `email_several_accounts ${username}`, ip });
    throw anyOk
      ? badRequest("email_several_accounts", "username")
      : badRequest("wrong_credentials");
  }
  const user = rows[0];
  // An unknown VAT costs the same PBKDF2 run as a wrong password (no timing oracle).
  const passwordOk = await verifyPasswordOrDummy(password, user?.password_hash);
  if (!user) {
    await audit(db, { action: "login_failure", detail: `no_user ${username}`, ip });
    // An unknown, unproven or removed email answers as a wrong password: nothing tells whether
    // an address is a customer's. A VAT may say so (sign-up tells it anyway) and point to it.
    throw badRequest(byEmail ? "wrong_credentials" : "no_user");
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

  const tokens = await createSession(db, jwtSecret, user.id);
  await db.update(users).set({ last_login_at: nowIso() }).where(eq(users.id, user.id));
  await audit(db, { action: "login_success", userId: user.id, ip });
  return { ok: true, tokens };
}

/** Rotation: every refresh token works once; presenting a used one ends the session. */
export async function refreshTokens(db: Db, jwtSecret: string, token: string | null) {
  if (!token) throw new ApiError(401, "unauthorized");
  const result = await rotateRefreshToken(db, jwtSecret, token);
  if (!result.ok) throw new ApiError(401, "unauthorized", { message: result.reason });
  return result.tokens;
}

export async function signOut(
  db: Db,
  who: { userId: number; sessionId: string } & Caller,
  bodyUserId: number | undefined,
) {
  if (bodyUserId !== undefined && bodyUserId !== who.userId) throw notFound();
  await revokeSession(db, who.sessionId, "logout");
  await audit(db, { action: "logout", userId: who.userId, ip: who.ip });
}

/** Ends the account's use: the VAT typed again must be the user's own (404 otherwise). */
export async function deactivate(db: Db, who: { userId: number } & Caller, username: string) {
  const { userId } = who;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || user.removed_at || user.username !== username) throw notFound();
  // Closing the account is its master's (#18): it ends the use of every person of the account.
  if (user.test_role !== "master") throw new ApiError(403, "not_permitted");
  const people = await db
    .update(users)
    .set({ deactivated_at: nowIso() })
    .where(and(eq(users.customer_id, user.customer_id), isNull(users.deactivated_at)))
    .returning({ id: users.id });
  for (const person of people) await revokeUserSessions(db, person.id, "deactivated");
  await audit(db, { action: "deactivate", userId, ip: who.ip });
}

export async function activate(db: Db, token: string, { ip }: Caller) {
  const result = await consumeActionToken(db, token, "activate");
  if (!result.ok) throw badRequest("bad_activation_url");
  // The link went to the registration email: following it proves that address (#35 §5).
  await db
    .update(users)
    .set({ needs_activation: 0, email_verified: 1 })
    .where(eq(users.id, result.userId));
  await audit(db, { action: "activation", userId: result.userId, ip });
}

/**
 * A reset link for the account of a VAT or an invited person's email, when it is activated, not
 * deactivated and the person not removed, at most 3 an hour per user; past those 3 nothing is
 * sent or revoked (the links already sent stay valid). A new link revokes every older one of the
 * user. The route answers the same in every case.
 */
export async function requestPasswordReset(
  db: Db,
  afm: string,
  { ip, lang, linkTo }: Caller & { lang: Lang; linkTo: LinkTo },
) {
  // `afm` is a VAT or an email, normalised by the schema (resetRequestSchema). An email: the
  // username of an invited person or the settings' email, proven or not, since the link goes to
  // that address and following it proves it (confirmPasswordReset). Never for a shared address.
  const candidates = afm.includes("@")
    ? await db
        .select()
        .from(users)
        .where(
          and(
            isNull(users.removed_at),
            or(eq(users.username, afm), sql`lower(${users.registration_email}) = ${afm}`),
          ),
        )
        .limit(2)
    : await db.select().from(users).where(eq(users.username, afm)).limit(1);
  const user = candidates.length === 1 ? candidates[0] : undefined;
  if (!user || user.removed_at || user.needs_activation || user.deactivated_at) return;
  // Past the 3 an hour, the same 204 with nothing sent: a 429 would tell that the VAT has an account.
  const [perUser] = await hit(db, [{ limit: LIMITS.resetUser, key: String(user.id) }]);
  if (!perUser?.ok) {
    await audit(db, {
      action: "password_reset_request",
      userId: user.id,
      detail: "throttled",
      ip,
    });
    return;
  }
  const token = await issueActionToken(db, user.id, "reset", RESET_TOKEN_SECONDS, {
    revokeOlder: true,
  });
  const link = `/reset-password/${token}`;
  const mail = emails.reset[lang]({ name: user.welcome_name, url: linkTo(link) });
  // Never inline: whether it could be sent would tell whether the account exists.
  await sendEmail(db, {
    to: user.registration_email,
    ...mail,
    template: "reset",
    lang,
    link,
    userId: user.id,
  });
  await audit(db, { action: "password_reset_request", userId: user.id, ip });
}

/** A new password from a reset link: the link is used, every session of the user ends. */
export async function confirmPasswordReset(
  db: Db,
  body: z.infer<typeof resetConfirmSchema>,
  { ip }: Caller,
) {
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
    // The link went to the settings' email: following it proves that address (#35 §5). A
    // settings change of the email revokes the reset links sent before (api/settings/service.ts).
    .set({
      password_hash: await hashPassword(body.password),
      password_changed_at: nowIso(),
      email_verified: 1,
    })
    .where(eq(users.id, consumed.userId));
  await revokeUserSessions(db, consumed.userId, "password_reset");
  await audit(db, { action: "password_reset", userId: consumed.userId, ip });
}

/** A single-use, 5-minute token that signs the same user in elsewhere (/redirect-login/{token}). */
export function issueRedirectToken(db: Db, userId: number) {
  return issueActionToken(db, userId, "redirect-login", REDIRECT_TOKEN_SECONDS);
}

/** The user a redirect-login token names, if that user may still sign in; else 400 bad_token. */
async function redirectUser(db: Db, userId: number) {
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || user.needs_activation || user.deactivated_at || user.removed_at)
    throw badRequest("bad_token");
  return user;
}

/** Spends a redirect-login token and opens a session for its user. */
export async function redirectSignIn(db: Db, jwtSecret: string, token: string, { ip }: Caller) {
  const result = await consumeActionToken(db, token, "redirect-login");
  if (!result.ok) throw badRequest("bad_token");
  const user = await redirectUser(db, result.userId);
  const tokens = await createSession(db, jwtSecret, user.id);
  await audit(db, { action: "redirect_login", userId: user.id, ip });
  return tokens;
}

/** Whom a redirect-login token would sign in, WITHOUT using it (answers as the sign-in would). */
export async function previewRedirect(db: Db, token: string): Promise<ApiRedirectLoginPreview> {
  const inspected = await inspectActionToken(db, token, "redirect-login");
  if (!inspected.ok) throw badRequest("bad_token");
  const user = await redirectUser(db, inspected.userId);
  return { user_id: user.id, name: user.welcome_name };
}

async function sendActivation(
  db: Db,
  /** The configured public origin (core/public-origin.ts), never the request's Host. */
  origin: string,
  lang: Lang,
  user: { id: number; welcome_name: string; registration_email: string },
) {
  const token = await issueActionToken(db, user.id, "activate", ACTIVATION_TOKEN_SECONDS);
  const link = `/activate/${token}`;
  const mail = emails.activation[lang]({
    name: user.welcome_name,
    url: new URL(link, origin).href,
  });
  // Sign-up says so when the activation email cannot go out (refused address, sending off).
  const sent = await sendEmail(db, {
    to: user.registration_email,
    ...mail,
    template: "activation",
    lang,
    link,
    userId: user.id,
    inline: true,
  });
  if (sent.status === "failed") throw badRequest("activation_not_sent");
}

/**
 * A new account for a customer whose VAT, supply and mobile belong together, not yet active: an
 * activation link is emailed. Registered but never activated: a fresh link to the address given
 * at registration.
 */
export async function signUp(
  db: Db,
  form: z.infer<typeof signupSchema>,
  { ip, lang, origin }: Caller & { lang: Lang; origin: () => string },
) {
  if (form.password !== form.password_confirmation)
    throw badRequest("passwords_mismatch", "password_confirmation");

  const customer = await db.query.customers.findFirst({ where: eq(customers.afm, form.afm) });
  if (!customer) throw badRequest("no_customer");
  const supplyColumn = form.supply_number.length === 9 ? meters.per_code : meters.pod;
  const supply = await db.query.meters.findFirst({
    where: and(
      eq(meters.customer_id, customer.id),
      eq(supplyColumn, form.supply_number),
      inArray(meters.status, [...ACTIVE_METER_STATUSES, ...INTERMEDIATE_METER_STATUSES]),
    ),
  });
  if (!supply || customer.phone !== form.phone) throw badRequest("no_customer");
  if (customer.is_legal_person && !form.employee_name)
    throw badRequest("employee_name_required", "employee_name");

  // The holder's own login (#18: the account's other people sign in with their email).
  const existing = await db.query.users.findFirst({ where: eq(users.username, customer.afm) });
  if (existing) {
    if (!existing.needs_activation) throw badRequest("already_active");
    // Registered but never activated: send a fresh link to the address given at registration.
    await sendActivation(db, origin(), lang, existing);
    await audit(db, { action: "signup", userId: existing.id, detail: "activation_resent", ip });
    return;
  }

  const clash = await db
    .select({ email: users.registration_email, phone: users.registration_phone })
    .from(users)
    .where(
      or(
        sql`lower(${users.registration_email}) = ${form.email}`,
        eq(users.registration_phone, form.phone),
      ),
    )
    .limit(2);
  if (clash.some((u) => u.email.toLowerCase() === form.email))
    throw badRequest("email_in_use", "email");
  if (clash.length > 0) throw badRequest("mobile_in_use", "phone");

  let created: { id: number; welcome_name: string; registration_email: string } | undefined;
  try {
    [created] = await db
      .insert(users)
      .values({
        customer_id: customer.id,
        username: customer.afm,
        name: customer.name,
        welcome_name: welcomeNameOf(customer, form.employee_name),
        lang,
        registration_email: form.email,
        registration_phone: form.phone,
        needs_activation: 1,
        // Proven when the activation link, sent to it, is followed (activate below).
        email_verified: 0,
        password_hash: await hashPassword(form.password),
        test_role: "master",
      })
      .returning({
        id: users.id,
        welcome_name: users.welcome_name,
        registration_email: users.registration_email,
      });
  } catch (error) {
    throw signupUniqueViolation(error) ?? error;
  }
  if (!created) throw new ApiError(500, "error");
  await sendActivation(db, origin(), lang, created);
  await audit(db, { action: "signup", userId: created.id, ip });
}
