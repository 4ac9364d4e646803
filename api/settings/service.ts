import { and, eq, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { z } from "zod";
import type { ActivityDetail } from "../../core/activity";
import type { settingsPayloadSchema } from "../../core/contract";
import { IMAGE_CONTENT_TYPE, IMAGE_EXTENSION, type AvatarCheck } from "../../core/image";
import { randomToken } from "../../core/tokens";
import type { Db } from "../db";
import { meters, users } from "../db/schema";
import { can } from "../../core/permissions";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { verifyPassword } from "../lib/password";
import { revokeActionTokensStatement } from "../services/action-tokens";
import { auditPerSupplyStatement, auditStatement } from "../services/audit";
import {
  REMOVED_METER_STATUS,
  findUserWithCustomer,
  personMeter,
  personOf,
} from "../services/customers";
import { refund, type Hit, type ReserveCheck } from "../services/throttle";
import { SETTINGS_ERRORS, type SettingsMessage } from "./messages";
import { changesChannels, uniqueViolation } from "./rules";

type SettingsPayload = z.infer<typeof settingsPayloadSchema>;

/** The activity log's detail of a settings save: each field that changed, old → new. */
function ownSettingsChanges(
  user: typeof users.$inferSelect,
  body: SettingsPayload,
): ActivityDetail | null {
  const pairs: Record<string, [string | null, string | null]> = {
    email: [user.registration_email.toLowerCase(), body.email],
    phone: [user.registration_phone ?? null, body.phone],
    notify_email: [onOff(user.indication_email), onOff(body.indication_email)],
    notify_sms: [onOff(user.indication_sms), onOff(body.indication_sms)],
    language: [user.lang, body.lang],
    skin: [String(user.nrg_skin), String(body.nrg_skin)],
  };
  const changed = Object.entries(pairs).filter(([, [before, after]]) => before !== after);
  return changed.length === 0 ? null : Object.fromEntries(changed);
}

const onOff = (value: number | boolean | null | undefined) => (value ? "on" : "off");

/** A supply's e-bill and SMS settings, old → new, or null when nothing changes. */
function supplyChannelChanges(
  meter:
    | Pick<typeof meters.$inferSelect, "ebill" | "ebill_email" | "sms_bill" | "sms_number">
    | undefined,
  next: { e: string | null; p: string | null },
): ActivityDetail | null {
  if (!meter) return null;
  const pairs: Record<string, [string | null, string | null]> = {
    ebill: [meter.ebill ? (meter.ebill_email ?? "on") : "off", next.e ?? "off"],
    sms: [meter.sms_bill ? (meter.sms_number ?? "on") : "off", next.p ?? "off"],
  };
  const changed = Object.entries(pairs).filter(([, [before, after]]) => before !== after);
  return changed.length === 0 ? null : Object.fromEntries(changed);
}

/**
 * The whole settings dialog in one D1 batch (one transaction): the meters' e-bill and SMS
 * settings, the main supply and the user's row. Any failure leaves every old value. null when
 * saved; the refusal when the email or phone is another account's. 404 for another customer's
 * user, VAT or meter.
 */
export async function saveSettings(
  db: Db,
  who: { userId: number; ip: string },
  body: SettingsPayload,
  reserveCheck: ReserveCheck,
  /** Counts a possible "already used" answer before the save (#35), refunded once saved. */
  reserveInUse: () => Promise<Hit[]> = async () => [],
): Promise<SettingsMessage | null> {
  const { userId } = who;
  const found = await findUserWithCustomer(db, userId);
  if (!found || found.user.username !== body.afm) throw notFound();
  const { user, customer } = found;
  const person = await personOf(db, userId);
  // The per-supply channels are the supply's (manage_supply); the main supply is the account's.
  const managesSupplies = can(person.role, "manage_supply");
  const isMaster = person.role === "master";

  const own = await db.select().from(meters).where(personMeter(person));
  const byId = new Map(own.map((m) => [m.id, m]));
  if (!byId.has(body.meter_id)) throw notFound();
  for (const entry of body.ebill_settings) {
    const meter = byId.get(entry.meter_id);
    if (!meter) throw notFound();
    if (!changesChannels(entry, meter)) continue;
    if (!managesSupplies) throw new ApiError(403, "not_permitted");
    if (!meter.ebill_enable_edit) {
      throw badRequest("validation", "ebill_settings", SETTINGS_ERRORS.ebillNotEditable);
    }
  }

  const emailChanged = body.email !== user.registration_email.toLowerCase();
  const contactChanged = emailChanged || body.phone !== (user.registration_phone ?? null);
  if (contactChanged) {
    if (!body.password) throw badRequest("validation", "password", "validate.require");
    // Counted before the check (429 over the limit), taken back when the password was right.
    const attempt = await reserveCheck();
    if (!(await verifyPassword(body.password, user.password_hash))) {
      throw badRequest("wrong_credentials", "password", SETTINGS_ERRORS.wrongPassword);
    }
    await refund(db, attempt);
  }
  const inUse = contactChanged ? await reserveInUse() : [];

  // The e-bill and SMS settings of every listed supply in ONE statement with one JSON
  // parameter (api/db/ids.ts: D1 binds at most 100 parameters, a business has up to 1,000
  // supplies). A supply listed twice takes its last entry, as the dialog's last field wins.
  // Turning a bill channel off keeps the address on file for the next time (COALESCE).
  const entries = new Map<number, { m: number; e: string | null; p: string | null }>();
  for (const entry of body.ebill_settings) {
    if (!managesSupplies || !byId.get(entry.meter_id)?.ebill_enable_edit) continue;
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
        .where(and(sql`${meters.id} = s.m`, personMeter(person), eq(meters.ebill_enable_edit, 1))),
    );
  }
  // The account's main supply is the master's choice; another person's dialog leaves it.
  if (isMaster)
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
    );
  statements.push(
    // Last: a unique email/phone violation here rolls back the meter updates above too.
    db
      .update(users)
      .set({
        nrg_skin: body.nrg_skin,
        lang: body.lang,
        registration_email: body.email,
        // A new email signs in once a link sent to it is followed (#35 §5, migrations/0022).
        ...(emailChanged ? { email_verified: 0 } : {}),
        registration_phone: body.phone,
        indication_email: body.indication_email,
        indication_sms: body.indication_sms,
        first_login_settings_open: 0,
      })
      .where(eq(users.id, userId)),
    // A reset link sent to the old address must not prove the new one (confirmPasswordReset).
    ...(emailChanged ? [revokeActionTokensStatement(db, userId, "reset")] : []),
    auditStatement(db, {
      action: "settings_update",
      userId,
      detail: ownSettingsChanges(user, body),
      ip: who.ip,
    }),
  );
  // One entry per supply whose e-bill or SMS settings change (old → new), in one statement.
  const supplyChanges = [...entries.values()].flatMap((entry) => {
    const detail = supplyChannelChanges(byId.get(entry.m), entry);
    return detail ? [{ meterId: entry.m, detail }] : [];
  });
  const perSupply = auditPerSupplyStatement(
    db,
    { action: "supply_settings_change", userId, ip: who.ip },
    supplyChanges,
  );
  if (perSupply) statements.push(perSupply);
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    const message = uniqueViolation(error);
    if (message) return message;
    throw error;
  }
  await refund(db, inUse);
  return null;
}

