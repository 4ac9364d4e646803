import { and, eq, isNull } from "drizzle-orm";
import { canChooseTrustedPerson } from "../../core/permissions";
import type { Db } from "../db";
import { trustedCopies, users } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { nowIso } from "../lib/time";
import { personOf } from "../services/customers";

/**
 * The trusted person of an account (#38 §4): the one person the master chose to receive copies of
 * the overdue, disconnection-warning and planned-interruption notices (core/hardship.ts
 * TRUSTED_COPY_NOTICES; the notices: api/notify/events.ts). One row per account
 * (trusted_copies, migration 0034); a removed person's row goes with them (service.ts).
 */

/** The account's trusted person, if one is chosen and not removed. */
export async function trustedPersonOf(db: Db, customerId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      welcomeName: users.welcome_name,
      email: users.registration_email,
      phone: users.registration_phone,
      lang: users.lang,
      active: users.needs_activation,
    })
    .from(trustedCopies)
    .innerJoin(users, eq(users.id, trustedCopies.user_id))
    .where(
      and(
        eq(trustedCopies.customer_id, customerId),
        eq(users.customer_id, customerId),
        isNull(users.removed_at),
      ),
    )
    .limit(1);
  return row ? { ...row, active: row.active === 0 } : null;
}

/** The statement that ends a person's copies (removal, decline, the master role handed to them). */
export const clearTrustedStatement = (db: Db, userId: number) =>
  db.delete(trustedCopies).where(eq(trustedCopies.user_id, userId));

async function checkedTarget(db: Db, callerId: number, personId: number) {
  const scope = await personOf(db, callerId);
  const target = await db.query.users.findFirst({
    where: and(
      eq(users.id, personId),
      eq(users.customer_id, scope.customerId),
      isNull(users.removed_at),
    ),
  });
  if (!target) throw notFound();
  const actor = { id: callerId, role: scope.role };
  if (
    !canChooseTrustedPerson(
      { ...actor, supplies: "all" },
      { id: target.id, role: target.test_role },
    )
  )
    throw new ApiError(403, "not_permitted");
  return { customerId: scope.customerId, target };
}

/** PUT …/people/{personId}/trusted: this person receives the copies (instead of anyone before). */
export async function chooseTrustedPerson(db: Db, callerId: number, personId: number) {
  const { customerId } = await checkedTarget(db, callerId, personId);
  await db
    .insert(trustedCopies)
    .values({
      customer_id: customerId,
      user_id: personId,
      chosen_by: callerId,
      created_at: nowIso(),
    })
    .onConflictDoUpdate({
      target: trustedCopies.customer_id,
      set: { user_id: personId, chosen_by: callerId, created_at: nowIso() },
    });
}

/** DELETE …/people/{personId}/trusted: the copies stop (if this person had them). */
export async function clearTrustedPerson(db: Db, callerId: number, personId: number) {
  const { customerId } = await checkedTarget(db, callerId, personId);
  await db
    .delete(trustedCopies)
    .where(and(eq(trustedCopies.customer_id, customerId), eq(trustedCopies.user_id, personId)));
}

/** DELETE /users/{id}/trusted-copies: the person chosen declines; nobody else's copies change. */
export async function declineTrustedCopies(db: Db, userId: number) {
  await clearTrustedStatement(db, userId);
}
