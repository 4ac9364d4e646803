import { and, eq, inArray, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { customers, meters, users } from "../db/schema";
import { ACTIVE_METER_STATUSES, INTERMEDIATE_METER_STATUSES } from "../../core/meter-status";
import { ApiError, badRequest } from "../lib/errors";
import { hashPassword } from "../lib/password";
import { publicOrigin } from "../lib/public-origin";
import { clientIp } from "../lib/request";
import { DAY } from "../lib/time";
import type { Db } from "../db";
import { issueActionToken } from "../services/action-tokens";
import { audit } from "../services/audit";
import { emails, sendEmail } from "../services/outbox";
import { enforceClientLimit, LIMITS } from "../services/throttle";
import type { ApiEnv, Lang } from "../types";
import { signupSchema } from "../../core/contract";
import { validate } from "../lib/validate";

export const ACTIVATION_TOKEN_SECONDS = 7 * DAY;

async function sendActivation(
  db: Db,
  /** The configured public origin (api/lib/public-origin.ts), never the request's Host. */
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
  await sendEmail(db, { to: user.registration_email, ...mail, link, userId: user.id });
}

/** Maps a lost race on a UNIQUE column to the answer the pre-checks would have given. */
function uniqueViolation(error: unknown): ApiError | null {
  const text = String(
    error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error,
  );
  if (!text.includes("UNIQUE")) return null;
  if (text.includes("registration_email")) return badRequest("email_in_use", "email");
  if (text.includes("registration_phone")) return badRequest("mobile_in_use", "phone");
  return badRequest("already_active");
}

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
    const db = c.get("db");
    const lang = c.get("lang");
    const form = c.req.valid("json");
    // Every well-formed attempt counts: each may email an activation link, and each tells whether
    // a VAT, a supply and a mobile belong together.
    await enforceClientLimit(c, LIMITS.signupIp);
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

    const existing = await db.query.users.findFirst({ where: eq(users.customer_id, customer.id) });
    if (existing) {
      if (!existing.needs_activation) throw badRequest("already_active");
      // Registered but never activated: send a fresh link to the address given at registration.
      await sendActivation(db, publicOrigin(c.env, c.req.url), lang, existing);
      await audit(db, {
        action: "signup",
        userId: existing.id,
        detail: "activation_resent",
        ip: clientIp(c),
      });
      return c.json({ data: { ok: true } }, 201);
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

    const welcomeName = customer.is_legal_person
      ? (form.employee_name ?? customer.name)
      : (customer.name.trim().split(/\s+/)[0] ?? customer.name);
    let created: { id: number; welcome_name: string; registration_email: string } | undefined;
    try {
      [created] = await db
        .insert(users)
        .values({
          customer_id: customer.id,
          username: customer.afm,
          name: customer.name,
          welcome_name: welcomeName,
          lang,
          registration_email: form.email,
          registration_phone: form.phone,
          needs_activation: 1,
          password_hash: await hashPassword(form.password),
          test_role: "user",
        })
        .returning({
          id: users.id,
          welcome_name: users.welcome_name,
          registration_email: users.registration_email,
        });
    } catch (error) {
      throw uniqueViolation(error) ?? error;
    }
    if (!created) throw new ApiError(500, "error");
    await sendActivation(db, publicOrigin(c.env, c.req.url), lang, created);
    await audit(db, { action: "signup", userId: created.id, ip: clientIp(c) });
    return c.json({ data: { ok: true } }, 201);
  },
);