/**
 * Stores a checked picture (metadata removed) under a random R2 key and makes it the user's; the
 * old picture is deleted. The new avatar as the dialog shows it.
 */
export async function saveAvatar(
  db: Db,
  files: R2Bucket,
  who: { userId: number; ip: string },
  image: Extract<AvatarCheck, { ok: true }>,
) {
  const { userId } = who;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw notFound();
  const ext = IMAGE_EXTENSION[image.kind];
  const key = `avatars/${userId}/${randomToken(24)}.${ext}`;
  const contentType = IMAGE_CONTENT_TYPE[image.kind];
  await files.put(key, image.bytes, { httpMetadata: { contentType } });
  // The stored name is ours, not the uploader's: it also versions the picture's URL.
  const name = `avatar-${randomToken(6)}.${ext}`;
  try {
    await db.batch([
      db
        .update(users)
        .set({ avatar_key: key, avatar_name: name, avatar_type: contentType })
        .where(eq(users.id, userId)),
      auditStatement(db, { action: "avatar_update", userId, ip: who.ip }),
    ]);
  } catch (error) {
    await files.delete(key);
    throw error;
  }
  if (user.avatar_key && user.avatar_key !== key) await files.delete(user.avatar_key);
  return { img_name: name, img: `/api/user/${userId}/avatar` };
}

/** The portal clears the first-login flag once it opened the dialog (or sets it again). */
export async function setFirstLoginOpen(db: Db, userId: number, open: number) {
  await db.update(users).set({ first_login_settings_open: open }).where(eq(users.id, userId));
}
